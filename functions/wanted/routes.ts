/** The wanted-list routes: each contract entry with its handler and grants. */
import * as wanted from '../../shared/contract/wanted';
import type { RouteDef } from '../lib/route-types';

export const wantedRoutes = [
  { ...wanted.newWanted, handler: 'wanted/handlers/new-wanted', grants: ['table:read', 'table:write'] },
  { ...wanted.myWanted, handler: 'wanted/handlers/my-wanted', grants: ['table:read'] },
  { ...wanted.deleteWanted, handler: 'wanted/handlers/delete-wanted', grants: ['table:read', 'table:write'] },
] as const satisfies readonly RouteDef[];
