/**
 * Owners of posts as cards: a user today, a page once pages exist (the handle namespace is
 * shared, so a handle names either). One GetItem for the handle claim, one for the owner.
 */
import type { OwnerCard } from '../../shared/answers/content';
import { notFound } from '../lib/errors';
import { getUser, handleOwner } from '../users/users';
import { ownerCard } from '../posts/post-views';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function userCard(id: string, field: string): Promise<OwnerCard> {
  const user = await getUser(id);
  if (!user || user.deletedAt || user.regState !== 'complete') throw notFound('No such member', field);
  return ownerCard(user, id);
}

/** The owner a handle names; 404 naming `field` when nobody has it. */
export async function ownerByHandle(handle: string, field = 'username'): Promise<OwnerCard> {
  const owner = await handleOwner(handle);
  if (!owner || owner.ownerType !== 'user') throw notFound('No member or page has this handle', field);
  return userCard(owner.ownerId, field);
}

/** A user's (or, later, a page's) card by id or handle. */
export async function ownerCardOf(idOrHandle: string): Promise<OwnerCard> {
  return UUID.test(idOrHandle) ? userCard(idOrHandle.toLowerCase(), 'x') : ownerByHandle(idOrHandle, 'x');
}
