/**
 * Pages near a point (G2c), through the one geo search (functions/lib/geo-search.ts). A page is
 * placed where others may see it: exactly when its address is public, else at its ~1 km cell.
 */
import type { NearbyPage } from '../../shared/answers/pages';
import type { GeoIndexPrecision } from '../../shared/geohash';
import type { GeoPoint } from '../../shared/site';
import type { PageItem } from '../db/entities/page';
import { db } from '../db/service';
import { nearest } from '../lib/geo-search';
import { myMemberships, pageCardOf, shownPosition } from './pages';

/** Pages read from one geo cell at most (a very dense cell is cut in geohash order). */
const CELL_MAX = 400;

async function pagesInCell(precision: GeoIndexPrecision, cell: string): Promise<PageItem[]> {
  const q = db().entities.page.query;
  const options = { limit: CELL_MAX };
  const { data } =
    precision === 5
      ? await q.nearby5({ geoCell5: cell }).go(options)
      : precision === 4
        ? await q.nearby4({ geoCell4: cell }).go(options)
        : await q.nearby3({ geoCell3: cell }).go(options);
  return data as PageItem[];
}

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
