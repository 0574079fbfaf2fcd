/**
 * The stored post (P1) as other writes meet it: read by id (consistent), found visible, its
 * comment and reaction counts changed by `ADD` in the transaction of the comment or reaction, and
 * checked to be live in a transaction that writes under it.
 */
import { addItem } from '../db/add';
import { tableName } from '../db/client';
import { postKey, type PostItem } from '../db/entities/post';
import { db } from '../db/service';
import type { TxItem } from '../db/transact';
import { notFound } from '../lib/errors';
import { canSee, type Viewer } from './viewer';

const LIVE_POST = 'attribute_exists(pk) AND attribute_not_exists(deletedAt)';

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
  return addItem(postKey(postId), { [field]: delta, version: 1 }, LIVE_POST);
}

/** The post exists and is not being deleted (a reaction to one of its comments checks this). */
export function livePostCheck(postId: string): TxItem {
  return { ConditionCheck: { TableName: tableName(), Key: postKey(postId), ConditionExpression: LIVE_POST } };
}
