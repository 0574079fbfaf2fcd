/**
 * POST /api/iam/notifications/new-event-notif: kept for compatibility. An attendance's
 * notification is written with the attendance itself, so this only confirms that the caller has a
 * status on the date (404 otherwise) and writes nothing: calling it any number of times yields no
 * new notification. `notified` is false when the caller is the event's creator (no one is told).
 */
import type { newEventNotif as route } from '../../../shared/contract/events';
import { notFound } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { attendanceOf, getEvent, parseSpecificId } from '../events';

export const main: Main<typeof route> = async ({ input, session }) => {
  const { eventId, dateKey } = parseSpecificId(input.specificId);
  const [event, mine] = await Promise.all([getEvent(eventId), attendanceOf(eventId, dateKey, session.userId)]);
  if (!event || event.deletedAt || !mine) throw notFound('You have no status on this date', 'specificId');
  return { notified: event.createdBy !== session.userId };
};
