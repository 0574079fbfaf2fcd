/** GET /api/iam/plants/more-recent/{filter}/{cursor}: the next page of recent plants for members. */
import type { moreRecentPlantsMembers as route } from '../../../shared/contract/feeds';
import { globalCounts } from '../counts';
import { listPage } from '../list-page';
import { contentSources } from '../sources';
import { audienceOf } from '../../posts/visibility';
import { viewerOf } from '../../lib/session/viewer';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = await viewerOf(session);
  const page = await listPage(contentSources(input.filter, audienceOf(viewer)), globalCounts(audienceOf(viewer)), viewer, input.cursor, 'cursor');
  return { plants: page.items, counts: page.counts, cursorId: page.cursorId };
};
