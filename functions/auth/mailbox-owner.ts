/**
 * Whoever holds the mailbox sets the password: a reset link, or "I did not sign up" on the
 * verification link. The address is proven, every earlier session ends, the account's login limit
 * is cleared; an account that was not verified until now also loses the names, bio and avatar set
 * before, since whoever signed up with someone else's address may have set them.
 */
import type { UserItem } from '../db/entities/user';
import { writeItems } from '../db/transact';
import { retireUpload } from '../images/pending';
import { HttpError } from '../lib/errors';
import { getUser, saveUser } from '../users/users';
import { clearLoginLimit } from './login-limit';
import { revokeAllSessions } from './sessions';

const ATTEMPTS = 5;

/**
 * Saves `change` of the account as it stands now: a concurrent change of the account (whoever
 * signed up with the address may keep editing the profile) makes it read the account again and
 * retry, so the mailbox's holder cannot be kept out by a stream of edits.
 */
export async function saveAccountChange(user: UserItem, change: (current: UserItem) => UserItem): Promise<UserItem> {
  let current = user;
  for (let attempt = 1; ; attempt++) {
    try {
      return await saveUser(change(current));
    } catch (err) {
      if (!(err instanceof HttpError && err.status === 409) || attempt >= ATTEMPTS) throw err;
      const fresh = await getUser(user.uuid, true);
      if (!fresh) throw err;
      current = fresh;
    }
  }
}

export async function setPasswordAsMailboxOwner(user: UserItem, passwordHash: string): Promise<UserItem> {
  // Sessions end first, so a session of whoever signed up changes nothing while this saves; and
  // again after, for a login that checked the old password meanwhile.
  await revokeAllSessions(user.uuid);
  let cleared: string | undefined;
  const saved = await saveAccountChange(user, (current) => {
    const next: UserItem = { ...current, passwordHash, emailVerified: true };
    cleared = undefined;
    if (!current.emailVerified) {
      cleared = current.avatar;
      delete next.firstName;
      delete next.lastName;
      delete next.bio;
      delete next.avatar;
    }
    return next;
  });
  // Its object goes with the upload sweep (an unverified account gets no upload URL: a safeguard).
  if (cleared) await writeItems([retireUpload(user.uuid, cleared)]);
  await revokeAllSessions(user.uuid);
  await clearLoginLimit(user.uuid);
  return saved;
}
