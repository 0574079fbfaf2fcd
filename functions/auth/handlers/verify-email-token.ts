/**
 * POST /api/iam/authn/verifyemailtoken: the verification link proves the mailbox; the address
 * becomes verified only when the same request proves who chose the password, so whoever signed up
 * first with someone else's address cannot keep the account once its owner opens the link:
 * - `{ token, password }`: the password chosen at sign-up (a wrong one counts as a failed login);
 * - `{ token, newPassword }`: the mailbox's holder did not sign up: a new password, the profile
 *   set before verification cleared, every earlier session ended;
 * - `{ token }`: only from a live session of the same account.
 * Checks come first; the token is used in the transaction that saves the account (retried over
 * concurrent edits of the account), so only success uses it, and only once; a used token's record
 * stays until it expires, so a reused link answers `already_verified`. Success answers as login.
 */
import type { verifyEmailToken as route } from '../../../shared/contract/auth';
import type { EmailTokenItem } from '../../db/entities/email-token';
import type { UserItem } from '../../db/entities/user';
import { badRequest, HttpError } from '../../lib/errors';
import { reply } from '../../lib/http';
import { ipKey } from '../../lib/ip-key';
import type { Main } from '../../lib/route-types';
import { accessCookie } from '../../lib/session/cookies';
import { familyIsLive } from '../../lib/session/live';
import { signAccessToken } from '../../lib/session/token';
import { claimsFor, getUser, toProfile } from '../../users/users';
import { findEmailToken, markEmailTokenUsed, markUsedItem } from '../email-tokens';
import { beginLoginTry, loginTryFailed, loginTrySucceeded } from '../login-limit';
import { LinkUsedMeanwhile, saveAccountChange, setPasswordAsMailboxOwner } from '../mailbox-owner';
import { hashPassword, passwordProblem, verifyPassword } from '../passwords';
import { signInWithPassword } from '../sign-in';
import { startSession } from '../sessions';

const INVALID = () => new HttpError(400, 'invalid_token', 'This link is invalid or expired; ask for a new one', 'token');
const USED = () => new HttpError(400, 'already_verified', 'This link was used already: the address is verified; sign in', 'token');

async function useToken(record: NonNullable<Awaited<ReturnType<typeof findEmailToken>>>): Promise<void> {
  if (!(await markEmailTokenUsed(record))) throw USED();
}

/** The address verified, in one transaction with the link's use (an address already verified: the use alone). */
async function verifyWith(record: EmailTokenItem, user: UserItem): Promise<UserItem> {
  if (user.emailVerified) {
    await useToken(record);
    return user;
  }
  return saveAccountChange(user, (current) => ({ ...current, emailVerified: true }), () => markUsedItem(record)).catch(usedMeanwhile);
}

/** Another request used the link while this one ran: nothing of this one was saved. */
const usedMeanwhile = (err: unknown): never => {
  throw err instanceof LinkUsedMeanwhile ? USED() : err;
};

export const main: Main<typeof route> = async ({ input, session, clientIp, event }) => {
  const record = await findEmailToken('verify-email', input.token);
  const user = record ? await getUser(record.userId) : null;
  if (!record || !user || user.email !== record.email) throw INVALID();
  if (record.usedAt) throw USED();
  const userAgent = event.headers['user-agent'] ?? '';

  if (input.newPassword !== undefined) {
    if (input.password !== undefined) throw badRequest('newPassword cannot come with password: give one of them', 'newPassword');
    const problem = passwordProblem(input.newPassword, user.email);
    if (problem) throw badRequest(`newPassword ${problem}`, 'newPassword');
    const hash = await hashPassword(input.newPassword);
    const saved = await setPasswordAsMailboxOwner(user, hash, () => markUsedItem(record)).catch(usedMeanwhile);
    const { cookies, session: started } = await startSession(saved, userAgent);
    return reply(toProfile(saved, started.csrfToken), { cookies });
  }

  if (input.password !== undefined) {
    const attempt = await beginLoginTry(user.uuid);
    if (!(await verifyPassword(input.password, user.passwordHash))) {
      await loginTryFailed(attempt, ipKey(clientIp), user);
      throw badRequest('password is not the one chosen at sign-up; if you did not sign up, choose a new password instead', 'password');
    }
    await loginTrySucceeded(attempt);
    const saved = await verifyWith(record, user);
    const { cookies, session: started } = await signInWithPassword(saved, userAgent);
    return reply(toProfile(saved, started.csrfToken), { cookies });
  }

  // The token alone: only the browser already signed in to this account, with a live session.
  if (!session || session.userId !== user.uuid || !(await familyIsLive(session))) {
    throw badRequest('password is required: the password chosen at sign-up, or a new one if you did not sign up', 'password');
  }
  const saved = await verifyWith(record, user);
  const cookie = accessCookie(await signAccessToken(claimsFor(saved, session.familyId, session.csrfToken)));
  return reply(toProfile(saved, session.csrfToken), { cookies: [cookie] });
};
