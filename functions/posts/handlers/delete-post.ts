/** DELETE /api/iam/posts: the caller's post leaves every list and count at once; its thread and photos are swept. */
import type { deletePost as route } from '../../../shared/contract/posts';
import { viewerOf } from '../../lib/session/viewer';
import { deletePost } from '../write';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  await deletePost(input.postId, input.userId, await viewerOf(session));
  return { deleted: true };
};
