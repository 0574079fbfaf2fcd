/**
 * Sessions: a refresh-token family per login on one device, rotated on every refresh; reuse of
 * a rotated token revokes the family (no grace window). The access token is minted from the
 * user and the family and verified without a database read.
 */
import { randomUUID } from 'node:crypto';
import { REFRESH_COOKIE_MAX_AGE_DAYS } from '../../shared/constants';
import { db } from '../db/service';
import { dropConnections } from '../realtime/connections';
import type { SessionItem } from '../db/entities/session';
import type { UserItem } from '../db/entities/user';
import { randomToken, sha256 } from '../lib/crypto';
import { unauthorized } from '../lib/errors';
import { logger } from '../lib/logger';
import { accessCookie, refreshCookie } from '../lib/session/cookies';
import { usableFamily } from '../lib/session/live';
import { signAccessToken, type Session } from '../lib/session/token';
import { claimsFor, getUser } from '../users/users';
import { isConditionFailure } from '../db/transact';

const ROTATED_KEPT = 20;
const expiry = () => Math.floor(Date.now() / 1000) + REFRESH_COOKIE_MAX_AGE_DAYS * 24 * 3600;

export interface Issued {
  cookies: string[];
  session: Session;
}

async function issue(user: UserItem, familyId: string, csrfToken: string, secret: string): Promise<Issued> {
  const session = claimsFor(user, familyId, csrfToken);
  return { session, cookies: [accessCookie(await signAccessToken(session)), refreshCookie(`${user.uuid}.${familyId}.${secret}`)] };
}

/** A new family for a login on one device. */
export async function startSession(user: UserItem, userAgent: string): Promise<Issued> {
  const familyId = randomUUID();
  const secret = randomToken();
  const csrfToken = randomToken(24);
  await db()
    .entities.session.create({ userId: user.uuid, familyId, tokenHash: sha256(secret), csrfToken, userAgent: userAgent.slice(0, 300), expiresAt: expiry() })
    .go();
  return issue(user, familyId, csrfToken, secret);
}

function parseRefreshToken(token: string | undefined): { userId: string; familyId: string; secret: string } | null {
  const m = /^([0-9a-f-]{36})\.([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  return m ? { userId: m[1]!, familyId: m[2]!, secret: m[3]! } : null;
}


/** Revokes a session: its refresh token stops working, and its open sockets receive nothing more. */
export async function revokeFamily(userId: string, familyId: string): Promise<void> {
  await db().entities.session.patch({ userId, familyId }).set({ revokedAt: new Date().toISOString() }).go().catch((err: unknown) => {
    if (!isConditionFailure(err)) throw err;
  });
  await dropConnections(userId, familyId);
}

/**
 * Rotates a refresh token: the old secret stops working, a new one is issued with a fresh access
 * token. A rotated secret presented again revokes the whole family.
 */
export async function refreshSession(token: string | undefined): Promise<Issued> {
  const parsed = parseRefreshToken(token);
  if (!parsed) throw unauthorized('Sign in to continue');
  const { userId, familyId, secret } = parsed;
  const sessions = db().entities.session;
  const { data: family } = await sessions.get({ userId, familyId }).go();
  if (!usableFamily(family)) throw unauthorized('Your session has ended; sign in again');
  const presented = sha256(secret);
  if (presented !== family.tokenHash) {
    if (family.rotatedHashes?.includes(presented)) {
      logger.warn('refresh token reuse: family revoked', { userId, familyId });
      await revokeFamily(userId, familyId);
    }
    throw unauthorized('Your session has ended; sign in again');
  }
  const user = await getUser(userId);
  if (!user) {
    await revokeFamily(userId, familyId);
    throw unauthorized('Your session has ended; sign in again');
  }
  const next = randomToken();
  try {
    await sessions
      .patch({ userId, familyId })
      .set({
        tokenHash: sha256(next),
        rotatedHashes: [presented, ...(family.rotatedHashes ?? [])].slice(0, ROTATED_KEPT),
        lastUsedAt: new Date().toISOString(),
        expiresAt: expiry(),
      })
      .where((a, op) => `${op.eq(a.tokenHash, presented)} AND ${op.notExists(a.revokedAt)}`)
      .go();
  } catch (err) {
    if (isConditionFailure(err)) {
      // Another refresh rotated this secret first: the same token used twice.
      await revokeFamily(userId, familyId);
      throw unauthorized('Your session has ended; sign in again');
    }
    throw err;
  }
  return issue(user, familyId, family.csrfToken, next);
}

/** Logout: revokes the family the token belongs to, when the token is genuine. */
export async function endSession(token: string | undefined): Promise<void> {
  const parsed = parseRefreshToken(token);
  if (!parsed) return;
  const { data: family } = await db().entities.session.get({ userId: parsed.userId, familyId: parsed.familyId }).go();
  if (!family) return;
  const presented = sha256(parsed.secret);
  if (presented === family.tokenHash || family.rotatedHashes?.includes(presented)) await revokeFamily(parsed.userId, parsed.familyId);
}

export async function listSessions(userId: string): Promise<SessionItem[]> {
  const { data } = await db().entities.session.query.byUser({ userId }).go({ pages: 'all' });
  return data.filter(usableFamily).sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt));
}

/** Sensitive routes: the family must still be live (a revoked session ends here, not in ≤ 15 min). */
export { assertLive } from '../lib/session/live';

/**
 * Ends every session of a user (suspension, demotion): each family is revoked, so refreshes fail
 * at once, live-checked routes refuse at once and every other route when its access token expires.
 */
export async function revokeAllSessions(userId: string): Promise<number> {
  // Consistent: a family made just before (a login racing a new password) is revoked too.
  const { data } = await db().entities.session.query.byUser({ userId }).go({ pages: 'all', consistent: true });
  const live = data.filter(usableFamily);
  await Promise.all(live.map((s) => revokeFamily(userId, s.familyId)));
  return live.length;
}
