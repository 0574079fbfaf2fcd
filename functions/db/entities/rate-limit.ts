/** A fixed rate-limit window for one key (U8): a counter kept by ADD, expiring with the window. */
import { Entity } from 'electrodb';
import { SERVICE } from '../service-name';

export const RateLimit = new Entity({
  model: { entity: 'rateLimit', version: '1', service: SERVICE },
  attributes: {
    key: { type: 'string', required: true, readOnly: true },
    windowStart: { type: 'number', required: true, readOnly: true },
    count: { type: 'number', required: true, default: 0 },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byKey: {
      pk: { field: 'pk', composite: ['key', 'windowStart'], template: 'rate#${key}#${windowStart}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'rate', casing: 'none' },
    },
  },
});
