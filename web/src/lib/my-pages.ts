/**
 * The pages the signed-in member belongs to, with their role in each: one cached query, which
 * every screen that lists them reads (the inbox's "My pages", the plant form's "List as"). Its key
 * sits under `pages`, so what refreshes the pages after a change of membership (every `pages`
 * key) refreshes it for all of them.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const myPagesKey = (viewer: string) => ['pages', 'mine', viewer] as const;

export function useMyPages(viewer: string, enabled = true) {
  return useQuery({
    queryKey: myPagesKey(viewer),
    queryFn: ({ signal }) => api.call('GET /api/iam/pages/get-all-by-user/{id}', { id: viewer }, { signal }),
    enabled,
  });
}
