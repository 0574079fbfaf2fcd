/**
 * Whoever holds the mailbox sets the password: a reset link, or "I did not sign up" on the
 * verification link. The address is proven, every earlier session ends, the account's login limit
 * is cleared; an account that was not verified until now also loses the names, bio, avatar,
 * motivations, place, blocks and settings set before, since whoever signed up with someone else's
 * address may have set them.
 */
import type { UserItem } from '../db/entities/user';
import { db } from '../db/service';
import { failedChecks, named, txEntities, writeItems, type TxItem } from '../db/transact';
import { retireUpload } from '../images/pending';
import { conflict } from '../lib/errors';
import { getUser } from '../users/users';
import { clearLoginLimit } from './login-limit';
import { revokeAllSessions } from './sessions';

const ATTEMPTS = 5;
const ACCOUNT_UNCHANGED = 'account-unchanged';
const LINK_UNUSED = 'link-unused';

/** The link was used up by another request meanwhile: nothing of this one was saved. */
export class LinkUsedMeanwhile extends Error {}

/**
 * Saves `change` of the account as it stands now, in one transaction with `useLink` (the link's
 * use, when a link proves the change): exactly one request uses a link, and only a saved change
 * uses it. A concurrent change of the account (whoever signed up with the address may keep
 * editing the profile) makes it read the account again and retry, so the mailbox's holder cannot
 * be kept out by a stream of edits. Throws LinkUsedMeanwhile when another request used the link.
 */
export async function saveAccountChange(user: UserItem, change: (current: UserItem) => UserItem, useLink?: () => TxItem): Promise<UserItem> {
  let current = user;
  for (let attempt = 1; ; attempt++) {
    const { uuid, updatedAt: previous, ...rest } = change(current);
    const items: TxItem[] = [
      named(ACCOUNT_UNCHANGED, txEntities().user.put({ uuid, ...rest }).where((a, op) => op.eq(a.updatedAt, previous)).commit()),
      ...(useLink ? [named(LINK_UNUSED, useLink())] : []),
    ];
    const out = await writeItems(items);
    const fresh = await getUser(user.uuid, true);
    if (!out.canceled && fresh) return fresh;
    const failed = failedChecks(out, items);
    if (failed.has(LINK_UNUSED)) throw new LinkUsedMeanwhile();
    if (!fresh || !failed.has(ACCOUNT_UNCHANGED) || attempt >= ATTEMPTS) throw conflict('Your account changed meanwhile; reload and try again');
    current = fresh;
  }
}

/**
 * What a member sets about themselves before their address is verified: names, bio, avatar,
 * motivations, place and where they are listed. Whoever signed up with someone else's address
 * may have set any of it.
 */
const PRE_VERIFICATION_FIELDS = ['firstName', 'lastName', 'bio', 'avatar', 'motivations', 'suburbCity', 'state', 'country', 'latitude', 'longitude', 'geohash', 'nearbyVisible', 'directoryVisible'] as const;

/**
 * The rest of what whoever signed up may have set: the blocks they made and the settings (which
 * go back to the defaults, as the listing flags above do). Once every earlier session has ended.
 */
async function clearPreVerificationChoices(userId: string): Promise<void> {
  const { block, userSettings } = db().entities;
  const { data: blocks } = await block.query.byBlocker({ blockerId: userId }).go({ pages: 'all' });
  await Promise.all([
    blocks.length ? block.delete(blocks.map(({ blockerId, blockedId }) => ({ blockerId, blockedId }))).go() : undefined,
    userSettings.delete({ userId }).go(),
  ]);
}

function withoutPreVerificationProfile(current: UserItem): UserItem {
  const next = { ...current };
  for (const field of PRE_VERIFICATION_FIELDS) delete next[field];
  return next;
}

export async function setPasswordAsMailboxOwner(user: UserItem, passwordHash: string, useLink: () => TxItem): Promise<UserItem> {
  // Sessions end first, so a session of whoever signed up changes nothing while this saves; and
  // again after, for a login that checked the old password meanwhile.
  await revokeAllSessions(user.uuid);
  let takenOver = false;
  const avatars = new Set<string>();
  const saved = await saveAccountChange(user, (current) => {
    takenOver = !current.emailVerified;
    avatars.clear();
    if (takenOver && current.avatar) avatars.add(current.avatar);
    return { ...(takenOver ? withoutPreVerificationProfile(current) : current), passwordHash, emailVerified: true };
  }, useLink);
  await revokeAllSessions(user.uuid);
  let final = saved;
  if (takenOver) {
    // A login that checked the old password between the first revoke and the save holds a session
    // until the second: what it wrote to the profile meanwhile goes too (nobody else can write in
    // that time: the holder of the mailbox is signed in only once this returns).
    const now = await getUser(user.uuid, true);
    if (now && now.updatedAt !== saved.updatedAt) {
      if (now.avatar) avatars.add(now.avatar);
      final = await saveAccountChange(now, withoutPreVerificationProfile);
    }
    await clearPreVerificationChoices(user.uuid);
  }
  // Their objects go with the upload sweep (an unverified account gets no upload URL: a safeguard).
  if (avatars.size) await writeItems([...avatars].map((avatar) => retireUpload(user.uuid, avatar)));
  await clearLoginLimit(user.uuid);
  return final;
}
