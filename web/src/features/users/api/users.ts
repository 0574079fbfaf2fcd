/** The members directory: those who list themselves, newest first, a page at a time. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export function useUserDirectory() {
  return useInfiniteQuery({
    queryKey: ['users', 'directory'],
    queryFn: ({ pageParam, signal }) => api.call('GET /api/users', pageParam ? { cursorId: pageParam } : {}, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursorId,
  });
}
