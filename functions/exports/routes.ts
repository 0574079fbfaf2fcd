/** The data export routes: each contract entry with its handler and grants. */
import * as exportsContract from '../../shared/contract/data-export';
import type { RouteDef } from '../lib/route-types';

export const exportsRoutes = [
  { ...exportsContract.newExport, handler: 'exports/handlers/new-export', grants: ['table:read', 'table:write', 'export:start'] },
  { ...exportsContract.latestExport, handler: 'exports/handlers/latest-export', grants: ['table:read', 'private:read'] },
] as const satisfies readonly RouteDef[];
