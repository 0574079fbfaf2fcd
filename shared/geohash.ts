/**
 * Geohash helpers for "nearby": the precision whose cells cover a radius, the cells a search
 * queries, and true distances. Encoding comes from `ngeohash`.
 */
import ngeohash from 'ngeohash';
import type { GeoPoint } from './site';

/** Stored precision of every located item. */
export const STORED_GEOHASH_PRECISION = 9;

/** Precisions with a geo index, and the smallest cell side (km) each guarantees at latitude 0. */
export const GEO_INDEX_PRECISIONS = [5, 4, 3] as const;
export type GeoIndexPrecision = (typeof GEO_INDEX_PRECISIONS)[number];

const EARTH_RADIUS_KM = 6371.0088;

export function encodeGeohash(point: GeoPoint, precision = STORED_GEOHASH_PRECISION): string {
  return ngeohash.encode(point.latitude, point.longitude, precision);
}

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Height and width in km of a cell of this precision whose centre lies at `latitude`. */
export function cellSizeKm(precision: number, latitude: number): { heightKm: number; widthKm: number } {
  const bits = precision * 5;
  const lonBits = Math.ceil(bits / 2);
  const latBits = Math.floor(bits / 2);
  const latDeg = 180 / 2 ** latBits;
  const lonDeg = 360 / 2 ** lonBits;
  const kmPerDeg = (Math.PI / 180) * EARTH_RADIUS_KM;
  // The cell's narrowest edge is the one farthest from the equator.
  const edgeLat = Math.min(89.999, Math.abs(latitude) + latDeg);
  return { heightKm: latDeg * kmPerDeg, widthKm: lonDeg * kmPerDeg * Math.cos(edgeLat * (Math.PI / 180)) };
}

/**
 * The finest indexed precision whose cells are at least `radiusKm` tall and wide at this
 * latitude, so that the centre cell and its 8 neighbours cover the whole circle; null when
 * even the coarsest cells are too small (very large radii or the poles).
 */
export function precisionForRadius(radiusKm: number, latitude: number): GeoIndexPrecision | null {
  for (const p of GEO_INDEX_PRECISIONS) {
    const { heightKm, widthKm } = cellSizeKm(p, latitude);
    if (heightKm >= radiusKm && widthKm >= radiusKm) return p;
  }
  return null;
}

/** Signed difference of two longitudes, a − b, in [−180, 180) degrees (across the antimeridian). */
const lonDiff = (a: number, b: number): number => ((((a - b + 540) % 360) + 360) % 360) - 180;

/**
 * About how far the point is from the nearest edge of a cell (0 inside it): the great-circle
 * distance to the cell's nearest corner or edge point taken at the point's own latitude, which
 * on a sphere can overstate it slightly off the cell's side; `coveringCells` allows for that.
 */
function kmToCell(point: GeoPoint, cell: string): number {
  const [minLat, minLon, maxLat, maxLon] = ngeohash.decode_bbox(cell) as [number, number, number, number];
  const latitude = Math.min(maxLat, Math.max(minLat, point.latitude));
  const inside = lonDiff(point.longitude, minLon) >= 0 && lonDiff(maxLon, point.longitude) >= 0;
  const longitude = inside ? point.longitude : Math.abs(lonDiff(point.longitude, minLon)) <= Math.abs(lonDiff(point.longitude, maxLon)) ? minLon : maxLon;
  return distanceKm(point, { latitude, longitude });
}

/** What `coveringCells` allows for the sphere when it leaves out cells beyond the radius. */
const PRUNE_MARGIN = { factor: 1.05, km: 1 };

/**
 * The centre cell and its neighbours at `precision`, without duplicates (fewer near the poles).
 * Given `radiusKm`, only those the circle may reach: a search of a radius no bigger than the cells
 * reaches beyond the centre cell only on the sides it is near, so it reads 1 to 4 cells most of
 * the time rather than 9.
 */
export function coveringCells(point: GeoPoint, precision: number, radiusKm?: number): string[] {
  const centre = ngeohash.encode(point.latitude, point.longitude, precision);
  const cells = [...new Set([centre, ...ngeohash.neighbors(centre)])];
  if (radiusKm === undefined) return cells;
  const reach = radiusKm * PRUNE_MARGIN.factor + PRUNE_MARGIN.km;
  return cells.filter((cell) => cell === centre || kmToCell(point, cell) <= reach);
}

/** Precision of the position others may learn from distances: a geohash-6 cell (about 1.2 × 0.6 km). */
export const SHARED_POSITION_PRECISION = 6;

/**
 * The centre of the point's cell at SHARED_POSITION_PRECISION. Distances shown to others, and
 * radius searches, use this instead of the true point, so that no sequence of searches (radii,
 * centres) can narrow a member's home down further than about a kilometre.
 */
export function coarsen(point: GeoPoint, precision = SHARED_POSITION_PRECISION): GeoPoint {
  const { latitude, longitude } = ngeohash.decode(ngeohash.encode(point.latitude, point.longitude, precision));
  return { latitude, longitude };
}
