/** PUT /api/iam/events/update: an event's details, capacity, place or series end. */
import type { updateEvent as route } from '../../shared/contract/events';
import { hitRateLimit } from '../lib/rate-limit';
import type { Main } from '../lib/route-types';
import { viewerOf } from '../posts/viewer';
import { clearPromoteMarker, PROMOTE_BATCH, promoteEvent } from './attend';
import { assertMayEdit, fullView, liveEvent } from './events';
import { zoneAt } from './new-event';
import { extendOne } from './series';
import { capacityGrew, changeEvent } from './write';

export const main: Main<typeof route> = async ({ input, session }) => {
  const before = await liveEvent(input.eventId, 'eventId', true);
  await assertMayEdit(session, before);
  await hitRateLimit('EVENT_EDIT_USER', session.userId);
  const after = await changeEvent(before, input, { zoneAt });
  // More room: waiting members move up on every upcoming date, a batch here and the rest by the
  // job (the change wrote its marker when the capacity grew).
  if (capacityGrew(before, after) && (await promoteEvent(after, { left: PROMOTE_BATCH }))) await clearPromoteMarker(after.id, after.updatedAt);
  if (after.rrule && after.seriesUntil !== before.seriesUntil) await extendOne(after);
  return { event: await fullView(after, viewerOf(session), { consistent: true }) };
};
