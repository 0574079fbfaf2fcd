/**
 * Places and what is near them: the "Near you" panel (one request for plants and pages), the
 * nearby lists of plants, pages and members (places themselves are in lib/places.ts).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AvailabilityFilter } from '@shared/content-rules';
import { api } from '@/lib/api';
import { useAuth } from '@/lib/auth/auth-store';
import { chooseOrigin, useChosenOrigin } from '@/lib/chosen-place';
import { viewerOf, viewerReady } from '@/lib/ids';
import { originOf, placesKeys, type Origin, type Point } from '@/lib/places';

/** The panel, around `point` when given, else the member's place (else the connection's, else the site's default). */
export function useNearYou(viewer: string, enabled = true, point: Point | null = null) {
  return useQuery({
    queryKey: placesKeys.nearYou(viewer, point),
    queryFn: ({ signal }) => api.call('GET /api/nearby/near-you', point ? { lat: point.latitude, long: point.longitude } : {}, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/**
 * Where the viewer searches from, the same on every nearby screen and in the "Near you" panel: the
 * place they chose (remembered across screens), else the panel's origin (the member's place, else
 * the connection's, else the site's default). `near` is the panel's answer around that origin
 * (for a guest, around the centre of its ~5 km cell: the server and CloudFront round it).
 */
export function useSearchOrigin() {
  const auth = useAuth();
  const viewer = viewerOf(auth);
  const chosen = useChosenOrigin(viewer);
  const near = useNearYou(viewer, viewerReady(auth), chosen);
  const origin: Origin | null = chosen ?? (near.data?.origin ? originOf(near.data.origin) : null);
  const setOrigin = useCallback((o: Origin) => chooseOrigin(viewer, o), [viewer]);
  return { viewer, near, chosen, origin, setOrigin };
}

export function useNearbyPages(viewer: string, point: Point | null, radiusKm: number) {
  return useQuery({
    queryKey: placesKeys.nearby('pages', viewer, point ?? { latitude: 0, longitude: 0 }, radiusKm),
    queryFn: ({ signal }) => api.call('GET /api/page/location/nearby-pages', { lat: point!.latitude, long: point!.longitude, radiusKm, take: 50 }, { signal }),
    enabled: point !== null,
    placeholderData: keepPreviousData,
  });
}

/** What nearby plants are narrowed to: a kind of availability, words (each starting a word of the plant). */
export interface NearbyPlantFilter {
  availability?: AvailabilityFilter | undefined;
  q?: string | undefined;
}

export function useNearbyPlants(viewer: string, point: Point | null, radiusKm: number, filter: NearbyPlantFilter = {}) {
  const { availability, q } = filter;
  return useQuery({
    queryKey: [...placesKeys.nearby('plants', viewer, point ?? { latitude: 0, longitude: 0 }, radiusKm), availability ?? '', q ?? ''],
    queryFn: ({ signal }) =>
      api.call('PUT /api/plants/avail-nearby', { latitude: point!.latitude, longitude: point!.longitude, radiusKm, ...(availability ? { availability } : {}), ...(q ? { q } : {}) }, { signal }),
    enabled: point !== null,
    placeholderData: keepPreviousData,
  });
}

/** How many members a nearby-users answer holds (none before it has answered). */
export const countNearbyUsers = (data: { users: unknown[] } | undefined) => data?.users.length ?? 0;

/**
 * Members near a point. A list already holding more than one member is not loaded again on
 * return (as the admin user lists); one with one member or none is, and `refetch` forces it.
 */
export function useNearbyUsers(viewer: string, point: Point | null, radiusKm: number) {
  return useQuery({
    queryKey: placesKeys.nearby('users', viewer, point ?? { latitude: 0, longitude: 0 }, radiusKm),
    queryFn: ({ signal }) => api.call('PUT /api/users/nearby', { latitude: point!.latitude, longitude: point!.longitude, radiusKm }, { signal }),
    enabled: point !== null,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    refetchOnMount: (query) => (countNearbyUsers(query.state.data as { users: unknown[] } | undefined) <= 1 ? 'always' : false),
  });
}

