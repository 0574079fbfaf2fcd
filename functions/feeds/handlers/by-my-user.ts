/** GET /api/iam/posts/bymyuser/{cursor}: the caller's own posts, private ones included (cursor = first for page one). */
import type { byMyUser as route } from '../../../shared/contract/feeds';
import { userCounts } from '../counts';
import { listPage } from '../list-page';
import { ownerSource } from '../sources';
import { viewerOf } from '../../lib/session/viewer';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = await viewerOf(session);
  const me = session.userId;
  const page = await listPage([ownerSource({ type: 'user', id: me }, 'post', 'owner')], userCounts(me, viewer), viewer, input.cursor, 'cursor');
  return { posts: page.items, counts: page.counts, cursorId: page.cursorId };
};
