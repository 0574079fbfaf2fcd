/**
 * Posting as a page: the owner is the page, the author the member. The member must hold at least
 * the page's `postingRole` (moderator by default), read before the write and checked again in
 * the post's own transaction.
 */
import { tableName } from '../db/client';
import { pageKey, type PageItem, type PageRole } from '../db/entities/page';
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

/**
 * Conditions of the post's transaction (exactly two items): the author still holds a role that
 * may post, and the page is live with the posting role it was read with (a page deleted or
 * re-set meanwhile cancels the post rather than leave it orphaned).
 */
export function posterCheck(page: PageItem, authorId: string): TxItem[] {
  return [
    ...roleCheck(page.id, { userId: authorId, siteAdmin: false, membership: null, role: null }, page.postingRole),
    {
      ConditionCheck: {
        TableName: tableName(),
        Key: pageKey(page.id),
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deletedAt) AND postingRole = :role',
        ExpressionAttributeValues: { ':role': page.postingRole },
      },
    },
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
