/** What the site routes answer (the `data` of the success envelope): the public site settings and places. */
import * as z from 'zod';
import { SITE_TEXT_NAMES } from '../schemas/site-settings';

/** A point on the map. */
export const geoPoint = z.strictObject({
  latitude: z.number(),
  longitude: z.number(),
});
export type GeoPoint = z.output<typeof geoPoint>;

/** A named place: its point with suburb or city, state and country. */
export const siteLocation = geoPoint.extend({
  suburb_city: z.string(),
  state: z.string(),
  country: z.string(),
});
export type SiteLocation = z.output<typeof siteLocation>;

/** A public setting's value, typed by its dataType (a json setting is an object or an array). */
export const siteSettingValue = z.union([z.string(), z.number(), z.boolean(), z.record(z.string(), z.unknown()), z.array(z.unknown())]);
export type SiteSettingValue = z.output<typeof siteSettingValue>;

/** The settings flagged public; defaults fill the three well-known ones until an admin sets them. */
export const publicSite = z.strictObject({
  name: z.string(),
  tagline: z.string(),
  defaultLocation: siteLocation.describe('Where maps and nearby searches start when the user has no place of their own'),
  settings: z.record(z.string(), siteSettingValue).describe('Every setting flagged public, by its stored name (site_name, site_tagline and default_location included when set)'),
});
export type PublicSite = z.output<typeof publicSite>;

/** The web app manifest (GET /api/site-settings/manifest, `application/manifest+json`). */
export const webManifest = z.strictObject({
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.enum(['standalone']),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(z.strictObject({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.string() })),
});
export type WebManifest = z.input<typeof webManifest>;

/** One of the site's texts (about, terms of use, privacy policy): its Markdown, or null until an admin writes it. */
export const siteText = z.strictObject({
  name: z.enum(SITE_TEXT_NAMES),
  markdown: z.optional(z.string().nullable()).describe('Markdown (no raw HTML is rendered); null while no admin has written it: the screen shows its default. Left out with view=page (the screen needs the HTML alone)'),
  html: z.string().nullable().describe('The Markdown rendered as the screen shows it (raw HTML escaped, links only to http(s), mailto or this site, with rel set, no images); null with markdown'),
  updatedAt: z.string().nullable(),
});
export type SiteText = z.output<typeof siteText>;
