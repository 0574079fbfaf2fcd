/** The site's texts (about, terms of use, privacy policy): read one for its screen, an admin writes one. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteText } from '@shared/answers/site-settings';
import type { SiteTextName, UpdateSiteTextInput } from '@shared/schemas/site-settings';
import { api } from '@/lib/api';

export type { SiteText, SiteTextName };

export const siteTextQueryKey = (name: SiteTextName) => ['site-settings', 'text', name] as const;

/** `fresh`: past the copy the browser may keep for five minutes (the admin's editor). */
export const getSiteText = (name: SiteTextName, signal?: AbortSignal, fresh = false) =>
  api.call('GET /api/site-settings/text/{name}', { name }, { signal, ...(fresh ? { cache: 'no-cache' as const } : {}) });

export const updateSiteText = (input: UpdateSiteTextInput) => api.call('PUT /api/iam/admin/update/site-text', input);

export function useSiteText(name: SiteTextName, { fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: siteTextQueryKey(name),
    queryFn: ({ signal }) => getSiteText(name, signal, fresh),
    staleTime: fresh ? 0 : 5 * 60_000,
  });
}

/** Saves a text; the screen that shows it then reads the saved one from the cache. */
export function useUpdateSiteText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSiteText,
    onSuccess: (saved) => queryClient.setQueryData(siteTextQueryKey(saved.name), saved),
  });
}
