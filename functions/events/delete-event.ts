/** DELETE /api/iam/events: the event's stored image first, then the event; attendees of upcoming dates are told. */
import type { deleteEvent as route } from '../../shared/contract/events';
import { forbidden } from '../lib/errors';
import { deleteImage } from '../lib/images';
import type { Main } from '../lib/route-types';
import { assertMayEdit, liveEvent } from './events';
import { deleteEvent } from './write';

export const main: Main<typeof route> = async ({ input, session }) => {
  if (input.userId !== undefined && input.userId !== session.userId) throw forbidden('userId must be your own');
  const event = await liveEvent(input.eventId, 'eventId', true);
  await assertMayEdit(session, event);
  if (event.cover) await deleteImage(event.cover);
  await deleteEvent(event, session.userId);
  return { deleted: true as const };
};
