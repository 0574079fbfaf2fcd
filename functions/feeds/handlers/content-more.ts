/** GET /api/content-items/more/{arg}: the next page of content items after the cursor arg. */
import type { contentMore as route } from '../../../shared/contract/feeds';
import { globalCounts } from '../counts';
import { listPage } from '../list-page';
import { contentSources } from '../sources';
import { audienceOf } from '../../posts/visibility';
import { viewerOf } from '../../lib/session/viewer';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = await viewerOf(session);
  const audience = audienceOf(viewer);
  const page = await listPage(contentSources(input.filter ?? 'all', audience), globalCounts(audience), viewer, input.arg, 'arg');
  return { contentItems: page.items, counts: page.counts, cursorId: page.cursorId };
};
