/** GET /api/iam/swaps/mine/{role}: the swaps I asked for (asked) or the requests on my listings (offered; ?pageId: a page's, for its staff), newest first. */
import type { mySwaps as route } from '../../../shared/contract/swaps';
import type { Main } from '../../lib/route-types';
import { mySwaps } from '../swaps';

export const main: Main<typeof route> = async ({ input, session }) => {
  const page = await mySwaps(session, input.role, input.cursorId, input.pageId);
  return { swaps: page.items, cursorId: page.cursorId };
};
