/** GET /api/events/more/{arg}: everyone's upcoming dates, soonest first, cursor paged. */
import type { moreEvents as route } from '../../../shared/contract/events';
import type { Main } from '../../lib/route-types';
import { viewerOf } from '../../lib/session/viewer';
import { upcomingDates } from '../lists';

export const main: Main<typeof route> = async ({ input, session }) => {
  const { items, cursorId } = await upcomingDates(await viewerOf(session), input.cursorId);
  return { dates: items, cursorId };
};
