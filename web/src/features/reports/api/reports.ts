/** The admins' reports calls (shared/contract/reports.ts): the queue and the actions (a member's report: components/report). */
import type { ReportAction, ReportReason, ReportTargetType } from '@shared/schemas/reports';
import { api } from '@/lib/api';

export type { ReportCaseView } from '@shared/answers/reports';
export type { ReportAction, ReportReason, ReportTargetType };

export const reportsQueryKey = (state: 'open' | 'closed') => ['admin', 'reports', state] as const;

export const listReports = (state: 'open' | 'closed', cursorId: string | undefined, signal?: AbortSignal) =>
  api.call('GET /api/iam/admin/reports/{state}', { state, ...(cursorId ? { cursorId } : {}) }, { signal });

export const actOnReport = (id: string, action: ReportAction, note: string) => api.call('PUT /api/iam/admin/reports/{id}', { id, action, note });
