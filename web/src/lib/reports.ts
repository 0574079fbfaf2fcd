/** A member's report of what they see (POST /api/iam/reports/new): every card's menu may file one. */
import type { ReportReason, ReportTargetType } from '@shared/schemas/reports';
import { api } from './api';

export const fileReport = (input: { target: { type: ReportTargetType; id: string }; reason: ReportReason; text: string }) => api.call('POST /api/iam/reports/new', input);
