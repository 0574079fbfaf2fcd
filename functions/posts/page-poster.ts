/**
 * Posting as a page: the owner is the page, the author the member. The member must hold at least
 * the page's `postingRole` (moderator by default), read before the write and checked again in
 * the post's own transaction.
 */
import type { PageItem, PageRole } from '../db/entities/page';
import type { TxItem } from '../db/transact';
import { badRequest, forbidden, notFound } from '../lib/errors';
import { atLeast, getPage, membershipOf, roleCheck, roleOf } from '../pages/pages';

export async function pagePoster(authorId: string, pageId: string, kind: 'post' | 'plant'): Promise<{ page: PageItem; role: PageRole }> {
  if (kind === 'plant') throw badRequest('Plant listings are a member\'s own: list it yourself, or post news as the page', 'pageId');
  const [page, membership] = await Promise.all([getPage(pageId, true), membershipOf(pageId, authorId, true)]);
  if (!page || page.deletedAt) throw notFound('There is no page with this pageId', 'pageId');
  const role = roleOf(membership);
  if (!role) throw forbidden('Only the page\'s members may post as the page');
  if (!atLeast(role, page.postingRole)) throw forbidden(`Only the page's ${page.postingRole === 'admin' ? 'admins' : 'admins and moderators'} may post as the page`);
  return { page, role };
}

/** The author's role as a condition of the post's transaction (exactly one item). */
export function posterCheck(page: PageItem, authorId: string): TxItem[] {
  return roleCheck(page.id, { userId: authorId, siteAdmin: false, membership: null, role: null }, page.postingRole);
}
