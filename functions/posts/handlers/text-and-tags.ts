/** PUT /api/iam/posts/update/textandtags: new text and tags move the post to the front of its lists. */
import type { textAndTags as route } from '../../../shared/contract/posts';
import { badRequest } from '../../lib/errors';
import { hydrateOne } from '../post-views';
import { viewerOf } from '../../lib/session/viewer';
import { editPost } from '../write';
import type { Main } from '../../lib/route-types';
import { sweepsDeferred } from '../../lib/deferred';
import { matchListingNow } from '../../wanted/matching';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = await viewerOf(session);
  const post = await editPost(input.postId, input.userId, viewer, (p) => {
    if (!input.text && p.photos.length === 0) throw badRequest('is required when there are no photos', 'text');
    return { text: input.text, tags: input.tags };
  });
  // A listing's new tags may be wanted nearby (in the cloud, the table's stream matches it).
  if (!sweepsDeferred() && post.kind === 'plant') await matchListingNow(post);
  return { post: await hydrateOne(post, viewer) };
};
