/** PUT /api/iam/posts/privacy: a new privacy moves the post to the front of its lists; counts follow. */
import type { privacy as route } from '../../../shared/contract/posts';
import { hydrateOne } from '../post-views';
import { viewerOf } from '../../lib/session/viewer';
import { editPost } from '../write';
import type { Main } from '../../lib/route-types';
import { sweepsDeferred } from '../../lib/deferred';
import { matchListingNow } from '../../wanted/matching';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = await viewerOf(session);
  const post = await editPost(input.id, input.uuid, viewer, () => ({ privacy: input.privacy }));
  // A listing no longer private may alert the wanted lists near it (in the cloud, the table's stream does).
  if (!sweepsDeferred()) await matchListingNow(post);
  return { post: await hydrateOne(post, viewer) };
};
