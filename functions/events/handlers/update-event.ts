/** PUT /api/iam/events/update: an event's details, capacity, place or series end. */
import type { updateEvent as route } from '../../../shared/contract/events';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { viewerOf } from '../../lib/session/viewer';
import { clearPromoteMarker, PROMOTE_BATCH, promoteEvent } from '../attend';
import { coverOps } from '../event-images';
import { assertMayEdit, fullView, getEvent, liveEvent } from '../events';
import { zoneAt } from '../locations';
import { extendOne } from '../series';
import { capacityGrew, changeEvent } from '../changes';
import { dropDatesPastEnd } from '../series-rewrite';

export const main: Main<typeof route> = async ({ input, session }) => {
  const before = await liveEvent(input.eventId, 'eventId', true);
  const guard = await assertMayEdit(session, before);
  await hitRateLimit('EVENT_EDIT_USER', session.userId);
  const after = await changeEvent(before, input, { zoneAt, covers: coverOps, actorId: session.userId, guard });
  // More room: waiting members move up on every upcoming date, a batch here and the rest by the
  // job (the change wrote its marker when the capacity grew).
  if (capacityGrew(before, after) && (await promoteEvent(after, { left: PROMOTE_BATCH }))) await clearPromoteMarker(after.id, after.updatedAt);
  if (after.rrule && after.seriesUntil !== before.seriesUntil) await extendOne(after);
  // An earlier end: the dates past it are cancelled (people attend) or removed (nobody does).
  // (null ends the series after the dates that exist, and keeps them all.)
  const shortened = !!input.seriesUntil && !!after.rrule && !!before.seriesUntil && after.seriesUntil! < before.seriesUntil;
  const shown = shortened && (await dropDatesPastEnd(after, session.userId)) > 0 ? ((await getEvent(after.id, true)) ?? after) : after;
  return { event: await fullView(shown, await viewerOf(session), { consistent: true }) };
};
