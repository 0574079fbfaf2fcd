/** GET /api/post/{id} and /api/iam/posts/{id}: a post with its thread, only for a viewer who may see it (404 otherwise). */
import type { getPost as route } from '../../../shared/contract/feeds';
import { postDetail } from '../post-detail';
import { viewerOf } from '../../lib/session/viewer';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  return postDetail(input.id, await viewerOf(session), undefined, input.commentsCursor);
};
