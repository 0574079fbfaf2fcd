/** The reports routes: each contract entry with its handler and grants. */
import * as reports from '../../shared/contract/reports';
import type { RouteDef } from '../lib/route-types';

export const reportsRoutes = [
  { ...reports.newReport, handler: 'reports/handlers/new-report', grants: ['table:read', 'table:write'] },
  { ...reports.listReports, handler: 'reports/handlers/list-reports', grants: ['table:read', 'private:read'] },
  { ...reports.actOnReport, handler: 'reports/handlers/act-on-report', grants: ['table:read', 'table:write', 'private:read', 'private:write'] },
] as const satisfies readonly RouteDef[];
