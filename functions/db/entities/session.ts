/**
 * A refresh-token family: one per login on one device (U7). The refresh token is
 * `<userId>.<familyId>.<secret>`; only the secret's SHA-256 is stored, with the hashes of the
 * secrets it replaced so that reuse of a rotated token is recognised (and revokes the family).
 */
import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from '../service-name';

export const Session = () => new Entity({
  model: { entity: 'session', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    familyId: { type: 'string', required: true, readOnly: true },
    tokenHash: { type: 'string', required: true },
    /** Hashes of rotated secrets (the newest few), to detect reuse. */
    rotatedHashes: { type: 'list', items: { type: 'string' }, default: () => [] },
    csrfToken: { type: 'string', required: true, readOnly: true },
    userAgent: { type: 'string', required: true, default: '' },
    createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
    lastUsedAt: { type: 'string', required: true, default: () => new Date().toISOString() },
    revokedAt: { type: 'string' },
    /** Epoch seconds: 400 days after the last use. */
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'], template: 'user#${userId}', casing: 'none' },
      sk: { field: 'sk', composite: ['familyId'], template: 'session#${familyId}', casing: 'none' },
    },
  },
});

export type SessionItem = EntityItem<ReturnType<typeof Session>>;

/** A family's key, spelled out for BatchGets (held to the template by key-builders.test.ts). */
export const sessionKey = (userId: string, familyId: string): { pk: string; sk: string } => ({ pk: `user#${userId}`, sk: `session#${familyId}` });
