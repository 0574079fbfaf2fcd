/** POST /api/iam/posts/comment/new: a comment or reply, with its notification, in one transaction. */
import type { newComment as route } from '../../../shared/contract/comments';
import { reply } from '../../lib/http';
import { hitRateLimit } from '../../lib/rate-limit';
import { addComment } from '../comments';
import { viewerOf } from '../../lib/session/viewer';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  await hitRateLimit('COMMENT_USER', session.userId);
  const { created, ...answer } = await addComment(await viewerOf(session), input);
  return reply(answer, { status: created ? 201 : 200 });
};
