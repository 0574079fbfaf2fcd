/**
 * Uniqueness items: one per e-mail address and one per handle (users and pages share the handle
 * namespace). Each is put with `attribute_not_exists` in the owner's transaction (U2, U3).
 */
import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from '../service-name';

export const EmailClaim = () => new Entity({
  model: { entity: 'emailClaim', version: '1', service: SERVICE },
  attributes: {
    email: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true },
  },
  indexes: {
    byEmail: {
      pk: { field: 'pk', composite: ['email'], template: 'email#${email}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'email', casing: 'none' },
    },
  },
});

export const HandleClaim = () => new Entity({
  model: { entity: 'handleClaim', version: '1', service: SERVICE },
  attributes: {
    handle: { type: 'string', required: true, readOnly: true },
    ownerType: { type: ['user', 'page'] as const, required: true },
    ownerId: { type: 'string', required: true },
  },
  indexes: {
    byHandle: {
      pk: { field: 'pk', composite: ['handle'], template: 'handle#${handle}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'handle', casing: 'none' },
    },
  },
});

export type HandleClaimItem = EntityItem<ReturnType<typeof HandleClaim>>;
