/** PUT /api/iam/events/update: an event's details, capacity, place or series end. */
import type { updateEvent as route } from '../../shared/contract/events';
import { hitRateLimit } from '../lib/rate-limit';
import type { Main } from '../lib/route-types';
import { viewerOf } from '../posts/viewer';
import { promoteWaiting } from './attend';
import { coverOps } from './event-images';
import { assertMayEdit, datesOf, fullView, getEvent, liveEvent } from './events';
import { zoneAt } from './locations';
import { extendOne } from './series';
import { changeEvent, dropDatesPastEnd } from './write';

export const main: Main<typeof route> = async ({ input, session }) => {
  const before = await liveEvent(input.eventId, 'eventId', true);
  await assertMayEdit(session, before);
  await hitRateLimit('EVENT_EDIT_USER', session.userId);
  const after = await changeEvent(before, input, { zoneAt, covers: coverOps, actorId: session.userId });
  // More room: waiting members move up on every upcoming date.
  const grew = after.capacity === undefined ? before.capacity !== undefined : before.capacity !== undefined && after.capacity > before.capacity;
  if (grew) {
    const now = new Date().toISOString();
    for (const d of (await datesOf(after.id, true)).filter((x) => x.endsAt >= now && x.waiting > 0)) await promoteWaiting(after, d.dateKey);
  }
  if (after.rrule && after.seriesUntil !== before.seriesUntil) await extendOne(after);
  // An earlier end: the dates past it are cancelled (people attend) or removed (nobody does).
  // (null ends the series after the dates that exist, and keeps them all.)
  const shortened = !!input.seriesUntil && !!after.rrule && !!before.seriesUntil && after.seriesUntil! < before.seriesUntil;
  const shown = shortened && (await dropDatesPastEnd(after, session.userId)) > 0 ? ((await getEvent(after.id, true)) ?? after) : after;
  return { event: await fullView(shown, viewerOf(session), { consistent: true }) };
};
