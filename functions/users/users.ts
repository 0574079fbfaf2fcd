/**
 * Users: reading, creating, saving and deleting accounts, and the shapes the API answers.
 * Writes are whole-item puts with an optimistic check on updatedAt, so every index (registration
 * state, "without a location", nearby) is recomputed from the whole item and never drifts.
 */
import { siteCountItem } from '../db/items/feed-counter';
import { randomUUID } from 'node:crypto';
import type { Motivation, Profile } from '../../shared/answers/auth';
import type { MemberProfile, PublicUser } from '../../shared/answers/users';
import { MOTIVATIONS } from '../../shared/schemas/auth';
import { encodeGeohash } from '../../shared/geohash';
import { db } from '../db/service';
import type { UserItem } from '../db/entities/user';
import { userSearchItems } from '../db/items/search-index';
import { failedChecks, isConditionFailure, named, txEntities, writeItems, type TxItem } from '../db/transact';
import { holdsAdmin } from '../lib/admins';
import { conflict, HttpError } from '../lib/errors';
import type { Session } from '../lib/session/token';

export async function getUser(uuid: string, consistent = false): Promise<UserItem | null> {
  const { data } = await db().entities.user.get({ uuid }).go({ consistent });
  return data && !data.deletedAt ? data : null;
}

export async function userIdByEmail(email: string): Promise<string | null> {
  const { data } = await db().entities.emailClaim.get({ email: email.toLowerCase() }).go();
  return data?.userId ?? null;
}

/** Admin powers: see `holdsAdmin` (verified configured address or the role; never while suspended). */
export function isAdmin(user: UserItem): boolean {
  return holdsAdmin(user);
}

export function claimsFor(user: UserItem, familyId: string, csrfToken: string): Session {
  return {
    userId: user.uuid,
    familyId,
    csrfToken,
    role: isAdmin(user) ? 'admin' : 'user',
    emailVerified: user.emailVerified,
    registered: user.regState === 'complete',
    suspended: user.suspended,
  };
}

const KNOWN_MOTIVATIONS: ReadonlySet<string> = new Set(MOTIVATIONS);
/** Registration and profile updates store only known motivations; the answer names no other. */
const isMotivation = (m: string): m is Motivation => KNOWN_MOTIVATIONS.has(m);

export function toProfile(user: UserItem, csrfToken: string): Profile {
  return {
    uuid: user.uuid,
    email: user.email,
    username: user.username ?? null,
    first_name: user.firstName ?? null,
    last_name: user.lastName ?? null,
    bio: user.bio ?? null,
    motivations: (user.motivations ?? []).filter(isMotivation),
    avatar: user.avatar ?? null,
    csrf_token: csrfToken,
    email_verified: user.emailVerified,
    registration_complete: user.regState === 'complete',
    is_admin: isAdmin(user),
    suspended: user.suspended,
    phone_verified: user.phoneVerified,
    location: user.latitude !== undefined && user.longitude !== undefined ? { latitude: user.latitude, longitude: user.longitude } : null,
    suburb_city: user.suburbCity ?? null,
    state: user.state ?? null,
    country: user.country ?? null,
    created_at: user.createdAt,
  };
}

/** What anyone may see of a registered user; null for accounts that are not public yet. */
export function toPublicUser(user: UserItem): PublicUser | null {
  if (user.regState !== 'complete' || !user.username || user.deletedAt) return null;
  return {
    uuid: user.uuid,
    username: user.username,
    first_name: user.firstName ?? '',
    last_name: user.lastName ?? '',
    avatar: user.avatar ?? null,
    bio: user.bio ?? null,
    suburb_city: user.suburbCity ?? null,
    state: user.state ?? null,
    country: user.country ?? null,
  };
}

/** What a member's profile adds to `toPublicUser`: what the forms say others see (never the phone number). */
export function toMemberDetails(user: UserItem): Pick<MemberProfile, 'motivations' | 'phone_verified' | 'member_since'> {
  return {
    motivations: (user.motivations ?? []).filter(isMotivation),
    phone_verified: user.phoneVerified === true,
    member_since: user.createdAt,
  };
}

/** Location fields with the geohash the nearby indexes need. */
export function withLocation<T extends Partial<UserItem>>(user: T, latitude: number | undefined, longitude: number | undefined): T {
  if (latitude === undefined || longitude === undefined) return user;
  return { ...user, latitude, longitude, geohash: encodeGeohash({ latitude, longitude }) };
}

/**
 * Creates an account with its e-mail claim in one transaction; null when the address already
 * has an account (the caller answers the same either way).
 */
export async function createAccount(email: string, passwordHash: string, invitedBy?: string): Promise<UserItem | null> {
  const uuid = randomUUID();
  const user = { uuid, email, passwordHash, ...(invitedBy ? { invitedBy } : {}) };
  const { user: u, emailClaim, ownerIdClaim } = txEntities();
  const items = [
    u.create(user).commit(),
    named('emailFree', emailClaim.create({ email, userId: uuid }).commit()),
    ownerIdClaim.create({ id: uuid, ownerType: 'user' }).commit(),
  ];
  const out = await writeItems(items);
  if (failedChecks(out, items).has('emailFree')) return null;
  if (out.canceled) throw new Error(`account creation cancelled: ${JSON.stringify(out.data)}`);
  return (await getUser(uuid))!;
}

/** Saves the whole user, refusing when someone else changed it since it was read (409). */
export async function saveUser(next: UserItem): Promise<UserItem> {
  const { uuid, updatedAt: previous, ...rest } = next;
  try {
    const { data } = await db()
      .entities.user.put({ uuid, ...rest })
      .where((a, op) => op.eq(a.updatedAt, previous))
      .go();
    return data as UserItem;
  } catch (err) {
    if (isConditionFailure(err)) {
      throw conflict('Your account changed meanwhile; reload and try again');
    }
    throw err;
  }
}

/**
 * Completes registration: the handle claim (shared with pages) and the user in one transaction,
 * so a handle can never belong to two owners.
 */
/**
 * Completes registration: the username claimed and the account saved in one transaction, with
 * `guard` (the session's family, so a session revoked meanwhile registers nothing) as a
 * condition; `guardFailed` is the error when it fails.
 */
export async function completeRegistration(
  user: UserItem,
  changes: Partial<UserItem> & { username: string },
  guard?: { item: TxItem; name: string; failed: () => Error },
): Promise<UserItem> {
  const next = { ...user, ...changes, regState: 'complete' as const };
  const { uuid, updatedAt: previous, ...rest } = next;
  const { user: u, handleClaim } = txEntities();
  const items = [
    named('handle-free', handleClaim.create({ handle: changes.username, ownerType: 'user', ownerId: uuid }).commit()),
    named('account-unchanged', u.put({ uuid, ...rest }).where((a, op) => op.eq(a.updatedAt, previous)).commit()),
    // Counted once: the put is guarded on the account as read, which was not registered yet.
    ...(user.regState !== 'complete' && !user.deletedAt ? [siteCountItem('members', 1)] : []),
    ...(guard ? [guard.item] : []),
    ...userSearchItems(user, next as UserItem),
  ];
  const out = await writeItems(items);
  const failed = failedChecks(out, items);
  if (guard && failed.has(guard.name)) throw guard.failed();
  if (failed.has('handle-free')) throw conflict('This username is taken; choose another', 'username');
  if (failed.has('account-unchanged')) throw conflict('Your account changed meanwhile; reload and try again');
  if (out.canceled) throw new HttpError(503, 'unavailable', 'Could not complete registration; try again');
  return (await getUser(uuid))!;
}

export async function handleOwner(handle: string): Promise<{ ownerType: 'user' | 'page'; ownerId: string } | null> {
  const { data } = await db().entities.handleClaim.get({ handle: handle.toLowerCase() }).go();
  return data ? { ownerType: data.ownerType, ownerId: data.ownerId } : null;
}
