/**
 * Places and what is near them: the "Near you" panel (one request for plants and pages), the
 * nearby lists of plants, pages and members, and places by name from the server's gazetteer
 * (GET /api/location/places: the gazetteer never ships in the SPA).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NearYou, Place } from '@shared/answers/pages';
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
  nearYou: (viewer: string) => ['near-you', viewer] as const,
  nearby: (kind: string, viewer: string, point: Point, radiusKm: number) => ['nearby', kind, viewer, point.latitude, point.longitude, radiusKm] as const,
  search: (q: string) => ['places', q] as const,
};

/** The panel, around the member's place (else the connection's, else the site's default). */
export function useNearYou(viewer: string, enabled = true) {
  return useQuery({
    queryKey: placesKeys.nearYou(viewer),
    queryFn: ({ signal }) => api.call('GET /api/nearby/near-you', {}, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function originOf(o: NearYou['origin']): Origin {
  const label = [o.suburb_city, o.state].filter(Boolean).join(', ') || 'your area';
  return { latitude: o.latitude, longitude: o.longitude, label, source: o.source };
}

export function useNearbyPages(viewer: string, point: Point | null, radiusKm: number) {
  return useQuery({
    queryKey: placesKeys.nearby('pages', viewer, point ?? { latitude: 0, longitude: 0 }, radiusKm),
    queryFn: ({ signal }) => api.call('GET /api/page/location/nearby-pages', { lat: point!.latitude, long: point!.longitude, radiusKm, take: 50 }, { signal }),
    enabled: point !== null,
    placeholderData: keepPreviousData,
  });
}

export function useNearbyPlants(viewer: string, point: Point | null, radiusKm: number) {
  return useQuery({
    queryKey: placesKeys.nearby('plants', viewer, point ?? { latitude: 0, longitude: 0 }, radiusKm),
    queryFn: ({ signal }) => api.call('PUT /api/plants/avail-nearby', { latitude: point!.latitude, longitude: point!.longitude, radiusKm }, { signal }),
    enabled: point !== null,
    placeholderData: keepPreviousData,
  });
}

export function useNearbyUsers(viewer: string, point: Point | null, radiusKm: number) {
  return useQuery({
    queryKey: placesKeys.nearby('users', viewer, point ?? { latitude: 0, longitude: 0 }, radiusKm),
    queryFn: ({ signal }) => api.call('PUT /api/users/nearby', { latitude: point!.latitude, longitude: point!.longitude, radiusKm }, { signal }),
    enabled: point !== null,
    placeholderData: keepPreviousData,
  });
}

export async function searchPlaces(q: string, near: Point | null, signal?: AbortSignal): Promise<Place[]> {
  const query = near ? { q, lat: near.latitude, long: near.longitude } : { q };
  return (await api.call('GET /api/location/places', query, { signal })).places;
}

export async function placeAt(point: Point, signal?: AbortSignal): Promise<Place | null> {
  return (await api.call('GET /api/location/place-at', { lat: point.latitude, long: point.longitude }, { signal })).place;
}

/** "~3 km", "under 1 km": distances are rounded, never exact. */
export function distanceText(km: number): string {
  return km < 1 ? 'under 1 km' : `~${km} km`;
}
