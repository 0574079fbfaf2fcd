/** GET /api/iam/events/get-event-locations/event/{eventId}/{randomId}: the event's location and its dates' own. */
import type { eventLocations as route } from '../../../shared/contract/events';
import { badRequest } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { viewerOf } from '../../lib/session/viewer';
import { datesOf, visibleEvent } from '../events';
import { locationsById, locationViewOf } from '../locations';

export const main: Main<typeof route> = async ({ input, session }) => {
  const ref = input.eventId !== 'null' ? input.eventId : input.randomId !== 'null' ? input.randomId : null;
  if (!ref) throw badRequest('eventId or randomId must name the event', 'eventId');
  const event = await visibleEvent(ref, await viewerOf(session), input.eventId !== 'null' ? 'eventId' : 'randomId');
  const own = (await datesOf(event.id)).filter((d) => d.ownPlace && d.locationId).map((d) => d.locationId!);
  return { locations: (await locationsById([event.locationId, ...own])).map(locationViewOf) };
};
