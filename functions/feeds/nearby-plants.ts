/**
 * Available plants near a point (P8), through the one geo search (functions/lib/geo-search.ts).
 * The index holds public and members-only listings; a guest's answer drops the members-only
 * ones (the one place a read filters, as every nearby search over-reads by nature).
 */
import type { NearbyPlant } from '../../shared/answers/feeds';
import type { GeoIndexPrecision } from '../../shared/geohash';
import type { GeoPoint } from '../../shared/site';
import type { PostItem } from '../db/entities/post';
import { db } from '../db/service';
import { nearest, readGeoCell } from '../lib/geo-search';
import { hydrate } from '../posts/post-views';
import { canSee } from '../posts/visibility';
import { type Viewer } from '../lib/session/viewer';
import { blockedBy } from '../users/blocks';

export const NEARBY_PLANTS_RADIUS_KM = 25;
export const NEARBY_PLANTS_MAX = 100;
const plantsInCell = (precision: GeoIndexPrecision, cell: string) => readGeoCell<PostItem>(db().entities.post.query, precision, cell);

export async function plantsNear(point: GeoPoint, wantedKm: number, viewer: Viewer, max = NEARBY_PLANTS_MAX): Promise<{ plants: NearbyPlant[]; radiusKm: number }> {
  // Listings of members the viewer blocks are not found at all, so the nearest `max` are others'.
  const hidden = viewer.userId ? await blockedBy(viewer.userId) : new Set<string>();
  const { found, radiusKm } = await nearest<PostItem>(
    {
      readCell: plantsInCell,
      idOf: (item) => item.id,
      positionOf: (item) => (!canSee(item, viewer) || hidden.has(item.ownerId) || hidden.has(item.authorId) || item.latitude === undefined || item.longitude === undefined ? null : { latitude: item.latitude, longitude: item.longitude }),
    },
    point,
    wantedKm,
    max,
  );
  const views = await hydrate(found.map((f) => f.item), viewer);
  const cellOf = (p: PostItem) => ({ latitude: p.latitude!, longitude: p.longitude! });
  return { plants: views.map((v, i) => ({ ...v, distance_km: Math.round(found[i]!.km), cell: cellOf(found[i]!.item) })), radiusKm };
}
