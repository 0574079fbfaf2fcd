/**
 * Reactions to posts and comments (P7, P7b). Each is one transaction with the count it changes
 * (`ADD` on the post, which also bumps the post's version, or on the comment) and the
 * notification it causes, so none is lost and none can be forged. Keys:
 * functions/db/entities/comment.ts.
 */
import type { ReactionRemoved, ReactionView } from '../../shared/answers/reactions';
import { addItem } from '../db/add';
import { absent, and, exists } from '../db/condition';
import { commentKey, type CommentClaimItem } from '../db/entities/comment';
import type { PostItem } from '../db/entities/post';
import { db } from '../db/service';
import { failedChecks, named, txEntities, writeItems, type TxItem } from '../db/transact';
import { forbidden, HttpError, notFound } from '../lib/errors';
import { eitherBlocks } from '../users/blocks';
import { excerpt, notificationWrite, targetNameOf } from '../notifications/notifications';
import { claimOf, commentAt, notifiable } from '../comments/comments';
import { getPostItem, livePostCheck, postCountItem, visiblePost } from '../posts/post-item';
import { canSee } from '../posts/visibility';
import { type Viewer } from '../lib/session/viewer';
import { assertAuthorWasLive, authorLiveCheck } from '../users/author-live';
import { parseReactionId, reactionIdOf } from '../posts/reaction-id';

/** A reaction's count on its comment. A new reaction needs a comment still shown: one hidden by an admin takes none. */
function commentReactionCountItem(postId: string, path: string, delta: number): TxItem {
  return addItem(commentKey(postId, path), { reactionCount: delta }, delta > 0 ? and(exists(), absent('hiddenAt')) : exists());
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
 * nobody is to be told (one's own post or comment, a deleted account, a member who blocks or is
 * blocked by the reacting one).
 */
async function reactionNotification(t: Target, userId: string, createdAt: string): Promise<TxItem[]> {
  const recipient = t.kind === 'p' ? t.post.authorId : t.claim.authorId;
  if (recipient === userId) return [];
  if (t.kind === 'c' && !(await notifiable(recipient))) return [];
  if (await eitherBlocks(recipient, userId)) return [];
  // Named by the comment's start, or the post's or plant's name.
  const targetName = t.kind === 'c' ? excerpt((await commentAt(t.post.id, t.claim.path))?.content ?? '') : targetNameOf(t.post);
  const notify = notificationWrite(recipient, {
    // A comment's reaction names the comment's kind and the post it is on (where the link leads).
    kind: 'reaction', actorId: userId, targetType: t.kind === 'c' ? 'comment' : t.post.kind, targetId: t.post.id, ...(targetName ? { targetName } : {}),
  }, { nowMs: Date.parse(createdAt) });
  if (!notify.length) return [];
  const reactionId = t.kind === 'p' ? reactionIdOf('p', t.post.id, userId) : reactionIdOf('c', t.claim.id, userId);
  return [named('not-told-yet', txEntities().reactionNotice.create({ postId: t.post.id, reactionId, recipientId: recipient, createdAt }).commit()), ...notify];
}

/**
 * One reaction per user and target: a second call answers the first (`created: false`). `nowMs`
 * (the demo seed's clock, epoch ms) dates it and its notification; the present by default.
 */
export async function react(viewer: Viewer, postId: string | undefined, commentId: string | undefined, { nowMs: at }: { nowMs?: number } = {}): Promise<{ reaction: ReactionView; created: boolean }> {
  const userId = viewer.userId!;
  const t = await targetOf(viewer, postId, commentId);
  const { postReaction, commentReaction } = txEntities();
  const createdAt = new Date(at ?? Date.now()).toISOString();
  const reaction: TxItem[] = [
    ...(t.kind === 'p'
      ? [named('not-reacted-yet', postReaction.create({ postId: t.post.id, userId, createdAt }).commit()), postCountItem(t.post.id, 'reactionCount', 1)]
      : [
          named('not-reacted-yet', commentReaction.create({ postId: t.post.id, path: t.claim.path, commentId: t.claim.id, userId, createdAt }).commit()),
          commentReactionCountItem(t.post.id, t.claim.path, 1),
          livePostCheck(t.post.id),
        ]),
    authorLiveCheck(userId),
  ];
  let notify = await reactionNotification(t, userId, createdAt);
  for (;;) {
    const items = [...reaction, ...notify];
    const out = await writeItems(items);
    if (!out.canceled) return { reaction: await reactionAnswer(t, userId), created: true };
    await assertAuthorWasLive(out, items, userId);
    const failed = failedChecks(out, items);
    if (failed.has('not-reacted-yet')) return { reaction: await reactionAnswer(t, userId), created: false };
    // The author was told of this member's reaction before (then undone): react without telling again.
    if (notify.length && failed.has('not-told-yet')) {
      notify = [];
      continue;
    }
    throw notFound(t.kind === 'p' ? 'Post not found' : 'Comment not found');
  }
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

/** Whether the caller's own reaction exists (for new-reaction-notif); false when it is not theirs. */
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
