/** DELETE /api/iam/posts/comment: the caller's comment with all its replies and their reactions. */
import type { deleteComment as route } from '../../../shared/contract/comments';
import { deleteComment } from '../comments';
import { viewerOf } from '../../lib/session/viewer';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  return deleteComment(await viewerOf(session), input.id, input.uuid);
};
