/** POST /api/iam/pages/leave: leave a page, withdraw a request or decline an invitation. */
import type { leavePage as route } from '../../../shared/contract/pages';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { leavePage } from '../members';

export const main: Main<typeof route> = async ({ input, session }) => {
  await hitRateLimit('PAGE_JOIN_USER', session.userId);
  return leavePage(session, input.pageId);
};
