/** DELETE /api/iam/events: the event's stored image first, then the event; attendees of upcoming dates are told. */
import type { deleteEvent as route } from '../../../shared/contract/events';
import { forbidden } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { assertMayEdit, liveEvent } from '../events';
import { retireCover } from '../retired-covers';
import { deleteEvent } from '../removal';

export const main: Main<typeof route> = async ({ input, session }) => {
  if (input.userId !== undefined && input.userId !== session.userId) throw forbidden('userId must be your own');
  const event = await liveEvent(input.eventId, 'eventId', true);
  const guard = await assertMayEdit(session, event);
  // The cover goes first; its record leads the sweep to anything still PUT through its upload URL.
  if (event.cover) await retireCover(session.userId, event.cover);
  await deleteEvent(event, session.userId, guard);
  return { deleted: true as const };
};
