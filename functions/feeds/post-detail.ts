/**
 * A post with a page of its thread (P5): the post, a page of the `thread` collection (comments in
 * thread order with their reactions) and, on the first page, the post's reactions, read in
 * parallel (each one Query or GetItem), then one BatchGet of the people.
 */
import type { CommentView, Responder } from '../../shared/answers/comments';
import type { PostDetail } from '../../shared/answers/feeds';
import { commentSk, isThreadSk, postReactionKey, type PostReactionItem } from '../db/entities/comment';
import { pageKey } from '../db/entities/page';
import { postPk } from '../db/entities/post';
import { db, threadCollection } from '../db/service';
import { notFound } from '../lib/errors';
import { cursorKey, onePage, type ListPartition } from '../lib/paging';
import { toCommentView } from '../comments/comments';
import { blockedBy } from '../users/blocks';
import { getPostItem } from '../posts/post-item';
import { cardsOf, toPostView } from '../posts/post-views';
import { canSee } from '../posts/visibility';
import { type Viewer } from '../lib/session/viewer';
import { reactionIdOf } from '../posts/reaction-id';
import { responderOf, usersAnd } from '../users/cards';

/** Items of the thread read per page (comments and their reactions), and responders listed at most. */
export const THREAD_PAGE_ITEMS = 300;
export const RESPONDERS_MAX = 100;

/** A thread's pages: its post's partition, ending only on a comment or a comment's reaction. */
const threadOf = (postId: string): ListPartition => ({ field: 'pk', value: postPk(postId), sort: { field: 'sk', test: isThreadSk } });

/**
 * A post with a page of its thread (comments in thread order with their reactions, at most
 * THREAD_PAGE_ITEMS items; `commentsCursor` for the next) and, on the first page, its most
 * recent responders. Replies whose parent is gone (a deletion's sweep not finished) are left out;
 * a reply whose parent was on an earlier page is kept (the reader holds the parent).
 */
export async function postDetail(id: string, viewer: Viewer, kind?: 'post' | 'plant', commentsCursor?: string): Promise<PostDetail> {
  const thread = threadOf(id);
  // Where the page starts (after this sort key); 400 naming commentsCursor before anything is read.
  const startSk = cursorKey(commentsCursor, thread, 'commentsCursor')?.sk;
  const [head, page, postReactions, hidden] = await Promise.all([
    getPostItem(id),
    onePage(commentsCursor, thread, (cursor) => threadCollection()({ postId: id, path: '' }).go({ cursor, limit: THREAD_PAGE_ITEMS }), 'commentsCursor'),
    startSk ? Promise.resolve([] as PostReactionItem[]) : db().entities.postReaction.query.byPost({ postId: id }).go({ limit: RESPONDERS_MAX }).then((r) => r.data),
    viewer.userId ? blockedBy(viewer.userId) : Promise.resolve(new Set<string>()),
  ]);
  if (!head || !canSee(head, viewer) || (kind && head.kind !== kind)) throw notFound(kind === 'plant' ? 'Plant not found' : 'Post not found');

  const { comment: comments, commentReaction: commentReactions } = page.items;
  const myCommentReactions = new Set(commentReactions.filter((r) => r.userId === viewer.userId).map((r) => r.commentId));
  const present = new Set<string>();
  // Comments of members the viewer blocks are left out, and with them the replies under them.
  const shown = comments.filter((c) => {
    if (hidden.has(c.authorId) || (c.hiddenAt && !viewer.admin)) return false;
    const parentPath = c.path.includes('/') ? c.path.slice(0, c.path.lastIndexOf('/')) : null;
    const earlierPage = parentPath !== null && startSk !== undefined && commentSk(parentPath) <= startSk;
    const ok = !c.parentId || present.has(c.parentId) || earlierPage;
    if (ok) present.add(c.id);
    return ok;
  });
  const mineKey = viewer.userId && !startSk ? [postReactionKey(id, viewer.userId)] : [];
  // The owner is a member, or a page (its card read in the same BatchGet).
  const pageOwned = head.ownerType === 'page';
  const { users, others } = await usersAnd(
    [...(pageOwned ? [] : [head.ownerId]), ...shown.map((c) => c.authorId), ...postReactions.map((r) => r.userId)],
    [...(pageOwned ? [pageKey(head.ownerId)] : []), ...mineKey],
  );

  const seen = new Set<string>();
  const responders: Responder[] = [];
  for (const r of [...postReactions].filter((x) => !hidden.has(x.userId)).sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))) {
    const who = responderOf(users.get(r.userId), r.userId);
    if (seen.has(who.uuid) || seen.has(`@${who.username}`)) continue;
    seen.add(who.uuid).add(`@${who.username}`);
    responders.push(who);
  }
  const card = cardsOf([head], users, others, viewer).get(head.id)!;
  const commentViews: CommentView[] = shown.map((c) =>
    toCommentView(c, responderOf(users.get(c.authorId), c.authorId), viewer.userId && myCommentReactions.has(c.id) ? reactionIdOf('c', c.id, viewer.userId) : null),
  );
  return {
    post: toPostView(head, card.owner, card.myReactionId, card.area),
    comments: commentViews,
    responders,
    commentsCursor: page.cursorId,
  };
}
