/**
 * Available plants near a point (P8), through the one geo search (functions/lib/geo-search.ts).
 * The index holds public and members-only listings; a guest's answer drops the members-only
 * ones (the one place a read filters, as every nearby search over-reads by nature).
 *
 * A browse may narrow it to a kind of availability and to words (`q`, matched as search matches:
 * every word starts a word of the plant's names, tags or text). Both are judged on each listing
 * of the cells read, before the nearest `max` are kept: the same Queries, and a filter that drops
 * listings leaves room for the next nearest ones, never a short or farther-first answer.
 */
import type { NearbyPlant } from '../../shared/answers/feeds';
import { availabilityIs, type AvailabilityFilter } from '../../shared/content-rules';
import type { GeoIndexPrecision } from '../../shared/geohash';
import type { GeoPoint } from '../../shared/site';
import type { PostItem } from '../db/entities/post';
import { matchRank, normalise } from '../db/items/search-terms';
import { db } from '../db/service';
import { nearest, readGeoCell } from '../lib/geo-search';
import { hydrate } from '../posts/post-views';
import { canSee } from '../posts/visibility';
import { type Viewer } from '../lib/session/viewer';
import { blockedBy } from '../users/blocks';

export const NEARBY_PLANTS_RADIUS_KM = 25;
export const NEARBY_PLANTS_MAX = 100;
const plantsInCell = (precision: GeoIndexPrecision, cell: string) => readGeoCell<PostItem>(db().entities.post.query, precision, cell);

/** What a browse narrows nearby plants to; nothing given, every available listing. */
export interface PlantFilter {
  availability?: AvailabilityFilter;
  /** Words as typed (normalised here); blank is no filter. */
  q?: string;
}

/** Whether a listing passes the filter, judged on the post as read. */
export function plantMatches(post: PostItem, filter: PlantFilter): boolean {
  const plant = post.plant as { commonName?: string; botanicalName?: string; availability?: string } | undefined;
  if (filter.availability && !availabilityIs(plant?.availability, filter.availability)) return false;
  const words = normalise(filter.q ?? '');
  return !words || matchRank(words, [plant?.commonName, plant?.botanicalName, ...(post.tags ?? [])], post.text) !== null;
}

export async function plantsNear(point: GeoPoint, wantedKm: number, viewer: Viewer, max = NEARBY_PLANTS_MAX, filter: PlantFilter = {}): Promise<{ plants: NearbyPlant[]; radiusKm: number }> {
  // Listings of members the viewer blocks are not found at all, so the nearest `max` are others'.
  const hidden = viewer.userId ? await blockedBy(viewer.userId) : new Set<string>();
  const wanted = (item: PostItem) => canSee(item, viewer) && !hidden.has(item.ownerId) && !hidden.has(item.authorId) && plantMatches(item, filter);
  const { found, radiusKm } = await nearest<PostItem>(
    {
      readCell: plantsInCell,
      idOf: (item) => item.id,
      positionOf: (item) => (!wanted(item) || item.latitude === undefined || item.longitude === undefined ? null : { latitude: item.latitude, longitude: item.longitude }),
    },
    point,
    wantedKm,
    max,
  );
  const views = await hydrate(found.map((f) => f.item), viewer);
  const cellOf = (p: PostItem) => ({ latitude: p.latitude!, longitude: p.longitude! });
  return { plants: views.map((v, i) => ({ ...v, distance_km: Math.round(found[i]!.km), cell: cellOf(found[i]!.item) })), radiusKm };
}
