/**
 * "Near a point", one way for every kind of item with the geo indexes (members, plant listings;
 * pages and events next): the index whose cells are at least the radius wide, the centre cell and
 * those of its neighbours the circle reaches queried in parallel (at most 9 Queries, about 3 on
 * average), then the true distance of each item, nearest first. What a kind adds is how to read one cell and where an item is as others may see it.
 */
import { cellSizeKm, coveringCells, distanceKm, precisionForRadius, type GeoIndexPrecision } from '../../shared/geohash';
import type { GeoPoint } from '../../shared/site';

/** The precision to query and the radius it can serve (the coarsest cells cap very large radii near the poles). */
export function searchPlan(point: GeoPoint, radiusKm: number): { precision: GeoIndexPrecision; radiusKm: number } {
  const precision = precisionForRadius(radiusKm, point.latitude);
  if (precision !== null) return { precision, radiusKm };
  const { heightKm, widthKm } = cellSizeKm(3, point.latitude);
  return { precision: 3, radiusKm: Math.min(radiusKm, heightKm, widthKm) };
}

/** A kind's three geo indexes (`nearby5`, `nearby4`, `nearby3`), as its entity queries them. */
export interface GeoIndexes<T> {
  nearby5: (key: { geoCell5: string }) => { go: (options: { limit: number }) => Promise<{ data: T[] }> };
  nearby4: (key: { geoCell4: string }) => { go: (options: { limit: number }) => Promise<{ data: T[] }> };
  nearby3: (key: { geoCell3: string }) => { go: (options: { limit: number }) => Promise<{ data: T[] }> };
}

/** Items read from one geo cell at most: a very dense cell is cut in geohash order (a known limit: P8 in docs/data-model.md). */
export const GEO_CELL_MAX = 400;

/** One Query of one cell of a kind's geo index at this precision (`db().entities.post.query`, say). */
export async function readGeoCell<T>(indexes: GeoIndexes<T>, precision: GeoIndexPrecision, cell: string): Promise<T[]> {
  const options = { limit: GEO_CELL_MAX };
  const query = precision === 5 ? indexes.nearby5({ geoCell5: cell }) : precision === 4 ? indexes.nearby4({ geoCell4: cell }) : indexes.nearby3({ geoCell3: cell });
  return (await query.go(options)).data;
}

export interface GeoKind<T> {
  /** One Query of one cell of the kind's geo index at this precision. */
  readCell: (precision: GeoIndexPrecision, cell: string) => Promise<T[]>;
  /** Where the item is as the searcher may know it (a member's ~1 km cell, say); null leaves it out. */
  positionOf: (item: T) => GeoPoint | null;
  /**
   * The item's id: equal distances are ordered by it. Items of one ~1 km cell are equally far,
   * and the index returns them in order of their exact geohash: that order must not leak.
   */
  idOf: (item: T) => string;
}

export interface Found<T> {
  item: T;
  km: number;
}

/** The items of a kind within `wantedKm` of `point`, nearest first, at most `max`; and the radius searched. */
export async function nearest<T>(kind: GeoKind<T>, point: GeoPoint, wantedKm: number, max: number): Promise<{ found: Found<T>[]; radiusKm: number }> {
  const { precision, radiusKm } = searchPlan(point, wantedKm);
  const cells = await Promise.all(coveringCells(point, precision, radiusKm).map((cell) => kind.readCell(precision, cell)));
  const found: Found<T>[] = [];
  for (const item of cells.flat()) {
    const at = kind.positionOf(item);
    if (!at) continue;
    const km = distanceKm(point, at);
    if (km <= radiusKm) found.push({ item, km });
  }
  found.sort((a, b) => a.km - b.km || (kind.idOf(a.item) < kind.idOf(b.item) ? -1 : kind.idOf(a.item) > kind.idOf(b.item) ? 1 : 0));
  return { found: found.slice(0, max), radiusKm };
}
