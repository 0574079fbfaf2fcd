/** GET /api/content-items/more/{arg}: the next page of content items after the cursor arg. */
import type { contentMoreParams } from '../../shared/schemas/content';
import { contentSources, globalCounts, listPage } from './feeds';
import { audienceOf, viewerOf } from './views';
import type { Main } from '../lib/route-types';

export const main: Main<typeof contentMoreParams> = async ({ input, session }) => {
  const viewer = viewerOf(session);
  const audience = audienceOf(viewer);
  const page = await listPage(contentSources(input.filter ?? 'all', audience), globalCounts(audience), viewer, input.arg, 'arg');
  return { contentItems: page.items, counts: page.counts, cursorId: page.cursorId };
};
