/** GET /api/iam/morepostsbyuser/{userId}/{take}/{cursor}: the next page of a user's posts. */
import type { morePostsByUser as route } from '../../../shared/contract/feeds';
import { userCounts } from '../counts';
import { listPage } from '../list-page';
import { ownerSource } from '../sources';
import { ownerAudience } from '../../posts/visibility';
import { viewerOf } from '../../lib/session/viewer';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = await viewerOf(session);
  const source = ownerSource({ type: 'user', id: input.userId }, 'post', ownerAudience({ type: 'user', id: input.userId }, viewer));
  const page = await listPage([source], userCounts(input.userId, viewer), viewer, input.cursor, 'cursor', input.take);
  return { posts: page.items, counts: page.counts, cursorId: page.cursorId };
};
