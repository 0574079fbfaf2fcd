/** GET /api/iam/plants/init-recent/{x}: the first page of recent plants for members. */
import type { recentPlantsMembers as route } from '../../../shared/contract/feeds';
import { globalCounts } from '../counts';
import { listPage } from '../list-page';
import { contentSources } from '../sources';
import { audienceOf } from '../../posts/visibility';
import { viewerOf } from '../../lib/session/viewer';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = await viewerOf(session);
  const page = await listPage(contentSources(input.x, audienceOf(viewer)), globalCounts(audienceOf(viewer)), viewer, undefined);
  return { plants: page.items, counts: page.counts, cursorId: page.cursorId };
};
