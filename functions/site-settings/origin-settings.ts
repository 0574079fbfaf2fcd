/**
 * Site settings that name an origin the browser will load from (the map's tile server, the
 * welcome video's host). The Content-Security-Policy is fixed at deploy time, so such a setting
 * may only pick one of the origins the deployment allows (CDK context cspTileOrigins and
 * cspMediaOrigins, handed to the functions as CSP_TILE_ORIGINS and CSP_MEDIA_ORIGINS).
 */
import { CSP_ORIGINS_ENV, DEFAULT_CSP_MEDIA_ORIGINS, DEFAULT_CSP_TILE_ORIGINS, isOnOrigins } from '../../shared/security-headers';
import type { UpdateSiteSettingInput } from '../../shared/schemas/site-settings';
import { badRequest } from '../lib/errors';

const ORIGIN_SETTINGS = {
  map_tile_url: { env: CSP_ORIGINS_ENV.tiles, defaults: DEFAULT_CSP_TILE_ORIGINS, what: 'map tile', context: 'cspTileOrigins' },
  welcome_video_url: { env: CSP_ORIGINS_ENV.media, defaults: DEFAULT_CSP_MEDIA_ORIGINS, what: 'video', context: 'cspMediaOrigins' },
} as const;

/** The origins the deployment allows for a kind of setting; unset means the shared defaults. */
function allowedOrigins(env: string | undefined, defaults: readonly string[]): string[] {
  if (env === undefined) return [...defaults];
  return env.split(',').map((o) => o.trim()).filter(Boolean);
}

/** Throws a 400 naming the field when the setting names an origin the CSP does not allow. */
export function checkOriginSetting(input: Pick<UpdateSiteSettingInput, 'name' | 'value' | 'dataType'>, env: NodeJS.ProcessEnv = process.env): void {
  const rule = ORIGIN_SETTINGS[input.name as keyof typeof ORIGIN_SETTINGS];
  if (!rule) return;
  if (input.dataType !== 'string') throw badRequest(`dataType must be string for ${input.name}`, 'dataType');
  const allowed = allowedOrigins(env[rule.env], rule.defaults);
  if (allowed.length === 0) {
    throw badRequest(`value cannot be set: this deployment allows no ${rule.what} origin (deploy with -c ${rule.context}=https://…)`, 'value');
  }
  if (!isOnOrigins(input.value, allowed)) {
    throw badRequest(`value must be an address on an allowed ${rule.what} origin: ${allowed.join(', ')}`, 'value');
  }
}
