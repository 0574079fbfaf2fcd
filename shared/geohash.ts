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

/** The centre cell and its neighbours at `precision`, without duplicates (fewer near the poles). */
export function coveringCells(point: GeoPoint, precision: number): string[] {
  const centre = ngeohash.encode(point.latitude, point.longitude, precision);
  return [...new Set([centre, ...ngeohash.neighbors(centre)])];
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
