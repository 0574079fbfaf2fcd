/** GET /api/events/all/nearby: every upcoming date near a point, soonest first (the month view). */
import type { allNearbyEvents as route } from '../../../shared/contract/events';
import type { Main } from '../../lib/route-types';
import { viewerOf } from '../../lib/session/viewer';
import { allDatesNear } from '../lists';
import { DEFAULT_RADIUS_KM } from './nearby-events';

const MAX_DATES = 100;

export const main: Main<typeof route> = async ({ input, session }) => {
  const { dates, radiusKm } = await allDatesNear({ latitude: input.lat, longitude: input.long }, input.radiusKm ?? DEFAULT_RADIUS_KM, await viewerOf(session), MAX_DATES);
  return { dates, radius_km: radiusKm };
};
