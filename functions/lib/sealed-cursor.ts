/**
 * Cursors that tell their holder nothing: the position (an index key) encrypted and authenticated
 * (AES-256-GCM) under a key derived from the signing secret for one purpose. A list whose next
 * page may start at an item the caller was not shown (a member hidden from the directory, one
 * they blocked) hands out these instead of the plain key, which would name that item. A cursor of
 * another purpose, a forged or altered one, or one sealed before the secret rotated opens to
 * nothing: the caller is told to start again.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { CURSOR_MAX_LENGTH } from '../../shared/constants';
import { badRequest } from './errors';
import { signingSecret } from './secrets';

const IV = 12;
const TAG = 16;

let derived: { secret: Uint8Array; key: Buffer } | undefined;

async function key(): Promise<Buffer> {
  const secret = await signingSecret();
  if (derived?.secret !== secret) derived = { secret, key: Buffer.from(hkdfSync('sha256', secret, 'cursor', 'sealed list cursor', 32)) };
  return derived.key;
}

/** `text` sealed for `purpose` (e.g. the list and its words): base64url. */
export async function sealCursor(text: string, purpose: string): Promise<string> {
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', await key(), iv);
  cipher.setAAD(Buffer.from(purpose, 'utf8'));
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The text a cursor sealed for `purpose` holds; null for the first page; 400 naming `field` for anything else. */
export async function openCursor(cursor: string | undefined, purpose: string, field = 'cursorId'): Promise<string | null> {
  if (cursor === undefined || cursor === '') return null;
  const refused = () => badRequest(`${field} is not a cursor of this list; start again from the first page`, field);
  if (cursor.length > CURSOR_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw refused();
  const bytes = Buffer.from(cursor, 'base64url');
  if (bytes.length <= IV + TAG) throw refused();
  try {
    const decipher = createDecipheriv('aes-256-gcm', await key(), bytes.subarray(0, IV));
    decipher.setAAD(Buffer.from(purpose, 'utf8'));
    decipher.setAuthTag(bytes.subarray(IV, IV + TAG));
    return Buffer.concat([decipher.update(bytes.subarray(IV + TAG)), decipher.final()]).toString('utf8');
  } catch {
    throw refused();
  }
}
