/** A phone verification in progress: the SMS code's hash, tries left, 10 minutes to live. */
import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from '../service-name';

export const PhoneCheck = () => new Entity({
  model: { entity: 'phoneCheck', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    recordId: { type: 'string', required: true, readOnly: true },
    phone: { type: 'string', required: true },
    codeHash: { type: 'string', required: true },
    tries: { type: 'number', required: true, default: 0 },
    confirmedAt: { type: 'string' },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'], template: 'user#${userId}', casing: 'none' },
      sk: { field: 'sk', composite: ['recordId'], template: 'phonecheck#${recordId}', casing: 'none' },
    },
  },
});

export type PhoneCheckItem = EntityItem<ReturnType<typeof PhoneCheck>>;
