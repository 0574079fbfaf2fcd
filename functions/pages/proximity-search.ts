/**
 * Pages near a point (G2c), through the one geo search (functions/lib/geo-search.ts). A page is
 * placed where others may see it: exactly when its address is public, else at its ~1 km cell.
 */
import type { NearbyPage } from '../../shared/answers/pages';
import type { GeoIndexPrecision } from '../../shared/geohash';
import type { GeoPoint } from '../../shared/site';
import type { PageItem } from '../db/entities/page';
import { db } from '../db/service';
import { nearest, readGeoCell } from '../lib/geo-search';
import { myMemberships, pageCardOf, shownPosition } from './pages';

const pagesInCell = (precision: GeoIndexPrecision, cell: string) => readGeoCell<PageItem>(db().entities.page.query, precision, cell);

export async function pagesNear(point: GeoPoint, wantedKm: number, max: number, viewerId: string | null): Promise<{ pages: NearbyPage[]; radiusKm: number }> {
  const { found, radiusKm } = await nearest<PageItem>({ readCell: pagesInCell, positionOf: (p) => shownPosition(p, false), idOf: (p) => p.id }, point, wantedKm, max);
  if (!found.length) return { pages: [], radiusKm };
  // The viewer's relation to each (one BatchGet); the cell items are the pages themselves.
  const mine = await myMemberships(found.map((f) => f.item.id), viewerId);
  const pages = found.map(({ item, km }) => {
    const at = shownPosition(item, false)!;
    return { ...pageCardOf(item, mine.get(item.id) ?? null), distance_km: Math.round(km), latitude: at.latitude, longitude: at.longitude };
  });
  return { pages, radiusKm };
}
