/** The members directory (those who list themselves, newest first, a page at a time) and a member's profile. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The directory, or with words (2 letters or digits at least) the members whose name or username holds them, as this viewer may see them. */
export function useUserDirectory(viewer = '', q = '') {
  return useInfiniteQuery({
    queryKey: q ? ['users', 'directory', viewer, q] : ['users', 'directory'],
    queryFn: ({ pageParam, signal }) => api.call('GET /api/users', { ...(q ? { q } : {}), ...(pageParam ? { cursorId: pageParam } : {}) }, { signal }),
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
