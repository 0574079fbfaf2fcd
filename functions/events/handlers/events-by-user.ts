/** GET /api/iam/events/get-by-user/{id}: the dates of a member's own events, upcoming first (or past). */
import type { eventsByUser as route } from '../../../shared/contract/events';
import type { Main } from '../../lib/route-types';
import { viewerOf } from '../../lib/session/viewer';
import { ownerDates } from '../lists';

export const main: Main<typeof route> = async ({ input, session }) => {
  const { items, cursorId } = await ownerDates({ type: 'user', id: input.id }, input.when ?? 'upcoming', await viewerOf(session), input.cursorId);
  return { dates: items, cursorId };
};
