/** A fixed rate-limit window for one key (U8): a counter kept by ADD, expiring with the window. */
import { Entity } from 'electrodb';
import { SERVICE } from '../service-name';

export const RateLimit = () => new Entity({
  model: { entity: 'rateLimit', version: '1', service: SERVICE },
  attributes: {
    key: { type: 'string', required: true, readOnly: true },
    windowStart: { type: 'number', required: true, readOnly: true },
    count: { type: 'number', required: true, default: 0 },
    expiresAt: { type: 'number', required: true },
    /** The per-account login limit (functions/auth/login-limit.ts): no try is checked before this (epoch seconds). */
    lockedUntil: { type: 'number' },
    /** The per-account login limit: where this window's failed tries came from (ipKey), for the owner's notice. */
    ips: { type: 'set', items: 'string' },
  },
  indexes: {
    byKey: {
      pk: { field: 'pk', composite: ['key', 'windowStart'], template: 'rate#${key}#${windowStart}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'rate', casing: 'none' },
    },
  },
});

/**
 * The `key` of a rate-limit window (functions/lib/rate-limit.ts), spelled here like the template
 * above (key-builders.test.ts): the limit's name, then what it counts (a user, an IP, an address,
 * or several of them).
 */
export function rateLimitKey(name: string, ...subject: string[]): string {
  return [name, ...subject].join('#');
}

/** The `key` of a daily allowance (functions/lib/daily-count.ts): `DAY#` keeps them apart from the windows. */
export function dailyCountKey(key: string): string {
  return `DAY#${key}`;
}
