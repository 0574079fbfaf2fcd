/** GET /api/iam/posts/bymyuser/{cursor}: the caller's own posts, private ones included (cursor = first for page one). */
import type { cursorParams } from '../../shared/schemas/content';
import { listPage, ownerSource, userCounts } from './feeds';
import { viewerOf } from './views';
import type { Main } from '../lib/route-types';

export const main: Main<typeof cursorParams> = async ({ input, session }) => {
  const viewer = viewerOf(session);
  const me = session!.userId;
  const page = await listPage([ownerSource(me, 'post', 'owner')], userCounts(me, viewer), viewer, input.cursor, 'cursor');
  return { posts: page.items, counts: page.counts, cursorId: page.cursorId };
};
