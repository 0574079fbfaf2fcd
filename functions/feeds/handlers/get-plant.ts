/** GET /api/plant/{id} and /api/iam/plant/{id}: a plant post with its thread, only for a viewer who may see it. */
import type { getPlant as route } from '../../../shared/contract/feeds';
import { postDetail } from '../post-detail';
import { viewerOf } from '../../lib/session/viewer';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  const { post, comments, responders, commentsCursor } = await postDetail(input.id, await viewerOf(session), 'plant', input.commentsCursor);
  return { plant: post, comments, responders, commentsCursor };
};
