/**
 * The access token: a short-lived HS256 JWT in an HttpOnly cookie, verified without a database
 * read. It carries the session family's csrf token, so the CSRF check needs no read either.
 */
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
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

export async function signAccessToken(session: Session, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
  return new SignJWT({
    fam: session.familyId,
    csrf: session.csrfToken,
    role: session.role,
    ev: session.emailVerified,
    reg: session.registered,
    sus: session.suspended,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(session.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(await signingSecret());
}

/** The session a token proves, or null when it is missing, forged, malformed or expired. */
export async function verifyAccessToken(token: string): Promise<Session | null> {
  try {
    const { payload } = await jwtVerify(token, await signingSecret(), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    const { sub, fam, csrf, role, ev, reg, sus } = payload as Record<string, unknown>;
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
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) return null;
    throw err;
  }
}
