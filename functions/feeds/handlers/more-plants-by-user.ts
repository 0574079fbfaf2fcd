/** GET /api/iam/moreplantsbyuser/{userId}/{filter}/{take}/{cursor}: the next page of a user's plants. */
import type { morePlantsByUser as route } from '../../../shared/contract/feeds';
import { userCounts } from '../counts';
import { listPage } from '../list-page';
import { plantSource } from '../sources';
import { viewerOf } from '../../lib/session/viewer';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = await viewerOf(session);
  const page = await listPage([plantSource({ type: 'user', id: input.userId }, input.filter, viewer)], userCounts(input.userId, viewer), viewer, input.cursor, 'cursor', input.take);
  return { plants: page.items, counts: page.counts, cursorId: page.cursorId };
};
