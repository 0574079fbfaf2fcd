/** GET /api/iam/posts/init-recent: the first page of recent posts for members. */
import type { noCursorQuery } from '../../shared/schemas/content';
import { globalCounts, listPage, recentSource } from './feeds';
import { audienceOf, viewerOf } from './views';
import type { Main } from '../lib/route-types';

export const main: Main<typeof noCursorQuery> = async ({ input, session }) => {
  const viewer = viewerOf(session);
  const page = await listPage([recentSource('post', audienceOf(viewer))], globalCounts(audienceOf(viewer)), viewer, input.cursorId);
  return { posts: page.items, counts: page.counts, cursorId: page.cursorId };
};
