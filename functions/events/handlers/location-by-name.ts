/** GET /api/iam/events/get-event-location/name-state/{name}/{state}: locations by normalised name and state. */
import type { locationByName as route } from '../../../shared/contract/events';
import type { Main } from '../../lib/route-types';
import { viewerOf } from '../../lib/session/viewer';
import { assertMayLookUpPlaces, locationsByName, locationViewOf } from '../locations';

export const main: Main<typeof route> = async ({ input, session }) => {
  assertMayLookUpPlaces(await viewerOf(session));
  return { locations: (await locationsByName(input.name, input.state)).map(locationViewOf) };
};
