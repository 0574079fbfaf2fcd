/** GET /api/plants/by-user/{user}: the first page of a user's plants (filter plantsAll | plantsAvail). */
import type { plantsByHandle as route } from '../../../shared/contract/feeds';
import { ownerCounts } from '../counts';
import { listPage } from '../list-page';
import { ownerByHandle } from '../owners';
import { plantSource } from '../sources';
import { viewerOf } from '../../lib/session/viewer';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = await viewerOf(session);
  const owner = await ownerByHandle(input.user, 'user');
  const page = await listPage([plantSource(owner, input.filter ?? 'plantsAll', viewer)], ownerCounts(owner, viewer), viewer, input.cursorId);
  return { plants: page.items, counts: page.counts, cursorId: page.cursorId, owner };
};
