/** The comments routes' contract. */
import { commentAdded, commentDeleted } from '../answers/comments';
import { deleteCommentInput, newCommentInput } from '../schemas/comments';
import { defineRoute } from './route';

export const newComment = defineRoute({
  method: 'POST', path: '/api/iam/posts/comment/new', access: 'registered', status: 201, idempotent: true,
  input: newCommentInput, output: commentAdded,
  errors: { 404: 'no such post, or the comment replied to was deleted', 409: 'the id belongs to another comment', 429: 'past the comment limit' },
  summary: 'Comment on a post (id = client UUID, post_id, content) or reply (parent_id, level = parent\'s level + 1, at most 5); the post\'s or parent\'s author is notified in the same transaction: 201 { comment, commentCount }; 429 after 120 comments in an hour.',
});

export const deleteComment = defineRoute({
  method: 'DELETE', path: '/api/iam/posts/comment', access: 'self',
  input: deleteCommentInput, output: commentDeleted,
  errors: { 404: 'no such comment, or its post or thread is gone' },
  summary: 'Delete the caller\'s comment (id, uuid = the caller) with all its replies and their reactions; the post\'s count drops by the number removed: { deleted, commentCount }.',
});
