/** SiteSetting: one named, typed value; all settings share one partition (pattern A1). */
import { Entity, type EntityItem } from 'electrodb';
import { SETTING_DATA_TYPES } from '../../../shared/schemas/site-settings';
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
