/** The reactions routes' contract. */
import { reactionAdded, reactionRemoved } from '../answers/reactions';
import { deleteReactionInput, newReactionInput } from '../schemas/reactions';
import { defineRoute } from './route';

export const newReaction = defineRoute({
  method: 'POST', path: '/api/iam/posts/reaction/new', access: 'registered', status: 201, idempotent: true,
  input: newReactionInput, output: reactionAdded,
  errors: { 404: 'no such post or comment', 429: 'past the reaction limit' },
  summary: 'React to a post (post_id) or a comment (comment_id): one per user and target, a second call answers the same reaction (200); the author is notified in the same transaction, once per member and target (reacting again after an undo notifies nobody): 201 { reaction }; 429 after 300 in an hour.',
});

export const deleteReaction = defineRoute({
  method: 'DELETE', path: '/api/iam/posts/reaction', access: 'self',
  input: deleteReactionInput, output: reactionRemoved,
  errors: { 404: 'no such reaction' },
  summary: 'Undo the caller\'s reaction (id from reaction/new): { reactionCount }.',
});
