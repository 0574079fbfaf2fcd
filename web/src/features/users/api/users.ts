/** The members directory (those who list themselves, newest first, a page at a time) and a member's profile. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export function useUserDirectory() {
  return useInfiniteQuery({
    queryKey: ['users', 'directory'],
    queryFn: ({ pageParam, signal }) => api.call('GET /api/users', pageParam ? { cursorId: pageParam } : {}, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursorId,
  });
}

/** A member's profile by uuid: what the forms say others see, and (for signed-in viewers) their pages. */
export function useMemberProfile(viewer: string, uuid: string | null) {
  return useQuery({
    queryKey: ['users', 'profile', viewer, uuid],
    queryFn: ({ signal }) => api.call('GET /api/user/get-user-by-uuid/{uuid}', { uuid: uuid! }, { signal }),
    enabled: uuid !== null,
    staleTime: 60_000,
  });
}
