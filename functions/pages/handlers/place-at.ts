/** GET /api/location/place-at: the populated place nearest a position (naming the browser's geolocation). */
import type { placeAt as route } from '../../../shared/contract/pages';
import type { Main } from '../../lib/route-types';
import { nearestPlace } from '../../location/gazetteer';
import { placeView } from './places';

export const main: Main<typeof route> = async ({ input }) => {
  const place = await nearestPlace(input.lat, input.long);
  return { place: place ? placeView(place) : null };
};
