/** Tag autocomplete: the tags that start with what the reader typed (GET /api/iam/tags/prefix/…). */
import { useQuery } from '@tanstack/react-query';
import { normaliseTagName, TAG_NAME_PATTERN } from '@shared/tag-rules';
import { api } from '@/lib/api';

/** The prefix as the server takes it, or null when it could not name a tag (nothing to ask). */
export function tagPrefix(raw: string): string | null {
  const prefix = normaliseTagName(raw);
  return prefix && TAG_NAME_PATTERN.test(prefix) ? prefix : null;
}

export const getTagsByPrefix = (prefix: string, signal?: AbortSignal) =>
  api.call('GET /api/iam/tags/prefix/{prefix}/{flag}', { prefix, flag: 'false' }, { signal });

export function useTagSuggestions(prefix: string | null) {
  return useQuery({
    queryKey: ['compose', 'tag-prefix', prefix],
    queryFn: ({ signal }) => getTagsByPrefix(prefix!, signal),
    enabled: prefix !== null,
    staleTime: 5 * 60_000,
    select: (data) => (Array.isArray(data?.tags) ? data.tags : []),
  });
}
