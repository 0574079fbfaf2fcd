/**
 * A guest's "Near you" panel, and the nearby screens' main column beside it, search from the
 * centre of the guest's geohash-5 cell (about 4.9 × 4.9 km): one answer then serves the whole cell
 * from CloudFront's cache. The server rounds a guest's point so (functions/pages/handlers/near-you.ts),
 * CloudFront's function does the same before the cache key (infra/aws/near-you-cache.ts), and the
 * nearby screens send a guest's list point so (web nearby-view.tsx). No geohash library: the
 * SPA's nearby screens load this.
 */
import type { GeoPoint } from './site';

export const PANEL_CELL_PRECISION = 5;

/** The centre of the point's geohash cell of `precision` characters (5 bits each, longitude first), as a geohash encoder halves the ranges. */
export function cellCentre(point: GeoPoint, precision: number): GeoPoint {
  let [latLo, latHi, lonLo, lonHi] = [-90, 90, -180, 180];
  for (let bit = 0; bit < precision * 5; bit++) {
    if (bit % 2 === 0) {
      const mid = (lonLo + lonHi) / 2;
      if (point.longitude > mid) lonLo = mid;
      else lonHi = mid;
    } else {
      const mid = (latLo + latHi) / 2;
      if (point.latitude > mid) latLo = mid;
      else latHi = mid;
    }
  }
  return { latitude: (latLo + latHi) / 2, longitude: (lonLo + lonHi) / 2 };
}

/** The centre of the point's ~5 km cell: what a guest's panel is answered for. */
export const panelPoint = (point: GeoPoint): GeoPoint => cellCentre(point, PANEL_CELL_PRECISION);
