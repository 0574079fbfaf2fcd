/** What the reactions routes answer: a reaction, and the target's count after a write. */
import * as z from 'zod';

const count = () => z.number().int().nonnegative();

export const reactionView = z.strictObject({
  id: z.string().describe('p.<postId>.<userId> or c.<commentId>.<userId>: pass it to undo'),
  postId: z.string().describe('The post reacted to, or the post the comment is on'),
  commentId: z.string().nullable().describe('The comment reacted to; null for a reaction to a post'),
  reactionCount: count().describe('The target\'s reactions now'),
});
export type ReactionView = z.output<typeof reactionView>;

export const reactionAdded = z.strictObject({ reaction: reactionView });
export type ReactionAdded = z.output<typeof reactionAdded>;

export const reactionRemoved = z.strictObject({
  reactionCount: count().describe('The target\'s reactions now'),
});
export type ReactionRemoved = z.output<typeof reactionRemoved>;
