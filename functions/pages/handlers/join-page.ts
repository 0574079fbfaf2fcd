/** POST /api/iam/pages/join: join an open page, ask to join a moderated one, or accept an invitation. */
import type { joinPage as route } from '../../../shared/contract/pages';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { joinPage } from '../members';

export const main: Main<typeof route> = async ({ input, session }) => {
  await hitRateLimit('PAGE_JOIN_USER', session.userId);
  return joinPage(session, input.pageId);
};
