/** GET /api/location/places-near: the towns and suburbs around a position, to name on a map drawn without tiles. */
import type { placesNear as route } from '../../../shared/contract/pages';
import { reply } from '../../lib/http';
import type { Main } from '../../lib/route-types';
import { PLACES_ATTRIBUTION, placesNear } from '../../location/gazetteer';

/**
 * The same for everyone and changed only by a release of the gazetteer: browsers keep it a day, so
 * a map panned back and forth asks once per area.
 */
export const PLACES_NEAR_CACHE = 'public, max-age=86400';

export const main: Main<typeof route> = async ({ input }) => {
  const found = await placesNear(input.lat, input.long, input.radiusKm);
  return reply(
    {
      places: found.map((p) => ({ name: p.name, latitude: p.lat, longitude: p.lng, population: p.population })),
      attribution: PLACES_ATTRIBUTION,
    },
    { headers: { 'cache-control': PLACES_NEAR_CACHE } },
  );
};
