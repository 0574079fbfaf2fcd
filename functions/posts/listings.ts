/** GET /api/plant/listings/user/{uuid}: a user's available plants the viewer may see. */
import type { listingsParams } from '../../shared/schemas/content';
import { listPage, plantSource, userCounts } from './feeds';
import { viewerOf } from './views';
import type { Main } from '../lib/route-types';

export const main: Main<typeof listingsParams> = async ({ input, session }) => {
  const viewer = viewerOf(session);
  const page = await listPage([plantSource(input.uuid, 'plantsAvail', viewer)], userCounts(input.uuid, viewer), viewer, input.cursorId);
  return { plants: page.items, counts: page.counts, cursorId: page.cursorId };
};
