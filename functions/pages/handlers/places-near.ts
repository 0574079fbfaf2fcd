/** GET /api/location/places-near: the towns and suburbs around a position, to name on a map drawn without tiles. */
import type { placesNear as route } from '../../../shared/contract/pages';
import type { Main } from '../../lib/route-types';
import { PLACES_ATTRIBUTION, placesNear } from '../../location/gazetteer';

export const main: Main<typeof route> = async ({ input }) => {
  const found = await placesNear(input.lat, input.long, input.radiusKm);
  return {
    places: found.map((p) => ({ name: p.name, latitude: p.lat, longitude: p.lng, population: p.population })),
    attribution: PLACES_ATTRIBUTION,
  };
};
