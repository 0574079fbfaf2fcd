/** Inputs of the comments routes (comment, reply, delete), used by the server and the web alike. */
import * as z from 'zod/mini';
import { COMMENT_MAX, MAX_COMMENT_LEVEL } from '../content-rules';
import { clientId, text, uuid } from './common';
import './locale';
import { postId } from './posts';

/** A comment id is the client-generated UUID of its creating call. */
export const commentId = uuid;

export const newCommentInput = z
  .strictObject({
    id: clientId,
    post_id: postId,
    content: text(1, COMMENT_MAX),
    parent_id: z.optional(commentId),
    level: z
      .number({ message: 'must be a number' })
      .check(
        z.int({ message: 'must be a whole number' }),
        z.gte(0, { message: 'must be 0 or more' }),
        z.lte(MAX_COMMENT_LEVEL, { message: `must be at most ${MAX_COMMENT_LEVEL}: replies nest at most ${MAX_COMMENT_LEVEL} deep` }),
      ),
  })
  .check(z.refine((c) => (c.parent_id === undefined) === (c.level === 0), { message: 'must be 0 for a comment and its parent\'s level + 1 for a reply', path: ['level'] }));

export const deleteCommentInput = z.strictObject({ id: commentId, uuid });
