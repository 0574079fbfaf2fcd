/** SiteSetting: one named, typed value; all settings share one partition (pattern A1). */
import { Entity, type EntityItem } from 'electrodb';
import { SETTING_DATA_TYPES, SITE_TEXT_NAMES } from '../../../shared/schemas/site-settings';
import { SERVICE } from '../service-name';

export const SiteSetting = () => new Entity(
  {
    model: { entity: 'siteSetting', version: '1', service: SERVICE },
    attributes: {
      name: { type: 'string', required: true },
      value: { type: 'string', required: true },
      dataType: { type: SETTING_DATA_TYPES, required: true, default: 'string' },
      isPublic: { type: 'boolean', required: true, default: false },
      updatedAt: { type: 'string', required: true, default: () => new Date().toISOString(), set: () => new Date().toISOString() },
    },
    indexes: {
      byName: {
        pk: { field: 'pk', composite: [], template: 'settings', casing: 'none' },
        sk: { field: 'sk', composite: ['name'], template: 'setting#${name}', casing: 'none' },
      },
    },
  },
);

export type SiteSettingItem = EntityItem<ReturnType<typeof SiteSetting>>;

/**
 * SiteText: one of the site's long texts (about, terms of use, privacy policy), up to 100,000
 * characters of Markdown, each in a partition of its own so that the settings partition that
 * every screen reads (A1) stays small (pattern A3).
 */
export const SiteText = () => new Entity(
  {
    model: { entity: 'siteText', version: '1', service: SERVICE },
    attributes: {
      name: { type: SITE_TEXT_NAMES, required: true },
      markdown: { type: 'string', required: true },
      updatedBy: { type: 'string', required: true },
      /** Also the mark of its rendered HTML (pk = sitetext#<name>, sk = html): the HTML is the text's while the two agree. */
      updatedAt: { type: 'string', required: true, default: () => new Date().toISOString(), set: (v?: string) => v ?? new Date().toISOString() },
    },
    indexes: {
      byName: {
        pk: { field: 'pk', composite: ['name'], template: 'sitetext#${name}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'sitetext', casing: 'none' },
      },
    },
  },
);

export type SiteTextItem = EntityItem<ReturnType<typeof SiteText>>;
