/**
 * Comments and replies (P5, P6, P6b). Adding or deleting one is one transaction with the counts it
 * changes (`ADD` on the post, which also bumps the post's version, and on every ancestor's
 * `replyCount`) and the notification it causes, so none is lost and none can be forged. Keys and
 * thread order: functions/db/entities/comment.ts.
 */
import { assertStaffWriteAllowed, isPageStaff, membershipOf, roleOf, staffWriteChecks } from '../pages/pages';
import type { CommentAdded, CommentDeleted, CommentView } from '../../shared/answers/comments';
import { addItem } from '../db/add';
import { batchDelete, type TableKey } from '../db/batch';
import { absent, and, eq, exists, or } from '../db/condition';
import { commentClaimKey, commentKey, commentReactionKey, type CommentClaimItem, type CommentItem } from '../db/entities/comment';
import { db, threadCollection } from '../db/service';
import { failedChecks, named, txEntities, writeItems, type TxItem } from '../db/transact';
import { deleteItem, updateItem } from '../db/write';
import { badRequest, conflict, forbidden, notFound, serviceUnavailable } from '../lib/errors';
import { eitherBlocks } from '../users/blocks';
import { excerpt, notificationWrite, targetNameOf } from '../notifications/notifications';
import type { PostItem } from '../db/entities/post';
import { getPostItem, postCountItem, visiblePost } from '../posts/post-item';
import { canSee } from '../posts/visibility';
import { type Viewer } from '../lib/session/viewer';
import { assertAuthorWasLive, authorLiveCheck } from '../users/author-live';
import { responderOf, usersAnd } from '../users/cards';
import { getUser } from '../users/users';

const NOTIFY_SNIPPET = 140;

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
  // A reply lands only under comments still shown: one an admin is hiding takes none (its replies are hidden after it).
  return addItem(commentKey(postId, path), { replyCount: delta }, delta > 0 ? and(exists(), absent('hiddenAt')) : exists());
}

/** Whether a member can still be notified (a deleted account's partition is swept). */
export async function notifiable(userId: string): Promise<boolean> {
  const user = await getUser(userId);
  return !!user && !user.deletedAt;
}

/** The claim of a comment id: its post and path (P6b). */
export async function claimOf(commentId: string): Promise<CommentClaimItem | null> {
  const { data } = await db().entities.commentClaim.get({ id: commentId }).go({ consistent: true });
  return data ?? null;
}

export async function commentAt(postId: string, path: string): Promise<CommentItem | null> {
  const { data } = await db().entities.comment.get({ postId, path }).go({ consistent: true });
  return data ?? null;
}

/** A path segment: the creation time in ms, base 36, 9 characters, then the id, so a thread sorts in reading order. */
function segment(createdMs: number, id: string): string {
  return `${createdMs.toString(36).padStart(9, '0')}.${id}`;
}

export function toCommentView(c: CommentItem, author: CommentView['author'], myReactionId: string | null): CommentView {
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

/**
 * Comments or replies; a retry with the same id answers the first comment (`created: false`).
 * `nowMs` (the demo seed's clock, epoch ms) dates it and its notification; the present by default.
 */
export async function addComment(viewer: Viewer, input: NewComment, { nowMs: at }: { nowMs?: number } = {}): Promise<CommentAdded & { created: boolean }> {
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
      if (!parent || parent.hiddenAt) throw notFound('The comment replied to does not exist', 'parent_id');
      if (input.level !== parent.level + 1) throw badRequest(`must be ${parent.level + 1}: the parent's level + 1`, 'level');
    }
    const nowMs = at ?? Date.now();
    const path = parent ? `${parent.path}/${segment(nowMs, input.id)}` : segment(nowMs, input.id);
    const comment: CommentItem = {
      postId: post.id, path, id: input.id, level: input.level, content: input.content, authorId: userId,
      reactionCount: 0, replyCount: 0, createdAt: new Date(nowMs).toISOString(), ...(parent ? { parentId: parent.id } : {}),
    };
    const { comment: commentEntity, commentClaim } = txEntities();
    const recipient = parent ? parent.authorId : post.authorId;
    const ancestors = parent ? ancestorPaths(path) : [];
    // Nobody is told of a comment by a member they block, or who blocks them.
    const notify = (recipient === post.authorId || (await notifiable(recipient))) && !(await eitherBlocks(recipient, userId))
      ? notificationWrite(recipient, {
          kind: parent ? 'reply' : 'comment', actorId: userId, targetType: post.kind, targetId: post.id, text: input.content.slice(0, NOTIFY_SNIPPET),
          // A reply names the comment replied to; a comment, the post or plant.
          ...(parent ? { targetName: excerpt(parent.content) } : { targetName: targetNameOf(post) }),
        }, { mailAbout: { kind: 'post', id: post.id }, nowMs })
      : [];
    const items: TxItem[] = [
      named('comment-id-free', commentClaim.create({ id: input.id, postId: post.id, path, authorId: userId }).commit()),
      commentEntity.create(comment).commit(),
      named('post-live', postCountItem(post.id, 'commentCount', 1)),
      ...ancestors.map((a) => named('ancestor-exists', replyCountItem(post.id, a, 1))),
      ...notify,
      authorLiveCheck(userId),
    ];
    const out = await writeItems(items);
    if (!out.canceled) return { ...(await commentAnswer(comment)), created: true };
    await assertAuthorWasLive(out, items, userId);
    const failed = failedChecks(out, items);
    if (failed.has('comment-id-free') && attempt < 3) continue; // the same id landed meanwhile: answer it
    if (failed.has('post-live')) throw notFound('Post not found');
    if (failed.has('ancestor-exists')) throw notFound('The comment replied to was deleted or hidden', 'parent_id');
    if (attempt >= 3) throw serviceUnavailable('The conversation is busy; please try again');
  }
}

/** Deletes the viewer's comment with every reply under it and their reactions; the count drops by the comments removed. */
/** Whether the viewer is an admin or moderator of the page that owns the post (they remove comments on its posts). */
async function moderatesPage(post: PostItem, viewer: Viewer): Promise<boolean> {
  if (post.ownerType !== 'page' || !viewer.userId) return false;
  return isPageStaff(roleOf(await membershipOf(post.ownerId, viewer.userId, true)));
}

export async function deleteComment(viewer: Viewer, commentId: string, claimedUserId: string): Promise<CommentDeleted> {
  if (claimedUserId !== viewer.userId && !viewer.admin) throw forbidden('You can only delete your own comments');
  const claim = await claimOf(commentId);
  const post = claim ? await getPostItem(claim.postId) : null;
  if (!claim || !post || !canSee(post, viewer)) throw notFound('Comment not found');
  // Removing someone else's comment as the page's staff: the account and the role are conditions of the write.
  const asStaff = claim.authorId !== viewer.userId && !viewer.admin;
  if (asStaff && !(await moderatesPage(post, viewer))) throw forbidden('You can only delete your own comments');
  const staffChecks = asStaff ? staffWriteChecks(post.ownerId, viewer.userId!) : [];

  // The root's delete is conditioned on its replyCount matching the subtree read, so a reply or
  // another deletion inside the subtree since the read makes it fail, and it reads again.
  let subtree: { comment: CommentItem[]; commentReaction: { path: string; userId: string }[] } = { comment: [], commentReaction: [] };
  for (let attempt = 1; ; attempt++) {
    ({ data: subtree } = await threadCollection()({ postId: post.id, path: claim.path }).go({ pages: 'all' }));
    if (!subtree.comment.some((c) => c.path === claim.path)) throw notFound('Comment not found');
    const replies = subtree.comment.length - 1;
    const ancestors = ancestorPaths(claim.path);
    const items: TxItem[] = [
      deleteItem(commentKey(post.id, claim.path), and(exists(), replies === 0 ? or(absent('replyCount'), eq('replyCount', replies)) : eq('replyCount', replies))),
      txEntities().commentClaim.delete({ id: commentId }).commit(),
      // Hidden comments were taken off the post's count when they were hidden.
      named('post-live', postCountItem(post.id, 'commentCount', -subtree.comment.filter((c) => !c.hiddenAt).length)),
      ...ancestors.map((a) => named('ancestor-exists', replyCountItem(post.id, a, -subtree.comment.length))),
      ...staffChecks,
    ];
    const out = await writeItems(items);
    if (!out.canceled) break;
    if (staffChecks.length) await assertStaffWriteAllowed(out, items, viewer.userId!);
    const failed = failedChecks(out, items);
    if (failed.has('post-live')) throw notFound('Post not found');
    // An ancestor is gone: the thread above was deleted, and its sweep takes this comment too.
    if (failed.has('ancestor-exists')) throw notFound('Comment not found: its thread was deleted');
    if (attempt >= 5) throw serviceUnavailable('The conversation is busy; please try again');
  }
  const replies = subtree.comment.filter((c) => c.path !== claim.path);
  const rest: TableKey[] = [
    ...replies.map((c) => commentKey(post.id, c.path)),
    ...subtree.commentReaction.map((r) => commentReactionKey(post.id, r.path, r.userId)),
  ];
  const claims: TableKey[] = replies.map((c) => commentClaimKey(c.id));
  // Claims first: a claim without its comment would still answer for a deleted comment.
  await batchDelete([...claims, ...rest]);
  const after = await getPostItem(post.id);
  return { deleted: subtree.comment.length, commentCount: Math.max(0, after?.commentCount ?? 0) };
}

/** Replies hidden per transaction, each batch with its own count change (a transaction holds at most 100 items). */
const HIDE_BATCH = 90;
/** Rounds of reading the thread again for replies still shown (one that landed meanwhile, a batch that raced). */
const HIDE_ROUNDS = 5;

/** Marks `list` hidden by `adminId`, with the post's count down by as many: one transaction's items. */
function hideItems(postId: string, list: CommentItem[], adminId: string): TxItem[] {
  const hiddenAt = new Date().toISOString();
  return [
    ...list.map((c) => updateItem({ key: commentKey(c.postId, c.path), set: { hiddenAt, hiddenBy: adminId }, condition: and(exists(), absent('hiddenAt')) })),
    postCountItem(postId, 'commentCount', -list.length),
  ];
}

/**
 * The writes that hide a comment (an admin acting on a report), for the caller's own transaction:
 * it is marked `hiddenAt` and the post's count drops by one. Readers leave hidden comments out;
 * a reply cannot land under one. Its replies follow with hideReplies, once this has landed. Null
 * when there is no such comment.
 */
export async function hideCommentItems(commentId: string, adminId: string): Promise<{ comment: CommentItem; items: TxItem[] } | null> {
  const claim = await claimOf(commentId);
  if (!claim) return null;
  const comment = await commentAt(claim.postId, claim.path);
  if (!comment) return null;
  return { comment, items: comment.hiddenAt ? [] : hideItems(claim.postId, [comment], adminId) };
}

/**
 * Hides every reply still shown under a hidden comment, in batches of HIDE_BATCH (a long thread
 * does not fit one transaction), each whole: its marks and its count. The thread is read again
 * until no reply is left shown, so one that landed meanwhile goes too; a batch that raced a change
 * is simply read again. Returns how many it hid.
 */
export async function hideReplies(commentId: string, adminId: string): Promise<number> {
  const claim = await claimOf(commentId);
  if (!claim) return 0;
  let hidden = 0;
  for (let round = 1; round <= HIDE_ROUNDS; round++) {
    const { data: subtree } = await threadCollection()({ postId: claim.postId, path: claim.path }).go({ pages: 'all' });
    const shown = subtree.comment.filter((c) => !c.hiddenAt && c.path !== claim.path);
    if (!shown.length) return hidden;
    for (let i = 0; i < shown.length; i += HIDE_BATCH) {
      const batch = shown.slice(i, i + HIDE_BATCH);
      if (!(await writeItems(hideItems(claim.postId, batch, adminId))).canceled) hidden += batch.length;
    }
  }
  throw serviceUnavailable('The thread kept changing; act on it again from the post');
}

/** Whether the comment exists and the caller wrote it (for new-comment-notif). */
export async function ownCommentExists(viewer: Viewer, commentId: string): Promise<boolean> {
  const claim = await claimOf(commentId);
  return !!claim && claim.authorId === viewer.userId;
}
