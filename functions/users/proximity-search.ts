/**
 * Members near a point (U5): the geo index whose cells are at least the radius wide, the centre
 * cell and its neighbours queried in parallel (≤ 9 Queries), then true distances. Others only
 * ever see a rounded distance, never a member's coordinates.
 */
import type { NearbyUser, PublicUser } from '../../shared/answers/users';
import { cellSizeKm, coarsen, coveringCells, distanceKm, precisionForRadius, type GeoIndexPrecision } from '../../shared/geohash';
import type { GeoPoint } from '../../shared/site';
import type { UserItem } from '../db/entities/user';
import { db } from '../db/service';
import { toPublicUser } from './users';

export const NEARBY_MAX_RESULTS = 100;

/** The precision to query and the radius it can serve (the coarsest cells cap very large radii near the poles). */
export function searchPlan(point: GeoPoint, radiusKm: number): { precision: GeoIndexPrecision; radiusKm: number } {
  const precision = precisionForRadius(radiusKm, point.latitude);
  if (precision !== null) return { precision, radiusKm };
  const { heightKm, widthKm } = cellSizeKm(3, point.latitude);
  return { precision: 3, radiusKm: Math.min(radiusKm, heightKm, widthKm) };
}

/** One Query of one cell of the geo index at this precision. */
async function usersInCell(precision: GeoIndexPrecision, cell: string): Promise<UserItem[]> {
  const users = db().entities.user.query;
  const query = precision === 5 ? users.nearby5({ geoCell5: cell }) : precision === 4 ? users.nearby4({ geoCell4: cell }) : users.nearby3({ geoCell3: cell });
  const { data } = await query.go();
  return data;
}

export async function usersNear(point: GeoPoint, wantedKm: number, excludeId: string): Promise<{ users: NearbyUser[]; radiusKm: number }> {
  const { precision, radiusKm } = searchPlan(point, wantedKm);
  const cells = await Promise.all(coveringCells(point, precision).map((cell) => usersInCell(precision, cell)));
  const found: { user: PublicUser; km: number }[] = [];
  for (const item of cells.flat()) {
    if (item.uuid === excludeId || item.suspended || item.latitude === undefined || item.longitude === undefined) continue;
    // From the centre of the member's ~1 km cell: no search can narrow their home down further.
    const km = distanceKm(point, coarsen({ latitude: item.latitude, longitude: item.longitude }));
    const user = km <= radiusKm ? toPublicUser(item) : null;
    if (user) found.push({ user, km });
  }
  found.sort((a, b) => a.km - b.km);
  return {
    users: found.slice(0, NEARBY_MAX_RESULTS).map(({ user, km }) => ({ ...user, distance_km: Math.round(km) })),
    radiusKm,
  };
}
