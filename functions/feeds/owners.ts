/**
 * Owners of posts as cards: a user or a page (the handle namespace is shared, so a handle names
 * either). One GetItem for the handle claim, one for the owner.
 */
import type { OwnerCard } from '../../shared/answers/posts';
import { notFound } from '../lib/errors';
import { getPage } from '../pages/pages';
import { getUser, handleOwner } from '../users/users';
import { ownerCard } from '../posts/post-views';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function userCard(id: string, field: string): Promise<OwnerCard> {
  const user = await getUser(id);
  if (!user || user.deletedAt || user.regState !== 'complete') throw notFound('No such member', field);
  return ownerCard(user, id);
}

async function pageCard(id: string, field: string): Promise<OwnerCard> {
  const page = await getPage(id);
  // A page an admin hid is no one's to find by its card (its staff open it through the page routes).
  if (!page || page.deletedAt || page.hiddenAt) throw notFound('No such page', field);
  return { type: 'page', id, handle: page.handle, name: page.name, avatar: page.avatar ?? null };
}

/** The owner a handle names; 404 naming `field` when nobody has it. */
export async function ownerByHandle(handle: string, field = 'username'): Promise<OwnerCard> {
  const owner = await handleOwner(handle);
  if (!owner) throw notFound('No member or page has this handle', field);
  return owner.ownerType === 'page' ? pageCard(owner.ownerId, field) : userCard(owner.ownerId, field);
}

/** A user's or a page's card by id or handle (an id is a member's, else a page's). */
export async function ownerCardOf(idOrHandle: string): Promise<OwnerCard> {
  if (!UUID.test(idOrHandle)) return ownerByHandle(idOrHandle, 'x');
  const id = idOrHandle.toLowerCase();
  const user = await getUser(id);
  if (user) return userCard(id, 'x');
  return pageCard(id, 'x');
}
