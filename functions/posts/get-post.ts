/** GET /api/post/{id} and /api/iam/posts/{id}: a post with its thread, only for a viewer who may see it (404 otherwise). */
import type { postIdParams } from '../../shared/schemas/content';
import { postDetail } from './feeds';
import { viewerOf } from './views';
import type { Main } from '../lib/route-types';

export const main: Main<typeof postIdParams> = async ({ input, session }) => {
  return postDetail(input.id, viewerOf(session), undefined, input.commentsCursor);
};
