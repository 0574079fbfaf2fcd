/**
 * PUT /api/iam/authn/update: the user's own profile fields (names in title case, location with its
 * geohash, avatar). A new avatar is claimed (its pending upload checked and its record deleted)
 * and the one it replaces handed to the sweep, in the same transaction as the user; so is the job
 * that moves the member's plant listings when their place changes (functions/listings/relist.ts).
 */
import type { updateProfile as route } from '../../../shared/contract/auth';
import { toTitleCase } from '../../../shared/format';
import type { UserItem } from '../../db/entities/user';
import { db } from '../../db/service';
import { failedChecks, named, txEntities, writeItems, type TxItem } from '../../db/transact';
import { badRequest, conflict, forbidden, serviceUnavailable, unauthorized } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { assertLive, liveFamilyCheck, SESSION_LIVE } from '../../lib/session/live';
import { CLAIM_LOST, claimAvatar } from '../../images/avatars';
import { removeRetiredUpload, retireUpload } from '../../images/pending';
import { afterRelisting, relistItems } from '../../listings/relist';
import { userSearchItems } from '../../db/items/search-index';
import { getUser, toProfile, withLocation } from '../../users/users';

const ACCOUNT_UNCHANGED = 'account-unchanged';
const AVATAR_CLAIMED = 'avatar-claimed';

function userPut(next: UserItem): TxItem {
  const { uuid, updatedAt: previous, ...rest } = next;
  return named(ACCOUNT_UNCHANGED, txEntities()
    .user.put({ uuid, ...rest })
    .where((a, op) => op.eq(a.updatedAt, previous))
    .commit());
}

export const main: Main<typeof route> = async ({ input, session }) => {
  // A revoked session changes nothing at once (not in 15 minutes): after someone else's sign-up was
  // taken over by the address's owner, their access token in hand must not put their profile back.
  const [user] = await Promise.all([getUser(session.userId), assertLive(session)]);
  if (!user) throw unauthorized('Your account no longer exists');
  // The account, not the token: a suspension takes effect before the access token expires.
  if (user.suspended) throw forbidden('Your account is suspended: your profile cannot be changed');
  const nowMs = Date.now();
  const avatarChanges = input.avatar !== undefined && input.avatar !== (user.avatar ?? null);
  const claim = avatarChanges && input.avatar ? [await claimAvatar(user.uuid, input.avatar, nowMs)] : [];
  const retired = avatarChanges && user.avatar ? user.avatar : null;

  let next = {
    ...user,
    ...(input.first_name !== undefined ? { firstName: toTitleCase(input.first_name) } : {}),
    ...(input.last_name !== undefined ? { lastName: toTitleCase(input.last_name) } : {}),
    ...(input.bio !== undefined ? { bio: input.bio } : {}),
    ...(input.motivations !== undefined ? { motivations: input.motivations } : {}),
    ...(input.suburb_city !== undefined ? { suburbCity: input.suburb_city } : {}),
    ...(input.state !== undefined ? { state: input.state } : {}),
    ...(input.country !== undefined ? { country: input.country } : {}),
  };
  if (input.avatar === null) delete next.avatar;
  else if (input.avatar !== undefined) next.avatar = input.avatar;
  next = withLocation(next, input.latitude, input.longitude);
  const relisting = relistItems(user, next, nowMs);

  // A replaced avatar's upload URL may still work (we keep no record of when it was handed out), so
  // its retirement record waits for the sweep past the URL's life: whatever is PUT again is removed.
  // The family is a condition of the write itself: a session revoked after its live check above
  // (the address's owner taking the account over) saves nothing.
  const items = [
    userPut(next),
    ...claim.map((item) => named(AVATAR_CLAIMED, item)),
    ...(retired ? [retireUpload(user.uuid, retired, nowMs, true)] : []),
    ...relisting.items,
    ...userSearchItems(user, next),
    liveFamilyCheck(session, nowMs),
  ];
  const out = await writeItems(items);
  const failed = failedChecks(out, items);
  if (failed.has(SESSION_LIVE)) throw unauthorized('Your session has ended; sign in again');
  if (failed.has(ACCOUNT_UNCHANGED)) throw conflict('Your account changed meanwhile; reload and try again');
  if (failed.has(AVATAR_CLAIMED)) throw badRequest(CLAIM_LOST, 'avatar');
  if (out.canceled) throw serviceUnavailable('Could not save your profile; try again');
  if (retired) await removeRetiredUpload(retired, true);
  await afterRelisting(user.uuid, relisting);
  const { data: saved } = await db().entities.user.get({ uuid: user.uuid }).go({ consistent: true });
  return toProfile((saved as UserItem | null) ?? next, session.csrfToken);
};
