/** The site's settings as the SPA receives them, and the defaults used until an admin changes them. */

import type { PublicSite } from './answers/site-settings';

export type { GeoPoint, PublicSite, SiteLocation } from './answers/site-settings';

export const SITE_SETTING_NAMES = {
  name: 'site_name',
  tagline: 'site_tagline',
  defaultLocation: 'default_location',
} as const;

export const DEFAULT_SITE: Omit<PublicSite, 'settings'> = {
  name: 'Leafline',
  tagline: 'Share, swap and grow with plant lovers near you',
  defaultLocation: {
    latitude: -33.8688,
    longitude: 151.2093,
    suburb_city: 'Sydney',
    state: 'NSW',
    country: 'Australia',
  },
};
