/** GET /api/page/location/nearby-pages: pages near a point, nearest first (at most 9 Queries). */
import type { nearbyPages as route } from '../../../shared/contract/pages';
import type { Main } from '../../lib/route-types';
import { pagesNear } from '../proximity-search';

export const DEFAULT_RADIUS_KM = 20;

export const main: Main<typeof route> = async ({ input, session }) => {
  const { pages, radiusKm } = await pagesNear({ latitude: input.lat, longitude: input.long }, input.radiusKm ?? DEFAULT_RADIUS_KM, input.take ?? 20, session?.userId ?? null);
  return { pages, radius_km: radiusKm };
};
