/** GET /api/location/places?q=: places by name from the bundled gazetteer (functions/location/gazetteer.ts). */
import type { places as route } from '../../../shared/contract/pages';
import type { Place } from '../../../shared/answers/pages';
import type { Main } from '../../lib/route-types';
import { PLACES_ATTRIBUTION, searchPlaces, type Place as GazetteerPlace } from '../../location/gazetteer';

export function placeView(p: GazetteerPlace): Place {
  return { id: p.id, name: p.name, admin1: p.admin1, country: p.country, countryName: p.countryName, label: p.label, latitude: p.lat, longitude: p.lng, timeZone: p.timeZone };
}

export const main: Main<typeof route> = async ({ input }) => {
  const near = input.lat !== undefined && input.long !== undefined ? { lat: input.lat, lng: input.long } : undefined;
  const found = await searchPlaces(input.q, { limit: 10, ...(near ? { near } : {}) });
  return { places: found.map(placeView), attribution: PLACES_ATTRIBUTION };
};
