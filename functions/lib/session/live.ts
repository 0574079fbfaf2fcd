/**
 * Checks that need the database, for the routes that may not wait for an access token to expire:
 * the session family must still be live (not revoked, not expired), and on admin routes the
 * account must still hold admin powers (not suspended, not demoted, not deleted); a socket's
 * ticket and handshake need a live family and a usable account (functions/realtime/). The admin check
 * reads the user item beside the family in parallel, so it adds no round trip, and routes that
 * are neither sensitive nor admin never pay for it (their tokens end within 15 minutes).
 */
import type { SessionItem } from '../../db/entities/session';
import type { UserItem } from '../../db/entities/user';
import { db } from '../../db/service';
import { named, txEntities, type TxItem } from '../../db/transact';
import { holdsAdmin } from '../admins';
import { forbidden, unauthorized } from '../errors';
import type { Session } from './token';

export function usableFamily(item: SessionItem | null): item is SessionItem {
  return !!item && !item.revokedAt && item.expiresAt > Date.now() / 1000;
}

/** Whether an account may still act: it exists, is not deleted and not suspended. */
export function usableAccount(user: Pick<UserItem, 'suspended' | 'deletedAt'> | null): boolean {
  return !!user && !user.suspended && !user.deletedAt;
}

async function family(session: Pick<Session, 'userId' | 'familyId'>): Promise<SessionItem | null> {
  const { data } = await db().entities.session.get({ userId: session.userId, familyId: session.familyId }).go({ consistent: true });
  return data;
}

/** The session family and the account behind it as they stand now (consistent reads, in parallel). */
export async function sessionNow(session: Pick<Session, 'userId' | 'familyId'>): Promise<{ family: SessionItem | null; user: UserItem | null }> {
  const [fam, { data: user }] = await Promise.all([family(session), db().entities.user.get({ uuid: session.userId }).go({ consistent: true })]);
  return { family: fam, user };
}

/** Whether the session's family is still live (for routes that mint a fresh access token). */
export async function familyIsLive(session: Session): Promise<boolean> {
  return usableFamily(await family(session));
}

/** Sensitive routes: a revoked or expired session family ends here (401), not within 15 minutes. */
export async function assertLive(session: Session): Promise<void> {
  if (!usableFamily(await family(session))) throw unauthorized('Your session has ended; sign in again');
}

/**
 * Routes that hand out something outliving the request (a socket's ticket): a live family and an
 * account that is neither deleted (401) nor suspended (403).
 */
export async function assertLiveAccount(session: Session): Promise<void> {
  const { family: fam, user } = await sessionNow(session);
  if (!usableFamily(fam) || !user || user.deletedAt) throw unauthorized('Your session has ended; sign in again');
  if (!usableAccount(user)) throw forbidden('This account is suspended');
}

async function adminFacts(session: Session) {
  const { family: fam, user } = await sessionNow(session);
  return { live: usableFamily(fam), admin: !!user && holdsAdmin(user) };
}

/** Admin routes: a live family and an account that holds admin powers now, whatever the token says. */
export async function assertLiveAdmin(session: Session): Promise<void> {
  const { live, admin } = await adminFacts(session);
  if (!live) throw unauthorized('Your session has ended; sign in again');
  if (!admin) throw forbidden('Only admins may do this');
}

/**
 * Whether the session may use site-admin powers now, for decisions outside the admin routes
 * (acting on others' content, pages and events, and what only staff see): the token must say
 * admin, its family be live and the account hold admin powers. Only admin tokens pay the read;
 * false, not an error, so the caller falls back to what the member may do as themselves.
 */
export async function adminNow(session: Session | null): Promise<boolean> {
  if (!session || session.role !== 'admin') return false;
  const { live, admin } = await adminFacts(session);
  return live && admin;
}

/** Ownership: the named user must be the actor, or the actor an admin now (403 otherwise). */
export async function assertSelf(session: Session | null, userId: string): Promise<void> {
  if (session && session.userId === userId) return;
  if (!(await adminNow(session))) throw forbidden('You may only act on your own account');
}

/** The name of liveFamilyCheck's item, to read its failure with failedChecks. */
export const SESSION_LIVE = 'session-live';

/**
 * A write a revoked session must not make, even when its live check passed a moment before (a
 * revocation landing between the check and the write): the family, unrevoked and unexpired, as a
 * condition of the write's own transaction.
 */
export function liveFamilyCheck(session: Pick<Session, 'userId' | 'familyId'>, nowMs = Date.now()): TxItem {
  return named(
    SESSION_LIVE,
    txEntities()
      .session.check({ userId: session.userId, familyId: session.familyId })
      .where((a, op) => `${op.notExists(a.revokedAt)} AND ${op.gt(a.expiresAt, Math.floor(nowMs / 1000))}`)
      .commit(),
  );
}

/** A session whose token says its address is not verified yet: until it is, the family is read on every request (see sessionFromCookie). */
export async function unverifiedSessionIsLive(session: Session): Promise<boolean> {
  return session.emailVerified || (await familyIsLive(session));
}

/**
 * The conditions a write by this session carries: none for a verified account; for a session of
 * an unverified one, its family (whoever holds the mailbox may take the account over and end
 * every such session: what they write after that must not land).
 */
export function unverifiedSessionGuard(session: Session): TxItem[] {
  return session.emailVerified ? [] : [liveFamilyCheck(session)];
}
