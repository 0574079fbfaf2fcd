/**
 * Comments, replies and reactions (P5–P7). Each action is one transaction with the count it
 * changes (`ADD` on the post or the comment, which also bumps the post's version) and the
 * notification it causes, so none is lost and none can be forged. Keys: entities/comment.ts.
 */
import type { CommentAdded, CommentDeleted, CommentView, ReactionRemoved, ReactionView } from '../../shared/answers/content';
import { batchDelete, partitionItems, type TableKey } from '../db/batch';
import { tableName } from '../db/client';
import type { CommentClaimItem, CommentItem } from '../db/entities/comment';
import type { PostItem } from '../db/entities/post';
import { db } from '../db/service';
import { conditionFailed, txEntities, writeItems, type TxItem } from '../db/transact';
import { badRequest, conflict, forbidden, HttpError, notFound, serviceUnavailable } from '../lib/errors';
import { notificationWrite } from '../notifications/notifications';
import { assertAuthorWasLive, authorLiveCheck } from '../users/author-live';
import { getUser } from '../users/users';
import { canSee, reactionIdOf, responderOf, usersAnd, type Viewer } from './views';
import { getPostItem } from './write';

const NOTIFY_SNIPPET = 140;

/** `ADD`s to counter attributes of an existing item under the post, in a transaction. */
function addItem(postId: string, sk: string, deltas: Record<string, number>, condition = 'attribute_exists(pk)'): TxItem {
  const fields = Object.keys(deltas);
  return {
    Update: {
      TableName: tableName(),
      Key: { pk: `post#${postId}`, sk },
      UpdateExpression: `ADD ${fields.map((_, i) => `#f${i} :v${i}`).join(', ')}`,
      ConditionExpression: condition,
      ExpressionAttributeNames: Object.fromEntries(fields.map((f, i) => [`#f${i}`, f])),
      ExpressionAttributeValues: Object.fromEntries(fields.map((f, i) => [`:v${i}`, deltas[f]])),
    },
  };
}

/** A post's comment or reaction count, bumping its version too; fails on a deleted post. */
function postCountItem(postId: string, field: 'commentCount' | 'reactionCount', delta: number): TxItem {
  return addItem(postId, 'post', { [field]: delta, version: 1 }, 'attribute_exists(pk) AND attribute_not_exists(deletedAt)');
}

function commentReactionCountItem(postId: string, path: string, delta: number): TxItem {
  return addItem(postId, `comment#${path}`, { reactionCount: delta });
}

/** The paths of a comment's ancestors, nearest last: `a/b/c` → [`a`, `a/b`]. */
export function ancestorPaths(path: string): string[] {
  const parts = path.split('/');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
}

/**
 * `ADD` to an ancestor's `replyCount` (every descendant, at any depth), on the condition that it
 * still exists: a reply cannot land under a comment being deleted, and a deletion whose read of
 * the subtree is out of date fails on its own condition (deleteComment) and reads again.
 */
function replyCountItem(postId: string, path: string, delta: number): TxItem {
  return addItem(postId, `comment#${path}`, { replyCount: delta });
}

/** The post exists and is not being deleted (a reaction to one of its comments checks this). */
function livePostCheck(postId: string): TxItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: { pk: `post#${postId}`, sk: 'post' },
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deletedAt)',
    },
  };
}

/** Whether a member can still be notified (a deleted account's partition is swept). */
async function reachable(userId: string): Promise<boolean> {
  const user = await getUser(userId);
  return !!user && !user.deletedAt;
}

/** A visible, live post, or 404 naming the field that pointed at it. */
async function visiblePost(postId: string, viewer: Viewer, field: string): Promise<PostItem> {
  const post = await getPostItem(postId);
  if (!post || !canSee(post, viewer)) throw notFound('Post not found', field);
  return post;
}

async function claimOf(commentId: string): Promise<CommentClaimItem | null> {
  const { data } = await db().entities.commentClaim.get({ id: commentId }).go({ consistent: true });
  return (data as CommentClaimItem | null) ?? null;
}

async function commentAt(postId: string, path: string): Promise<CommentItem | null> {
  const { data } = await db().entities.comment.get({ postId, path }).go({ consistent: true });
  return (data as CommentItem | null) ?? null;
}

function segment(createdMs: number, id: string): string {
  return `${createdMs.toString(36).padStart(9, '0')}.${id}`;
}

function toCommentView(c: CommentItem, author: CommentView['author'], myReactionId: string | null): CommentView {
  return {
    id: c.id,
    postId: c.postId,
    parentId: c.parentId ?? null,
    level: c.level,
    content: c.content,
    author,
    reactionCount: Math.max(0, c.reactionCount ?? 0),
    myReactionId,
    createdAt: c.createdAt,
  };
}

async function commentAnswer(c: CommentItem): Promise<CommentAdded> {
  const [{ users }, post] = await Promise.all([usersAnd([c.authorId]), getPostItem(c.postId)]);
  return { comment: toCommentView(c, responderOf(users.get(c.authorId), c.authorId), null), commentCount: Math.max(0, post?.commentCount ?? 0) };
}

export interface NewComment {
  id: string;
  post_id: string;
  content: string;
  parent_id?: string;
  level: number;
}

/** Comments or replies; a retry with the same id answers the first comment (`created: false`). */
export async function addComment(viewer: Viewer, input: NewComment): Promise<CommentAdded & { created: boolean }> {
  const userId = viewer.userId!;
  const post = await visiblePost(input.post_id, viewer, 'post_id');
  for (let attempt = 1; ; attempt++) {
    const earlier = await claimOf(input.id);
    if (earlier) {
      if (earlier.authorId !== userId || earlier.postId !== input.post_id) throw conflict('This id belongs to another comment; generate a new one', 'id');
      const first = await commentAt(earlier.postId, earlier.path);
      if (!first) throw notFound('Comment not found');
      return { ...(await commentAnswer(first)), created: false };
    }
    let parent: CommentItem | null = null;
    if (input.parent_id) {
      const parentClaim = await claimOf(input.parent_id);
      parent = parentClaim && parentClaim.postId === post.id ? await commentAt(post.id, parentClaim.path) : null;
      if (!parent) throw notFound('The comment replied to does not exist', 'parent_id');
      if (input.level !== parent.level + 1) throw badRequest(`must be ${parent.level + 1}: the parent's level + 1`, 'level');
    }
    const nowMs = Date.now();
    const path = parent ? `${parent.path}/${segment(nowMs, input.id)}` : segment(nowMs, input.id);
    const comment: CommentItem = {
      postId: post.id, path, id: input.id, level: input.level, content: input.content, authorId: userId,
      reactionCount: 0, replyCount: 0, createdAt: new Date(nowMs).toISOString(), ...(parent ? { parentId: parent.id } : {}),
    };
    const { comment: commentEntity, commentClaim } = txEntities();
    const recipient = parent ? parent.authorId : post.authorId;
    const ancestors = parent ? ancestorPaths(path) : [];
    const notify = recipient === post.authorId || (await reachable(recipient))
      ? notificationWrite(recipient, {
          kind: parent ? 'reply' : 'comment', actorId: userId, targetType: post.kind, targetId: post.id, text: input.content.slice(0, NOTIFY_SNIPPET),
        })
      : [];
    const items: TxItem[] = [
      commentClaim.create({ id: input.id, postId: post.id, path, authorId: userId }).commit(),
      commentEntity.create(comment).commit(),
      postCountItem(post.id, 'commentCount', 1),
      ...ancestors.map((a) => replyCountItem(post.id, a, 1)),
      ...notify,
      authorLiveCheck(userId),
    ];
    const out = await writeItems(items);
    if (!out.canceled) return { ...(await commentAnswer(comment)), created: true };
    assertAuthorWasLive(out, items.length - 1);
    if (conditionFailed(out, 0) && attempt < 3) continue; // the same id landed meanwhile: answer it
    if (conditionFailed(out, 2)) throw notFound('Post not found');
    if (ancestors.some((_, i) => conditionFailed(out, 3 + i))) throw notFound('The comment replied to was deleted', 'parent_id');
    if (attempt >= 3) throw serviceUnavailable('The conversation is busy; please try again');
  }
}

/** Deletes the viewer's comment with every reply under it and their reactions; the count drops by the comments removed. */
export async function deleteComment(viewer: Viewer, commentId: string, claimedUserId: string): Promise<CommentDeleted> {
  if (claimedUserId !== viewer.userId && !viewer.admin) throw forbidden('You can only delete your own comments');
  const claim = await claimOf(commentId);
  const post = claim ? await getPostItem(claim.postId) : null;
  if (!claim || !post || !canSee(post, viewer)) throw notFound('Comment not found');
  if (claim.authorId !== viewer.userId && !viewer.admin) throw forbidden('You can only delete your own comments');

  // The root's delete is conditioned on its replyCount matching the subtree read, so a reply or
  // another deletion inside the subtree since the read makes it fail, and it reads again.
  let subtree: Awaited<ReturnType<typeof partitionItems>> = [];
  let comments: typeof subtree = [];
  for (let attempt = 1; ; attempt++) {
    subtree = await partitionItems(`post#${post.id}`, `comment#${claim.path}`);
    comments = subtree.filter((i) => i.__edb_e__ === 'comment');
    const root = comments.find((c) => c.sk === `comment#${claim.path}`);
    if (!root) throw notFound('Comment not found');
    const replies = comments.length - 1;
    const ancestors = ancestorPaths(claim.path);
    const out = await writeItems([
      {
        Delete: {
          TableName: tableName(),
          Key: { pk: `post#${post.id}`, sk: `comment#${claim.path}` },
          ConditionExpression: replies === 0 ? 'attribute_exists(pk) AND (attribute_not_exists(replyCount) OR replyCount = :n)' : 'attribute_exists(pk) AND replyCount = :n',
          ExpressionAttributeValues: { ':n': replies },
        },
      },
      txEntities().commentClaim.delete({ id: commentId }).commit(),
      postCountItem(post.id, 'commentCount', -comments.length),
      ...ancestors.map((a) => replyCountItem(post.id, a, -comments.length)),
    ]);
    if (!out.canceled) break;
    if (conditionFailed(out, 2)) throw notFound('Post not found');
    // An ancestor is gone: the thread above was deleted, and its sweep takes this comment too.
    if (ancestors.some((_, i) => conditionFailed(out, 3 + i))) throw notFound('Comment not found: its thread was deleted');
    if (attempt >= 5) throw serviceUnavailable('The conversation is busy; please try again');
  }
  const rest: TableKey[] = subtree.filter((i) => i.sk !== `comment#${claim.path}`).map((i) => ({ pk: i.pk, sk: i.sk }));
  const claims: TableKey[] = comments.filter((c) => c.id !== commentId).map((c) => ({ pk: `comment#${String(c.id)}`, sk: 'comment' }));
  // Claims first: a claim without its comment would still answer for a deleted comment.
  await batchDelete([...claims, ...rest]);
  const after = await getPostItem(post.id);
  return { deleted: comments.length, commentCount: Math.max(0, after?.commentCount ?? 0) };
}

type Target = { kind: 'p'; post: PostItem } | { kind: 'c'; post: PostItem; claim: CommentClaimItem };

async function targetOf(viewer: Viewer, postId: string | undefined, commentId: string | undefined): Promise<Target> {
  if (postId) return { kind: 'p', post: await visiblePost(postId, viewer, 'post_id') };
  const claim = await claimOf(commentId!);
  const post = claim ? await getPostItem(claim.postId) : null;
  if (!claim || !post || !canSee(post, viewer)) throw notFound('Comment not found', 'comment_id');
  return { kind: 'c', post, claim };
}

async function reactionAnswer(t: Target, userId: string): Promise<ReactionView> {
  if (t.kind === 'p') {
    const post = await getPostItem(t.post.id);
    return { id: reactionIdOf('p', t.post.id, userId), postId: t.post.id, commentId: null, reactionCount: Math.max(0, post?.reactionCount ?? 0) };
  }
  const c = await commentAt(t.post.id, t.claim.path);
  return { id: reactionIdOf('c', t.claim.id, userId), postId: t.post.id, commentId: t.claim.id, reactionCount: Math.max(0, c?.reactionCount ?? 0) };
}

/**
 * The notification of a reaction, with its notice item first: at most one per member and target,
 * ever. The notice is put with `attribute_not_exists`, so once the author has been told, a later
 * reaction (after an undo) cancels on it and is written again without notifying. Empty when
 * nobody is to be told (one's own post or comment, a deleted account).
 */
async function reactionNotification(t: Target, userId: string, createdAt: string): Promise<TxItem[]> {
  const recipient = t.kind === 'p' ? t.post.authorId : t.claim.authorId;
  if (t.kind === 'c' && !(await reachable(recipient))) return [];
  const notify = notificationWrite(recipient, {
    // A comment's reaction names the comment's kind and the post it is on (where the link leads).
    kind: 'reaction', actorId: userId, targetType: t.kind === 'c' ? 'comment' : t.post.kind, targetId: t.post.id,
  });
  if (!notify.length) return [];
  const reactionId = t.kind === 'p' ? reactionIdOf('p', t.post.id, userId) : reactionIdOf('c', t.claim.id, userId);
  return [txEntities().reactionNotice.create({ postId: t.post.id, reactionId, recipientId: recipient, createdAt }).commit(), ...notify];
}

/** One reaction per user and target: a second call answers the first (`created: false`). */
export async function react(viewer: Viewer, postId: string | undefined, commentId: string | undefined): Promise<{ reaction: ReactionView; created: boolean }> {
  const userId = viewer.userId!;
  const t = await targetOf(viewer, postId, commentId);
  const { postReaction, commentReaction } = txEntities();
  const createdAt = new Date().toISOString();
  const reaction: TxItem[] = [
    ...(t.kind === 'p'
      ? [postReaction.create({ postId: t.post.id, userId, createdAt }).commit(), postCountItem(t.post.id, 'reactionCount', 1)]
      : [
          commentReaction.create({ postId: t.post.id, path: t.claim.path, commentId: t.claim.id, userId, createdAt }).commit(),
          commentReactionCountItem(t.post.id, t.claim.path, 1),
          livePostCheck(t.post.id),
        ]),
    authorLiveCheck(userId),
  ];
  let notify = await reactionNotification(t, userId, createdAt);
  for (;;) {
    const out = await writeItems([...reaction, ...notify]);
    if (!out.canceled) return { reaction: await reactionAnswer(t, userId), created: true };
    assertAuthorWasLive(out, reaction.length - 1);
    if (conditionFailed(out, 0)) return { reaction: await reactionAnswer(t, userId), created: false };
    // The author was told of this member's reaction before (then undone): react without telling again.
    if (notify.length && conditionFailed(out, reaction.length)) {
      notify = [];
      continue;
    }
    throw notFound(t.kind === 'p' ? 'Post not found' : 'Comment not found');
  }
}

export function parseReactionId(id: string): { kind: 'p' | 'c'; targetId: string; userId: string } {
  const [kind, targetId, userId] = id.split('.') as ['p' | 'c', string, string];
  return { kind, targetId, userId };
}

/** Undoes the viewer's reaction; 404 when there is none. */
export async function unreact(viewer: Viewer, reactionId: string): Promise<ReactionRemoved> {
  const { kind, targetId, userId } = parseReactionId(reactionId);
  if (userId !== viewer.userId) throw forbidden('You can only undo your own reactions');
  const t = await targetOf(viewer, kind === 'p' ? targetId : undefined, kind === 'c' ? targetId : undefined).catch((err: unknown) => {
    throw err instanceof HttpError && err.status === 404 ? notFound('Reaction not found') : err;
  });
  const { postReaction, commentReaction } = txEntities();
  const items: TxItem[] =
    t.kind === 'p'
      ? [postReaction.delete({ postId: t.post.id, userId }).where((a, op) => op.exists(a.userId)).commit(), postCountItem(t.post.id, 'reactionCount', -1)]
      : [
          commentReaction.delete({ postId: t.post.id, path: t.claim.path, userId }).where((a, op) => op.exists(a.userId)).commit(),
          commentReactionCountItem(t.post.id, t.claim.path, -1),
        ];
  const out = await writeItems(items);
  if (out.canceled) throw notFound('Reaction not found');
  return { reactionCount: (await reactionAnswer(t, userId)).reactionCount };
}

/** The caller's own reaction (for new-reaction-notif); null when it is not theirs or does not exist. */
export async function ownReactionExists(viewer: Viewer, reactionId: string): Promise<boolean> {
  const { kind, targetId, userId } = parseReactionId(reactionId);
  if (userId !== viewer.userId) return false;
  if (kind === 'p') {
    const { data } = await db().entities.postReaction.get({ postId: targetId, userId }).go();
    return !!data;
  }
  const claim = await claimOf(targetId);
  if (!claim) return false;
  const { data } = await db().entities.commentReaction.get({ postId: claim.postId, path: claim.path, userId }).go();
  return !!data;
}

/** Whether the comment exists and the caller wrote it (for new-comment-notif). */
export async function ownCommentExists(viewer: Viewer, commentId: string): Promise<boolean> {
  const claim = await claimOf(commentId);
  return !!claim && claim.authorId === viewer.userId;
}

export { toCommentView };
