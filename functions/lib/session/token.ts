/**
 * The access token: a short-lived HS256 JWT in an HttpOnly cookie, verified without a database
 * read. It carries the session family's csrf token, so the CSRF check needs no read either.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../../shared/constants';
import { signingSecret } from '../secrets';

export interface Session {
  userId: string;
  /** The refresh-token family: one per login on one device. */
  familyId: string;
  csrfToken: string;
  role: 'user' | 'admin';
  emailVerified: boolean;
  /** Registration complete (username, names, location given). */
  registered: boolean;
  suspended: boolean;
}

const ISSUER = 'leafline';
const AUDIENCE = 'leafline-api';

/** The one header this API issues and accepts; anything else (alg none, RS256…) is refused. */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function mac(secret: Uint8Array, signingInput: string): Buffer {
  return createHmac('sha256', secret).update(signingInput).digest();
}

/**
 * An HS256 JWT (RFC 7519) signed with node:crypto: every route verifies one, so a JOSE library
 * in each bundle would cost every cold start for the one algorithm we use.
 */
export async function signAccessToken(session: Session, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    fam: session.familyId,
    csrf: session.csrfToken,
    role: session.role,
    ev: session.emailVerified,
    reg: session.registered,
    sus: session.suspended,
    sub: session.userId,
    iss: ISSUER,
    aud: AUDIENCE,
    iat: now,
    exp: now + ttlSeconds,
  };
  const signingInput = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${signingInput}.${mac(await signingSecret(), signingInput).toString('base64url')}`;
}

function parseJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The session a token proves, or null when it is missing, forged, malformed or expired. */
export async function verifyAccessToken(token: string): Promise<Session | null> {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, body, signature] = parts as [string, string, string];
  const head = parseJson(header);
  if (!head || head.alg !== 'HS256' || (head.typ !== undefined && head.typ !== 'JWT') || head.crit !== undefined) return null;
  // One spelling per token: base64url without padding, 32 bytes (Buffer's decoder would accept others).
  if (!/^[A-Za-z0-9_-]{43}$/.test(signature)) return null;
  const expected = mac(await signingSecret(), `${header}.${body}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = parseJson(body);
  if (!payload) return null;
  const { sub, fam, csrf, role, ev, reg, sus, iss, aud, exp, nbf } = payload;
  const now = Math.floor(Date.now() / 1000);
  if (iss !== ISSUER || !(aud === AUDIENCE || (Array.isArray(aud) && aud.includes(AUDIENCE)))) return null;
  if (typeof exp !== 'number' || exp <= now) return null;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return null;
  if (typeof sub !== 'string' || typeof fam !== 'string' || typeof csrf !== 'string') return null;
  if (role !== 'user' && role !== 'admin') return null;
  return {
    userId: sub,
    familyId: fam,
    csrfToken: csrf,
    role,
    emailVerified: ev === true,
    registered: reg === true,
    suspended: sus === true,
  };
}
