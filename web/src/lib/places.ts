/**
 * Places as every screen uses them: a point, a search's origin, the server's gazetteer by name
 * (GET /api/location/places: the gazetteer never ships in the SPA) and by point, and distances
 * as the reader sees them.
 */
import type { NearYou, Place, PlacesNear } from '@shared/answers/pages';
import { api } from '@/lib/api';

export interface Point {
  latitude: number;
  longitude: number;
}

/** Where a nearby search is centred, and how the reader should be told where that came from. */
export interface Origin extends Point {
  label: string;
  source: NearYou['origin']['source'] | 'device' | 'place';
}

export const placesKeys = {
  /** Around the viewer's own place (no point), or around a point they chose. */
  nearYou: (viewer: string, point: Point | null = null) => (point ? (['near-you', viewer, point.latitude, point.longitude] as const) : (['near-you', viewer] as const)),
  nearby: (kind: string, viewer: string, point: Point, radiusKm: number) => ['nearby', kind, viewer, point.latitude, point.longitude, radiusKm] as const,
  search: (q: string) => ['places', q] as const,
  near: (point: Point, radiusKm: number) => ['places-near', point.latitude, point.longitude, radiusKm] as const,
};

export function originOf(o: NearYou['origin']): Origin {
  const label = [o.suburb_city, o.state].filter(Boolean).join(', ') || 'your area';
  return { latitude: o.latitude, longitude: o.longitude, label, source: o.source };
}

export async function searchPlaces(q: string, near: Point | null, signal?: AbortSignal): Promise<Place[]> {
  const query = near ? { q, lat: near.latitude, long: near.longitude } : { q };
  return (await api.call('GET /api/location/places', query, { signal })).places;
}

export async function placeAt(point: Point, signal?: AbortSignal): Promise<Place | null> {
  return (await api.call('GET /api/location/place-at', { lat: point.latitude, long: point.longitude }, { signal })).place;
}

/** The towns and suburbs within radiusKm (1-100) of a point: what a map without tiles names. */
export async function placesNear(point: Point, radiusKm: number, signal?: AbortSignal): Promise<PlacesNear> {
  return api.call('GET /api/location/places-near', { lat: point.latitude, long: point.longitude, radiusKm }, { signal });
}

/** The member's units setting: metric for guests. */
export type Units = 'metric' | 'imperial';

const MILES_PER_KM = 0.621371;

/** "~3 km", "under 1 km" ("~2 mi", "under 1 mi" in imperial units): distances are rounded, never exact. */
export function distanceText(km: number, units: Units = 'metric'): string {
  if (units === 'imperial') {
    const mi = km * MILES_PER_KM;
    return mi < 1 ? 'under 1 mi' : `~${Math.round(mi)} mi`;
  }
  return km < 1 ? 'under 1 km' : `~${km} km`;
}

/** A search radius as the reader counts: "25 km", or "16 mi" (one decimal under 2 miles: "0.6 mi"). */
export function radiusText(km: number, units: Units = 'metric'): string {
  if (units !== 'imperial') return `${km} km`;
  const mi = km * MILES_PER_KM;
  return `${mi < 2 ? mi.toFixed(1) : Math.round(mi)} mi`;
}
