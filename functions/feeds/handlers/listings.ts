/** GET /api/plant/listings/user/{uuid}: a user's available plants the viewer may see. */
import type { listings as route } from '../../../shared/contract/feeds';
import { userCounts } from '../counts';
import { listPage } from '../list-page';
import { plantSource } from '../sources';
import { viewerOf } from '../../lib/session/viewer';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = await viewerOf(session);
  const page = await listPage([plantSource({ type: 'user', id: input.uuid }, 'plantsAvail', viewer)], userCounts(input.uuid, viewer), viewer, input.cursorId);
  return { plants: page.items, counts: page.counts, cursorId: page.cursorId };
};
