/** POST /api/iam/swaps/{id}/review: a side's review of a received swap, shown once both have written or the window closes. */
import type { swapReview as route } from '../../../shared/contract/swaps';
import { reply } from '../../lib/http';
import type { Main } from '../../lib/route-types';
import { reviewSwap } from '../reviews';

export const main: Main<typeof route> = async ({ input, session }) => reply({ review: await reviewSwap(session, input) }, { status: 201 });
