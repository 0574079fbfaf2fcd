/** GET /api/events/nearby: events near a point with their next date, soonest first (then nearest) (at most 9 Queries). */
import type { nearbyEvents as route } from '../../../shared/contract/events';
import type { Main } from '../../lib/route-types';
import { viewerOf } from '../../lib/session/viewer';
import { eventsNear } from '../lists';

export const DEFAULT_RADIUS_KM = 20;

export const main: Main<typeof route> = async ({ input, session }) => {
  const { events, radiusKm } = await eventsNear({ latitude: input.lat, longitude: input.long }, input.radiusKm ?? DEFAULT_RADIUS_KM, await viewerOf(session), input.take ?? 10);
  return { events, radius_km: radiusKm };
};
