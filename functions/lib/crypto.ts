/** Random tokens and their stored form (SHA-256), for refresh tokens, e-mail links and CSRF. */
import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url (43 characters). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}
