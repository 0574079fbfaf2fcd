/** Single-use e-mail tokens (verification 24 h, password reset 1 h), stored by the SHA-256 of the token. */
import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from '../service-name';

export const EmailToken = () => new Entity({
  model: { entity: 'emailToken', version: '1', service: SERVICE },
  attributes: {
    tokenHash: { type: 'string', required: true, readOnly: true },
    kind: { type: ['verify-email', 'reset-password'] as const, required: true },
    userId: { type: 'string', required: true },
    email: { type: 'string', required: true },
    createdAt: { type: 'string', required: true, default: () => new Date().toISOString() },
    expiresAt: { type: 'number', required: true },
    /** When a verification token was used: its record stays until it expires, so a reused link is told apart from a bad one. */
    usedAt: { type: 'string' },
  },
  indexes: {
    byHash: {
      pk: { field: 'pk', composite: ['tokenHash'], template: 'token#${tokenHash}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'token', casing: 'none' },
    },
  },
});

export type EmailTokenItem = EntityItem<ReturnType<typeof EmailToken>>;
