/** Places for nearby tests: a random spot far from the seed data, and points a given distance away. */
import type { GeoPoint } from '../../shared/site';

const KM_PER_DEGREE = (Math.PI / 180) * 6371.0088;

/** A random point between latitudes ±50, so that each test's users have their own neighbourhood. */
export function randomPlace(): GeoPoint {
  const latitude = Math.round((Math.random() * 100 - 50) * 1e4) / 1e4;
  const longitude = Math.round((Math.random() * 340 - 170) * 1e4) / 1e4;
  return { latitude, longitude };
}

/** The point `northKm` north and `eastKm` east of `p` (small offsets; check with distanceKm). */
export function offset(p: GeoPoint, northKm: number, eastKm = 0): GeoPoint {
  const latitude = p.latitude + northKm / KM_PER_DEGREE;
  const longitude = p.longitude + eastKm / (KM_PER_DEGREE * Math.cos((latitude * Math.PI) / 180));
  return { latitude, longitude };
}
