/** GET /api/iam/posts/more-recent/{cursor}: the next page of recent posts for members. */
import type { moreRecentPosts as route } from '../../../shared/contract/feeds';
import { globalCounts } from '../counts';
import { listPage } from '../list-page';
import { recentSource } from '../sources';
import { audienceOf } from '../../posts/visibility';
import { viewerOf } from '../../lib/session/viewer';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = await viewerOf(session);
  const page = await listPage([recentSource('post', audienceOf(viewer))], globalCounts(audienceOf(viewer)), viewer, input.cursor, 'cursor');
  return { posts: page.items, counts: page.counts, cursorId: page.cursorId };
};
