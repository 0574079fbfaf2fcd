/** GET /api/site-settings/get-site: the public site settings (name, tagline, default location…). */
import { useQuery } from '@tanstack/react-query';
import type { PublicSite } from '@shared/answers/site-settings';
import { DEFAULT_SITE } from '@shared/site';
import { api } from '@/lib/api';

export const siteQueryKey = ['site-settings', 'public'] as const;

export function getSite(signal?: AbortSignal): Promise<PublicSite> {
  return api.call('GET /api/site-settings/get-site', {}, { signal });
}

const siteQuery = {
  queryKey: siteQueryKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => getSite(signal),
  staleTime: 5 * 60_000,
};

/** Loads the site settings (shared cache: one request for the whole app). */
export function useSite() {
  return useQuery(siteQuery);
}

/** The site's name for titles and the top bar: the loaded one, else the default. Never fetches. */
export function useSiteName(): string {
  const { data } = useQuery({ ...siteQuery, enabled: false });
  return data?.name || DEFAULT_SITE.name;
}
