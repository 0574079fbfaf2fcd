/** A member's report of what they see (POST /api/iam/reports/new): every card's menu may file one. */
import type { ReportReason, ReportTargetType } from '@shared/schemas/reports';
import { api } from './api';

export const fileReport = (input: { target: { type: ReportTargetType; id: string }; reason: ReportReason; text: string }) => api.call('POST /api/iam/reports/new', input);

/** The admin overview's query (its counts hold the open reports): an action on a report reads it again. */
export const adminOverviewQueryKey = ['admin', 'overview'] as const;
