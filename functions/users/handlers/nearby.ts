/** PUT /api/users/nearby: members within a radius (the caller's nearby setting, else 25 km), nearest first, distances rounded to 1 km. */
import type { nearby as route } from '../../../shared/contract/users';
import type { Main } from '../../lib/route-types';
import { usersNear } from '../proximity-search';
import { readSettings } from '../settings-store';

export const main: Main<typeof route> = async ({ input, session }) => {
  const wanted = input.radiusKm ?? (await readSettings(session.userId)).nearby_radius_km;
  const { users, radiusKm } = await usersNear({ latitude: input.latitude, longitude: input.longitude }, wanted, session.userId);
  return { users, radius_km: radiusKm };
};
