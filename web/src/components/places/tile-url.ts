import { useSite } from '@/lib/site';

/** A tile map only when the site names a tile server (a setting its CSP allows); else the offline base. */
export function useTileUrl(): string | null {
  const site = useSite();
  const tiles = site.data?.settings.map_tile_url;
  return typeof tiles === 'string' && /^https:\/\/[^\s]+\{z\}[^\s]*$/.test(tiles) ? tiles : null;
}

/** Who the tiles are credited to (the public setting `map_tile_attribution`, shown as text), or null. */
export function useTileAttribution(): string | null {
  const site = useSite();
  const text = site.data?.settings.map_tile_attribution;
  return typeof text === 'string' && text.trim() ? text.trim().slice(0, 300) : null;
}
