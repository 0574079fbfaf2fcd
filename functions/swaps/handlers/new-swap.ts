/** POST /api/iam/swaps/new: ask for an available plant listing, with a message and an offer (or a give-away). */
import type { newSwap as route } from '../../../shared/contract/swaps';
import { reply } from '../../lib/http';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { getSwap, requestSwap, swapViewOf } from '../swaps';

export const main: Main<typeof route> = async ({ input, session }) => {
  // Each request sends a message to the listing's owner; a retry of one already made is not another.
  const earlier = input.id ? await getSwap(input.id) : null;
  if (earlier?.requesterId !== session.userId) await hitRateLimit('SWAP_USER', session.userId);
  const { swap, created } = await requestSwap(session, input, earlier);
  return reply({ swap: swapViewOf(swap) }, { status: created ? 201 : 200 });
};
