/** Site settings: the public view guests read and the admin's create-or-change. No HTTP here. */
import type { PublicSite, SiteLocation, SiteSettingValue } from '../../shared/answers/site-settings';
import { DEFAULT_SITE, SITE_SETTING_NAMES } from '../../shared/site';
import { parseSettingValue, type UpdateSiteSettingInput } from '../../shared/schemas/site-settings';
import { db } from '../db/service';
import type { SiteSettingItem } from '../db/entities/site-setting';
import { checkOriginSetting } from './origin-settings';

function isLocation(v: unknown): v is SiteLocation {
  const o = v as Record<string, unknown> | null;
  return (
    typeof o === 'object' && o !== null &&
    typeof o.latitude === 'number' && Math.abs(o.latitude) <= 90 &&
    typeof o.longitude === 'number' && Math.abs(o.longitude) <= 180 &&
    typeof o.suburb_city === 'string' && typeof o.state === 'string' && typeof o.country === 'string'
  );
}

/** Builds the public view from stored settings; defaults fill what no admin has set. */
export function toPublicSite(items: SiteSettingItem[]): PublicSite {
  const settings: PublicSite['settings'] = {};
  for (const item of items) {
    if (!item.isPublic) continue;
    // A json setting parses to an object or an array (parseSettingValue refuses anything else).
    const value = parseSettingValue(item.value, item.dataType) as SiteSettingValue | undefined;
    if (value !== undefined) settings[item.name] = value;
  }
  const name = settings[SITE_SETTING_NAMES.name];
  const tagline = settings[SITE_SETTING_NAMES.tagline];
  const location = settings[SITE_SETTING_NAMES.defaultLocation];
  return {
    name: typeof name === 'string' && name.trim() ? name : DEFAULT_SITE.name,
    tagline: typeof tagline === 'string' ? tagline : DEFAULT_SITE.tagline,
    defaultLocation: isLocation(location) ? location : DEFAULT_SITE.defaultLocation,
    settings,
  };
}

/** One Query over the settings partition (pattern A1). */
export async function readPublicSite(): Promise<PublicSite> {
  const { data } = await db().entities.siteSetting.query.byName({}).go({ pages: 'all' });
  return toPublicSite(data);
}

export async function putSiteSetting(input: UpdateSiteSettingInput): Promise<SiteSettingItem> {
  checkOriginSetting(input);
  const { data } = await db().entities.siteSetting.put(input).go();
  return data;
}
