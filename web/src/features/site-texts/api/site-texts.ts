/** The site's texts (about, terms of use, privacy policy): read one for its screen, an admin writes one. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteText } from '@shared/answers/site-settings';
import type { SiteTextName, UpdateSiteTextInput } from '@shared/schemas/site-settings';
import { api } from '@/lib/api';

export type { SiteText, SiteTextName };

/** `edit`: the admin's editor (the Markdown too); `page`: the text's screen (its HTML alone). */
type View = 'page' | 'edit';

export const siteTextQueryKey = (name: SiteTextName, view: View) => ['site-settings', 'text', name, view] as const;

/** `fresh`: past the copy the browser may keep for five minutes (the admin's editor). */
export const getSiteText = (name: SiteTextName, view: View, signal?: AbortSignal, fresh = false) =>
  api.call('GET /api/site-settings/text/{name}', { name, view }, { signal, ...(fresh ? { cache: 'no-cache' as const } : {}) });

export const updateSiteText = (input: UpdateSiteTextInput) => api.call('PUT /api/iam/admin/update/site-text', input);

/** The text as its screen shows it, or (`edit`) with its Markdown, read past the browser's copy. */
export function useSiteText(name: SiteTextName, { edit = false }: { edit?: boolean } = {}) {
  const view: View = edit ? 'edit' : 'page';
  return useQuery({
    queryKey: siteTextQueryKey(name, view),
    queryFn: ({ signal }) => getSiteText(name, view, signal, edit),
    staleTime: edit ? 0 : 5 * 60_000,
  });
}

/** Saves a text; the screen that shows it then reads the saved one from the cache. */
export function useUpdateSiteText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSiteText,
    onSuccess: ({ markdown, ...shown }) => {
      queryClient.setQueryData(siteTextQueryKey(shown.name, 'edit'), { ...shown, markdown });
      queryClient.setQueryData(siteTextQueryKey(shown.name, 'page'), shown);
    },
  });
}
