/** What the comments routes answer: comments as threads show them, and the answers of the writes. */
import * as z from 'zod';

const count = () => z.number().int().nonnegative();

/** A user as a small card (who commented, who reacted); a deleted account shows as former-member. */
export const responder = z.strictObject({
  uuid: z.string(),
  username: z.string(),
  name: z.string().describe('The display name, as posts show their owner: first and last name, else the username; "Former member" for a deleted account'),
  avatar: z.string().nullable().describe('The avatar\'s image key, null without one'),
});
export type Responder = z.output<typeof responder>;

export const commentView = z.strictObject({
  id: z.string(),
  postId: z.string(),
  parentId: z.string().nullable().describe('The comment replied to; null for a top-level comment'),
  level: z.number().int().nonnegative().describe('0 for a comment, the parent\'s level + 1 for a reply'),
  content: z.string(),
  author: responder,
  reactionCount: count(),
  myReactionId: z.string().nullable().describe('The viewer\'s reaction to the comment (for undo); null when none or a guest'),
  createdAt: z.string(),
});
export type CommentView = z.output<typeof commentView>;

export const commentAdded = z.strictObject({
  comment: commentView,
  commentCount: count().describe('The post\'s comments now'),
});
export type CommentAdded = z.output<typeof commentAdded>;

export const commentDeleted = z.strictObject({
  deleted: z.number().int().positive().describe('How many comments were removed: the comment and all its replies'),
  commentCount: count().describe('The post\'s comments now'),
});
export type CommentDeleted = z.output<typeof commentDeleted>;
