/** The reactions routes: each contract entry with its handler and grants. */
import * as reactions from '../../shared/contract/reactions';
import type { RouteDef } from '../lib/route-types';

export const reactionsRoutes = [
  { ...reactions.newReaction, handler: 'reactions/handlers/new-reaction', grants: ['table:read', 'table:write'] },
  { ...reactions.deleteReaction, handler: 'reactions/handlers/delete-reaction', grants: ['table:read', 'table:write'] },
] as const satisfies readonly RouteDef[];
