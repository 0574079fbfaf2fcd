/** GET /api/iam/events/get-event-locations/page/{id}: the locations a page's events use, most used first (for those not yet members, its public events' only). */
import type { pageLocations as route } from '../../../shared/contract/events';
import type { Main } from '../../lib/route-types';
import { shownPage } from '../../pages/pages';
import { viewerOf } from '../../lib/session/viewer';
import { ownerPlaceIds } from '../lists';
import { locationsById, locationViewOf } from '../locations';

export const main: Main<typeof route> = async ({ input, session }) => {
  await shownPage(input.id, session, 'id');
  return { locations: (await locationsById(await ownerPlaceIds({ type: 'page', id: input.id }, await viewerOf(session)))).map(locationViewOf) };
};
