/** The admin routes: each contract entry with its handler and grants. */
import * as admin from '../../shared/contract/admin';
import type { RouteDef } from '../lib/route-types';

export const adminRoutes = [
  { ...admin.updateSiteSetting, handler: 'admin/handlers/update-site-setting', grants: ['table:read', 'table:write'] },
  { ...admin.usersWithoutLocation, handler: 'admin/handlers/users-without-location', grants: ['table:read'] },
  { ...admin.recountCounters, handler: 'admin/handlers/recount-counters', grants: ['table:read'] },
  { ...admin.adminOverview, handler: 'admin/handlers/admin-overview', grants: ['table:read'] },
  { ...admin.repairCounter, handler: 'admin/handlers/repair-counter', grants: ['table:read', 'table:write'] },
] as const satisfies readonly RouteDef[];
