/** POST /api/iam/posts/new: a post (201), or the same post again for a retry with its id (200). */
import type { newPost as route } from '../../../shared/contract/posts';
import { reply } from '../../lib/http';
import { hitRateLimit } from '../../lib/rate-limit';
import { hydrateOne } from '../post-views';
import { viewerOf } from '../../lib/session/viewer';
import { createPost } from '../write';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  await hitRateLimit('POST_USER', session.userId);
  const { post, created } = await createPost(session.userId, { ...input, kind: 'post' });
  return reply({ post: await hydrateOne(post, await viewerOf(session)) }, { status: created ? 201 : 200 });
};
