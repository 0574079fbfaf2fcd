/**
 * Members near a point (U5), through the one geo search (functions/lib/geo-search.ts). Others only
 * ever see a rounded distance from the centre of a member's ~1 km cell, never their coordinates.
 */
import type { NearbyUser } from '../../shared/answers/users';
import { coarsen, type GeoIndexPrecision } from '../../shared/geohash';
import type { GeoPoint } from '../../shared/site';
import type { UserItem } from '../db/entities/user';
import { db } from '../db/service';
import { nearest, readGeoCell } from '../lib/geo-search';
import { toPublicUser } from './users';

export const NEARBY_MAX_RESULTS = 100;

/** One Query of one cell of the members' geo index (U5). */
const usersInCell = (precision: GeoIndexPrecision, cell: string) => readGeoCell<UserItem>(db().entities.user.query, precision, cell);

export async function usersNear(point: GeoPoint, wantedKm: number, excludeId: string): Promise<{ users: NearbyUser[]; radiusKm: number }> {
  const { found, radiusKm } = await nearest<UserItem>(
    {
      readCell: usersInCell,
      idOf: (item) => item.uuid,
      // From the centre of the member's ~1 km cell: no search can narrow their home down further.
      positionOf: (item) =>
        item.uuid === excludeId || item.suspended || item.latitude === undefined || item.longitude === undefined
          ? null
          : coarsen({ latitude: item.latitude, longitude: item.longitude }),
    },
    point,
    wantedKm,
    Number.POSITIVE_INFINITY,
  );
  const users: NearbyUser[] = [];
  for (const { item, km } of found) {
    const user = toPublicUser(item);
    if (user) users.push({ ...user, distance_km: Math.round(km), cell: coarsen({ latitude: item.latitude!, longitude: item.longitude! }) });
    if (users.length === NEARBY_MAX_RESULTS) break;
  }
  return { users, radiusKm };
}
