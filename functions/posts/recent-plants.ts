/** GET /api/plants/recent/{arg} and /api/plants/recent/more/{arg}?cursorId: recent plants the viewer may see. */
import type { recentPlants as route } from '../../shared/contract/feeds';
import { contentSources, globalCounts, listPage } from './feeds';
import { audienceOf, viewerOf } from './views';
import type { Main } from '../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = viewerOf(session);
  const audience = audienceOf(viewer);
  const page = await listPage(contentSources(input.arg, audience), globalCounts(audience), viewer, input.cursorId);
  return { plants: page.items, counts: page.counts, cursorId: page.cursorId };
};
