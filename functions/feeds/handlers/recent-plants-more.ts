/** GET /api/plants/recent/more/{arg}?cursorId: the next page of recent plants the viewer may see. */
import type { recentPlantsMore as route } from '../../../shared/contract/feeds';
import { globalCounts } from '../counts';
import { listPage } from '../list-page';
import { contentSources } from '../sources';
import { audienceOf } from '../../posts/visibility';
import { viewerOf } from '../../lib/session/viewer';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = await viewerOf(session);
  const audience = audienceOf(viewer);
  const page = await listPage(contentSources(input.arg, audience), globalCounts(audience), viewer, input.cursorId);
  return { plants: page.items, counts: page.counts, cursorId: page.cursorId };
};
