/** A user's notification and privacy preferences, nearby radius and units, beside the profile. */
import { Entity, type EntityItem } from 'electrodb';
import { NEARBY_RADII_KM, UNITS } from '../../../shared/schemas/users';
import { SERVICE } from '../service-name';

export const UserSettingsEntity = () => new Entity({
  model: { entity: 'userSettings', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    notify_email_messages: { type: 'boolean', required: true },
    notify_email_comments: { type: 'boolean', required: true },
    notify_email_events: { type: 'boolean', required: true },
    // Absent on settings stored before announcements: read as on.
    notify_email_announcements: { type: 'boolean' },
    // Absent on settings stored before wanted lists: read as on.
    notify_email_wanted: { type: 'boolean' },
    show_in_nearby: { type: 'boolean', required: true },
    show_in_directory: { type: 'boolean', required: true },
    nearby_radius_km: { type: 'number', required: true, validate: (v: number) => (NEARBY_RADII_KM as readonly number[]).includes(v) },
    units: { type: UNITS, required: true },
    updatedAt: { type: 'string', required: true, default: () => new Date().toISOString(), watch: '*', set: () => new Date().toISOString() },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'], template: 'user#${userId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'settings', casing: 'none' },
    },
  },
});

export type UserSettingsItem = EntityItem<ReturnType<typeof UserSettingsEntity>>;
