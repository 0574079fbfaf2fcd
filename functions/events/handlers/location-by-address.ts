/** GET /api/iam/events/get-event-location/address/{p1}/{p2}/{p3}: locations by normalised address. */
import type { locationByAddress as route } from '../../../shared/contract/events';
import type { Main } from '../../lib/route-types';
import { viewerOf } from '../../lib/session/viewer';
import { assertMayLookUpPlaces, locationsByAddress, locationViewOf } from '../locations';

export const main: Main<typeof route> = async ({ input, session }) => {
  assertMayLookUpPlaces(await viewerOf(session));
  return { locations: (await locationsByAddress(input.p1, input.p2, input.p3)).map(locationViewOf) };
};
