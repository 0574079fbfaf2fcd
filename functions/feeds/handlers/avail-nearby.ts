/** PUT /api/plants/avail-nearby: available plants near a point (of a kind of availability, with some words), nearest first, distances rounded to 1 km. */
import type { availNearby as route } from '../../../shared/contract/feeds';
import { NEARBY_PLANTS_MAX, NEARBY_PLANTS_RADIUS_KM, plantsNear } from '../nearby-plants';
import { viewerOf } from '../../lib/session/viewer';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  const { plants, radiusKm } = await plantsNear({ latitude: input.latitude, longitude: input.longitude }, input.radiusKm ?? NEARBY_PLANTS_RADIUS_KM, await viewerOf(session), NEARBY_PLANTS_MAX, {
    availability: input.availability,
    q: input.q,
  });
  return { plants, radius_km: radiusKm };
};
