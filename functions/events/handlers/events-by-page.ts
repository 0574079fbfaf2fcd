/** GET /api/iam/events/get-by-page/{a}/{b}: a page's dates, upcoming soonest first or past latest first. */
import type { eventsByPage as route } from '../../../shared/contract/events';
import type { Main } from '../../lib/route-types';
import { shownPage } from '../../pages/pages';
import { viewerOf } from '../../lib/session/viewer';
import { ownerDates } from '../lists';

export const main: Main<typeof route> = async ({ input, session }) => {
  await shownPage(input.a, session, 'a');
  const { items, cursorId } = await ownerDates({ type: 'page', id: input.a }, input.b, await viewerOf(session), input.cursorId);
  return { dates: items, cursorId };
};
