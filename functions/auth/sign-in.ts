/**
 * A session for a password just checked (login, the verification link with the password). The
 * check and the session are not one write: if the password changed in between (the address's
 * owner took the account over, or a reset), the new session is revoked at once and the answer is
 * the one for a wrong password. The taking over revokes every family it finds after saving the
 * new password, so a session made before that save is found there, and one made after it here.
 */
import type { UserItem } from '../db/entities/user';
import { db } from '../db/service';
import { HttpError } from '../lib/errors';
import { revokeFamily, startSession, type Issued } from './sessions';

export const WRONG_CREDENTIALS = () => new HttpError(401, 'invalid_credentials', 'Wrong e-mail or password');

export async function signInWithPassword(checked: UserItem, userAgent: string): Promise<Issued> {
  const issued = await startSession(checked, userAgent);
  const { data: now } = await db().entities.user.get({ uuid: checked.uuid }).go({ consistent: true });
  if (!now || now.deletedAt || now.passwordHash !== checked.passwordHash) {
    await revokeFamily(checked.uuid, issued.session.familyId);
    throw WRONG_CREDENTIALS();
  }
  return issued;
}
