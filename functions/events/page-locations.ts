/** GET /api/iam/events/get-event-locations/page/{id}: the locations a page's events use, most used first. */
import type { pageLocations as route } from '../../shared/contract/events';
import { pagePk } from '../db/entities/page';
import type { Main } from '../lib/route-types';
import { livePage } from '../pages/pages';
import { locationsById, locationViewOf, ownerLocationIds } from './locations';

export const main: Main<typeof route> = async ({ input }) => {
  await livePage(input.id, 'id');
  return { locations: (await locationsById(await ownerLocationIds(pagePk(input.id)))).map(locationViewOf) };
};
