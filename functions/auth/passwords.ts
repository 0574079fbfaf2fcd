/**
 * Password hashing with node:crypto scrypt (OWASP: N=2^17, r=8, p=1; 128 MiB per hash, so
 * maxmem 256 MiB). Parameters are stored with each hash (`scrypt$<log2N>$<r>$<p>$<salt>$<hash>`),
 * so tests may use a cheaper N (SCRYPT_LOG_N) and production can raise it later.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { COMMON_PASSWORDS } from './common-passwords';

const KEY_LENGTH = 32;
const MAXMEM = 256 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: MAXMEM }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

function configuredLogN(): number {
  const n = Number(process.env.SCRYPT_LOG_N ?? 17);
  return Number.isInteger(n) && n >= 10 && n <= 20 ? n : 17;
}

export async function hashPassword(password: string): Promise<string> {
  const logN = configuredLogN();
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, { N: 2 ** logN, r: 8, p: 1 });
  return ['scrypt', logN, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time check against a stored hash; false for anything malformed. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), { N: 2 ** Number(logN), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummy: Promise<string> | undefined;

/**
 * Spends the same time as a real check, for an address that has no account, so that a wrong
 * password and an unknown address cannot be told apart by timing.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummy ??= hashPassword('not-a-real-password-0');
  await verifyPassword(password, await dummy);
  return false;
}

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, email?: string): string | null {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'is too common; choose something harder to guess';
  if (email && lower === email.toLowerCase()) return 'must not be your e-mail address';
  if (/^(.)\1+$/.test(password)) return 'must not be one character repeated';
  return null;
}
