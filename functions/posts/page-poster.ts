/**
 * Posting as a page (news, or a plant listing): the owner is the page, the author the member. The
 * member must hold at least the page's `postingRole` (moderator by default), read before the
 * write and checked again in the post's own transaction.
 */
import { and, eq, live } from '../db/condition';
import { pageKey, type PageItem, type PageRole } from '../db/entities/page';
import type { TxItem } from '../db/transact';
import { conditionCheck } from '../db/write';
import { forbidden, notFound } from '../lib/errors';
import { atLeast, getPage, membershipOf, roleCheck, roleOf } from '../pages/pages';

export async function pagePoster(authorId: string, pageId: string, kind: 'post' | 'plant'): Promise<{ page: PageItem; role: PageRole }> {
  const [page, membership] = await Promise.all([getPage(pageId, true), membershipOf(pageId, authorId, true)]);
  if (!page || page.deletedAt) throw notFound('There is no page with this pageId', 'pageId');
  const role = roleOf(membership);
  const what = kind === 'plant' ? 'list plants' : 'post';
  if (!role) throw forbidden(`Only the page's members may ${what} as the page`);
  if (!atLeast(role, page.postingRole)) throw forbidden(`Only the page's ${page.postingRole === 'admin' ? 'admins' : page.postingRole === 'moderator' ? 'admins and moderators' : 'members'} may ${what} as the page`);
  return { page, role };
}

/**
 * Conditions of the post's transaction (exactly two items): the author still holds a role that
 * may post, and the page is live with the posting role it was read with (a page deleted or
 * re-set meanwhile cancels the post rather than leave it orphaned). A plant listing (`pinned`)
 * also needs the page item unchanged since its place was read (a page that moved meanwhile is
 * read again), as a member's listing needs its author's.
 */
export function posterCheck(page: PageItem, authorId: string, pinned = false): TxItem[] {
  return [
    ...roleCheck(page.id, { userId: authorId, siteAdmin: false, membership: null, role: null }, page.postingRole),
    conditionCheck(pageKey(page.id), and(live(), eq('postingRole', page.postingRole), pinned ? eq('updatedAt', page.updatedAt) : undefined)),
  ];
}

/**
 * Changing a post published as a page: its author must still hold a role that may post there
 * (an author removed or demoted can no longer rewrite or hide the page's news); the page's
 * staff may delete it instead.
 */
export async function assertMayEditPagePost(post: { ownerType: string; ownerId: string }, userId: string | null): Promise<void> {
  if (post.ownerType !== 'page' || !userId) return;
  const [page, membership] = await Promise.all([getPage(post.ownerId, true), membershipOf(post.ownerId, userId, true)]);
  if (!page || page.deletedAt || !atLeast(roleOf(membership), page.postingRole)) throw forbidden('Only members who may post as the page can change its news');
}
