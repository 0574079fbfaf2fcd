/** GET /api/iam/admin/overview (admin): the dashboard's counts, read from the counters kept on write (C1 global, R7). */
import type { adminOverview as route } from '../../../shared/contract/admin';
import { getItem } from '../../db/batch';
import { OPEN_REPORTS_COUNTER } from '../../db/entities/report';
import { GLOBAL_SCOPE, readSiteCounts } from '../../db/items/feed-counter';
import type { Main } from '../../lib/route-types';
import { readCounts } from '../../posts/counters';

export const main: Main<typeof route> = async () => {
  const [feed, open, site] = await Promise.all([readCounts(GLOBAL_SCOPE, 'members'), getItem(OPEN_REPORTS_COUNTER), readSiteCounts()]);
  return { posts: feed.postsAll, plants: feed.plantsAll, openReports: Math.max(0, Number(open?.count ?? 0)), ...site };
};
