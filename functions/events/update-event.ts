/** PUT /api/iam/events/update: an event's details, capacity, place or series end. */
import type { updateEvent as route } from '../../shared/contract/events';
import { hitRateLimit } from '../lib/rate-limit';
import type { Main } from '../lib/route-types';
import { viewerOf } from '../posts/viewer';
import { promoteWaiting } from './attend';
import { assertMayEdit, datesOf, fullView, liveEvent } from './events';
import { zoneAt } from './new-event';
import { extendOne } from './series';
import { changeEvent } from './write';

export const main: Main<typeof route> = async ({ input, session }) => {
  const before = await liveEvent(input.eventId, 'eventId', true);
  await assertMayEdit(session, before);
  await hitRateLimit('EVENT_EDIT_USER', session.userId);
  const after = await changeEvent(before, input, { zoneAt });
  // More room: waiting members move up on every upcoming date.
  const grew = after.capacity === undefined ? before.capacity !== undefined : before.capacity !== undefined && after.capacity > before.capacity;
  if (grew) {
    const now = new Date().toISOString();
    for (const d of (await datesOf(after.id, true)).filter((x) => x.endsAt >= now && x.waiting > 0)) await promoteWaiting(after, d.dateKey);
  }
  if (after.rrule && after.seriesUntil !== before.seriesUntil) await extendOne(after);
  return { event: await fullView(after, viewerOf(session), { consistent: true }) };
};
