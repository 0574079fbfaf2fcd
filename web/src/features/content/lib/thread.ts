/**
 * Comment threads. The server sends comments in thread order (each reply after its parent);
 * these helpers decide what is shown, nest it, and keep the order when a reply is added or a
 * comment leaves with its replies.
 */
import type { CommentView } from '@shared/answers/comments';

export interface ThreadNode {
  comment: CommentView;
  replies: ThreadNode[];
}

/**
 * The comments that can be shown, in order: top-level ones, and replies whose parent is shown
 * (a reply whose parent is missing, and everything under it, is left out).
 */
export function visibleComments(comments: readonly CommentView[], maxLevel: number): CommentView[] {
  const shown = new Set<string>();
  const out: CommentView[] = [];
  // Parents may come after a reply when times tie: look them up over the whole list, not just before.
  const byId = new Map(comments.map((c) => [c.id, c]));
  const ok = (c: CommentView, seen: Set<string>): boolean => {
    if (c.level < 0 || c.level > maxLevel) return false;
    if (c.parentId === null) return c.level === 0;
    if (seen.has(c.id)) return false;
    const parent = byId.get(c.parentId);
    if (!parent || parent.postId !== c.postId) return false;
    seen.add(c.id);
    return ok(parent, seen);
  };
  for (const c of comments) {
    if (shown.has(c.id)) continue;
    if (ok(c, new Set())) {
      shown.add(c.id);
      out.push(c);
    }
  }
  return out;
}

/** Nests shown comments under their parents, keeping the list's order among siblings. */
export function buildThread(comments: readonly CommentView[]): ThreadNode[] {
  const nodes = new Map<string, ThreadNode>();
  for (const c of comments) nodes.set(c.id, { comment: c, replies: [] });
  const roots: ThreadNode[] = [];
  for (const c of comments) {
    const node = nodes.get(c.id)!;
    const parent = c.parentId === null ? undefined : nodes.get(c.parentId);
    if (parent) parent.replies.push(node);
    else if (c.parentId === null) roots.push(node);
  }
  return roots;
}

/** The ids of a comment and of every reply under it. */
export function subtreeIds(comments: readonly CommentView[], id: string): Set<string> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of comments) {
      if (c.parentId !== null && ids.has(c.parentId) && !ids.has(c.id)) {
        ids.add(c.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** Adds a new comment in thread order: a reply after its parent's last descendant, a comment at the end. */
export function insertComment(comments: readonly CommentView[], comment: CommentView): CommentView[] {
  if (comments.some((c) => c.id === comment.id)) return comments.map((c) => (c.id === comment.id ? comment : c));
  if (comment.parentId === null) return [...comments, comment];
  const family = subtreeIds(comments, comment.parentId);
  let at = -1;
  comments.forEach((c, i) => {
    if (family.has(c.id)) at = i;
  });
  if (at < 0) return [...comments, comment];
  return [...comments.slice(0, at + 1), comment, ...comments.slice(at + 1)];
}

/** Takes a comment out with all its replies. */
export function removeSubtree(comments: readonly CommentView[], id: string): CommentView[] {
  const gone = subtreeIds(comments, id);
  return comments.filter((c) => !gone.has(c.id));
}
