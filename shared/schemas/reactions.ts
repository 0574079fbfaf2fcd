/** Inputs of the reactions routes (react, undo), used by the server and the web alike. */
import * as z from 'zod/mini';
import { REACTION_ID_PATTERN } from '../content-rules';
import { commentId } from './comments';
import './locale';
import { postId } from './posts';

/** `p.<postId>.<userId>` or `c.<commentId>.<userId>`: one reaction per user and target. */
export const reactionId = z.string({ message: 'must be text' }).check(z.regex(REACTION_ID_PATTERN, { message: 'must be a reaction id' }));

export const newReactionInput = z
  .strictObject({ post_id: z.optional(postId), comment_id: z.optional(commentId) })
  .check(z.refine((r) => (r.post_id === undefined) !== (r.comment_id === undefined), { message: 'name exactly one of post_id and comment_id', path: ['post_id'] }));
export const deleteReactionInput = z.strictObject({ id: reactionId });
