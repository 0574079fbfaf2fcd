/** PUT /api/iam/swaps/{id}/status: a side's move (accept, decline, cancel, hand over, confirm received). */
import type { swapStatus as route } from '../../../shared/contract/swaps';
import type { Main } from '../../lib/route-types';
import { moveSwap, swapViewOf } from '../swaps';

export const main: Main<typeof route> = async ({ input, session }) => ({ swap: swapViewOf(await moveSwap(session, input)) });
