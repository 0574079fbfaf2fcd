/** Events: one event with its dates, lists of dates (nearby, a page's, a member's), attending, creating and changing events. */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventView } from '@shared/answers/events';
import type { RouteInput } from '@shared/contract';
import { api } from '@/lib/api';
import { myPagesKey } from '@/lib/my-pages';

export interface Point {
  latitude: number;
  longitude: number;
}

export const eventsKeys = {
  all: ['events'] as const,
  one: (viewer: string, ref: string) => ['events', 'one', viewer, ref] as const,
  attendees: (ref: string, dateKey: string) => ['events', 'attendees', ref, dateKey] as const,
  nearby: (viewer: string, point: Point, radiusKm: number) => ['events', 'nearby', viewer, point.latitude, point.longitude, radiusKm] as const,
  owner: (viewer: string, owner: string, when: string) => ['events', 'owner', viewer, owner, when] as const,
  /** Under the member's pages' key: what refreshes those (a change of membership) refreshes their dates. */
  myPagesDates: (viewer: string) => [...myPagesKey(viewer), 'dates'] as const,
};

export function useEvent(viewer: string, ref: string) {
  return useQuery({
    queryKey: eventsKeys.one(viewer, ref),
    queryFn: ({ signal }) => api.call('GET /api/events/{id}', { id: ref }, { signal }),
  });
}

/** A date's attendees (members only), 100 at a time. */
export function useAttendees(ref: string, dateKey: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: eventsKeys.attendees(ref, dateKey),
    queryFn: ({ pageParam, signal }) => api.call('GET /api/iam/events/details/{a}/{b}', { a: ref, b: dateKey, ...(pageParam ? { cursorId: pageParam } : {}) }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursorId,
    enabled,
  });
}

/** Events near a point, each with its next date, soonest first, then nearest (the list). */
export function useEventsNear(viewer: string, point: Point | null, radiusKm: number, enabled = true) {
  return useQuery({
    queryKey: [...eventsKeys.nearby(viewer, point ?? { latitude: 0, longitude: 0 }, radiusKm), 'events'],
    queryFn: ({ signal }) => api.call('GET /api/events/nearby', { lat: point!.latitude, long: point!.longitude, radiusKm, take: 50 }, { signal }),
    enabled: enabled && point !== null,
    placeholderData: keepPreviousData,
  });
}

/** Every upcoming date near a point, soonest first (the month view). */
export function useDatesNear(viewer: string, point: Point | null, radiusKm: number, enabled = true) {
  return useQuery({
    queryKey: [...eventsKeys.nearby(viewer, point ?? { latitude: 0, longitude: 0 }, radiusKm), 'dates'],
    queryFn: ({ signal }) => api.call('GET /api/events/all/nearby', { lat: point!.latitude, long: point!.longitude, radiusKm }, { signal }),
    enabled: enabled && point !== null,
    placeholderData: keepPreviousData,
  });
}

/** The upcoming dates of the pages the member belongs to, soonest first (one request). */
export function useMyPagesDates(viewer: string, enabled: boolean) {
  return useQuery({
    queryKey: eventsKeys.myPagesDates(viewer),
    queryFn: ({ signal }) => api.call('GET /api/iam/events/my-pages', {}, { signal }),
    enabled,
  });
}

/** A page's dates by handle, 20 at a time. */
export function usePageDates(viewer: string, handle: string, when: 'upcoming' | 'past') {
  return useInfiniteQuery({
    queryKey: eventsKeys.owner(viewer, handle.toLowerCase(), when),
    queryFn: ({ pageParam, signal }) => api.call('GET /api/page/events/{arg}', { arg: handle, when, ...(pageParam ? { cursorId: pageParam } : {}) }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursorId,
  });
}

/** A member's own events' dates, 20 at a time (members only). */
export function useUserDates(viewer: string, userId: string, when: 'upcoming' | 'past', enabled = true) {
  return useInfiniteQuery({
    queryKey: eventsKeys.owner(viewer, userId, when),
    queryFn: ({ pageParam, signal }) => api.call('GET /api/iam/events/get-by-user/{id}', { id: userId, when, ...(pageParam ? { cursorId: pageParam } : {}) }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursorId,
    enabled,
  });
}

/** After a change, every event list and the panel are out of date; the event itself is set from the answer. */
function useRefreshEvents() {
  const client = useQueryClient();
  return (event?: EventView) => {
    if (event) {
      for (const q of client.getQueryCache().findAll({ queryKey: ['events', 'one'] })) {
        const ref = q.queryKey[3];
        if (ref === event.id || ref === event.randomId) client.setQueryData(q.queryKey, { event });
      }
    }
    return client.invalidateQueries({
      predicate: (q) => (q.queryKey[0] === 'events' && q.queryKey[1] !== 'one') || q.queryKey[0] === 'near-you' || q.queryKey[0] === 'pages',
    });
  };
}

export function useAttend() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: (input: RouteInput<'PUT /api/iam/events/upsert-attend-specific'>) => api.call('PUT /api/iam/events/upsert-attend-specific', input),
    onSuccess: (data) => void refresh(data.event),
  });
}

export function useCreateEvent() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: (input: RouteInput<'POST /api/iam/events/new'>) => api.call('POST /api/iam/events/new', input),
    onSuccess: (data) => void refresh(data.event),
  });
}

export function useUpdateEvent() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: (input: RouteInput<'PUT /api/iam/events/update'>) => api.call('PUT /api/iam/events/update', input),
    onSuccess: (data) => void refresh(data.event),
  });
}

export function useUpdateDate() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: (input: RouteInput<'PUT /api/iam/events/update-specific'>) => api.call('PUT /api/iam/events/update-specific', input),
    onSuccess: (data) => void refresh(data.event),
  });
}

export function useRewriteSeries() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: (input: RouteInput<'PUT /api/iam/events/future-dates/update'>) => api.call('PUT /api/iam/events/future-dates/update', input),
    onSuccess: (data) => void refresh(data.event),
  });
}

export function useAddDates() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: (input: RouteInput<'POST /api/iam/events/new-specifics'>) => api.call('POST /api/iam/events/new-specifics', input),
    onSuccess: (data) => void refresh(data.event),
  });
}

export function useDeleteEvent() {
  const refresh = useRefreshEvents();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (eventId: string) => api.call('DELETE /api/iam/events', { eventId }),
    onSuccess: () => {
      client.removeQueries({ queryKey: ['events', 'one'] });
      void refresh();
    },
  });
}

/** A presigned PUT for an event's cover (an existing event's id, or the id a new one will have). */
export const requestEventImageUpload = (input: RouteInput<'POST /api/iam/events/image-upload'>) => api.call('POST /api/iam/events/image-upload', input);
