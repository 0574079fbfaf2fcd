/**
 * The stored post (P1) as other writes meet it: read by id (consistent), found visible, its
 * comment and reaction counts changed by `ADD` in the transaction of the comment or reaction, and
 * checked to be live in a transaction that writes under it.
 */
import { addItem } from '../db/add';
import { live } from '../db/condition';
import { postKey, type PostItem } from '../db/entities/post';
import { db } from '../db/service';
import type { TxItem } from '../db/transact';
import { conditionCheck } from '../db/write';
import { notFound } from '../lib/errors';
import { canSee } from './visibility';
import { type Viewer } from '../lib/session/viewer';

export async function getPostItem(id: string): Promise<PostItem | null> {
  const { data } = await db().entities.post.get({ id }).go({ consistent: true });
  return data ?? null;
}

/** A visible, live post, or 404 naming the field that pointed at it. */
export async function visiblePost(postId: string, viewer: Viewer, field: string): Promise<PostItem> {
  const post = await getPostItem(postId);
  if (!post || !canSee(post, viewer)) throw notFound('Post not found', field);
  return post;
}

/** A post's comment or reaction count, bumping its version too; fails on a deleted post. */
export function postCountItem(postId: string, field: 'commentCount' | 'reactionCount', delta: number): TxItem {
  return addItem(postKey(postId), { [field]: delta, version: 1 }, live());
}

/** The post exists and is not being deleted (a reaction to one of its comments checks this). */
export function livePostCheck(postId: string): TxItem {
  return conditionCheck(postKey(postId), live());
}
