/** GET /api/iam/plants/init-recent/{x}: the first page of recent plants for members. */
import type { plantsRecentParams } from '../../shared/schemas/content';
import { contentSources, globalCounts, listPage } from './feeds';
import { audienceOf, viewerOf } from './views';
import type { Main } from '../lib/route-types';

export const main: Main<typeof plantsRecentParams> = async ({ input, session }) => {
  const viewer = viewerOf(session);
  const page = await listPage(contentSources(input.x, audienceOf(viewer)), globalCounts(audienceOf(viewer)), viewer, undefined);
  return { plants: page.items, counts: page.counts, cursorId: page.cursorId };
};
