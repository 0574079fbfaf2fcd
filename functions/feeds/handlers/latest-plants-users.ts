/** GET /api/plants/get-latest/plants-users: the latest plants the viewer may see, each with its owner's card. */
import type { latestPlantsUsers as route } from '../../../shared/contract/feeds';
import { listPage } from '../list-page';
import { contentSources } from '../sources';
import { ZERO } from '../../posts/counters';
import { audienceOf } from '../../posts/visibility';
import { viewerOf } from '../../lib/session/viewer';

const LATEST_PLANTS = 8;
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = await viewerOf(session);
  const audience = audienceOf(viewer);
  const page = await listPage(contentSources('plantsAll', audience), Promise.resolve(ZERO), viewer, input.cursorId, 'cursorId', LATEST_PLANTS);
  return { plants: page.items, cursorId: page.cursorId };
};
