/** GET /api/iam/posts/for-you: the member's interests' posts and their pages' news, newest first, cursor paged. */
import type { forYou as route } from '../../../shared/contract/feeds';
import { viewerOf } from '../../lib/session/viewer';
import type { Main } from '../../lib/route-types';
import { forYou } from '../interest-feed';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = await viewerOf(session);
  const page = await forYou({ ...viewer, userId: session.userId }, input.cursorId);
  return { contentItems: page.items, cursorId: page.cursorId, tags: page.tags, pages: page.pages };
};
