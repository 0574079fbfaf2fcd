/** The site's settings as the SPA receives them, and the defaults used until an admin changes them. */

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface SiteLocation extends GeoPoint {
  suburb_city: string;
  state: string;
  country: string;
}

export interface PublicSite {
  name: string;
  tagline: string;
  defaultLocation: SiteLocation;
  /** Every other setting flagged public, by name. */
  settings: Record<string, string | number | boolean | object>;
}

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
