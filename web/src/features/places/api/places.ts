/**
 * Places and what is near them: the "Near you" panel (one request for plants and pages), the
 * nearby lists of plants, pages and members (places themselves are in lib/places.ts).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { placesKeys, type Point } from '@/lib/places';

/** The panel, around the member's place (else the connection's, else the site's default). */
export function useNearYou(viewer: string, enabled = true) {
  return useQuery({
    queryKey: placesKeys.nearYou(viewer),
    queryFn: ({ signal }) => api.call('GET /api/nearby/near-you', {}, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
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

