/**
 * Whoever holds the mailbox sets the password: a reset link, or "I did not sign up" on the
 * verification link. The address is proven, every earlier session ends, the account's login limit
 * is cleared; an account that was not verified until now also loses the names, bio and avatar set
 * before, since whoever signed up with someone else's address may have set them.
 */
import type { UserItem } from '../db/entities/user';
import { writeItems } from '../db/transact';
import { retireUpload } from '../images/pending';
import { saveUser } from '../users/users';
import { clearLoginLimit } from './login-limit';
import { revokeAllSessions } from './sessions';

export async function setPasswordAsMailboxOwner(user: UserItem, passwordHash: string): Promise<UserItem> {
  const next: UserItem = { ...user, passwordHash, emailVerified: true };
  if (!user.emailVerified) {
    delete next.firstName;
    delete next.lastName;
    delete next.bio;
    delete next.avatar;
  }
  const saved = await saveUser(next);
  // Its object goes with the upload sweep (an unverified account gets no upload URL: a safeguard).
  if (user.avatar && !next.avatar) await writeItems([retireUpload(user.uuid, user.avatar)]);
  await revokeAllSessions(user.uuid);
  await clearLoginLimit(user.uuid);
  return saved;
}
