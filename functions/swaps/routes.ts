/** The swaps routes: each contract entry with its handler and grants. */
import * as swaps from '../../shared/contract/swaps';
import type { RouteDef } from '../lib/route-types';

export const swapsRoutes = [
  { ...swaps.newSwap, handler: 'swaps/handlers/new-swap', grants: ['table:read', 'table:write'] },
  { ...swaps.swapStatus, handler: 'swaps/handlers/swap-status', grants: ['table:read', 'table:write'] },
  { ...swaps.mySwaps, handler: 'swaps/handlers/my-swaps', grants: ['table:read'] },
  { ...swaps.swapReview, handler: 'swaps/handlers/swap-review', grants: ['table:read', 'table:write'] },
  { ...swaps.swapRecord, handler: 'swaps/handlers/swap-record', grants: ['table:read'] },
] as const satisfies readonly RouteDef[];
