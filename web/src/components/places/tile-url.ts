import { useSite } from '@/lib/site';

/** A tile map only when the site names a tile server (a setting its CSP allows); else the offline base. */
export function useTileUrl(): string | null {
  const site = useSite();
  const tiles = site.data?.settings.map_tile_url;
  return typeof tiles === 'string' && /^https:\/\/[^\s]+\{z\}[^\s]*$/.test(tiles) ? tiles : null;
}
