/** POST /api/iam/posts/reaction/new: one reaction per user and target; a repeat answers the first. */
import type { newReaction as route } from '../../../shared/contract/reactions';
import { reply } from '../../lib/http';
import { logFaults } from '../../lib/log-faults';
import { hitRateLimit } from '../../lib/rate-limit';
import { viewerOf } from '../../lib/session/viewer';
import { react } from '../reactions';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  await hitRateLimit('REACTION_USER', session.userId);
  return logFaults('reaction or delete error', { userId: session.userId, postId: input.post_id, commentId: input.comment_id }, async () => {
    const { reaction, created } = await react(await viewerOf(session), input.post_id, input.comment_id);
    return reply({ reaction }, { status: created ? 201 : 200 });
  });
};
