/** PUT /api/iam/plant/update/details: a plant's details, availability and privacy. */
import type { plantDetails as route } from '../../../shared/contract/posts';
import { hydrateOne } from '../post-views';
import { viewerOf } from '../../lib/session/viewer';
import { editPost } from '../write';
import type { Main } from '../../lib/route-types';
import { sweepsDeferred } from '../../lib/deferred';
import { matchListingNow } from '../../wanted/matching';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = await viewerOf(session);
  const post = await editPost(input.postId, input.userId, viewer, () => ({ plant: input.plant, privacy: input.privacy }), 'plant');
  // Made available: the wanted lists near it are alerted (in the cloud, the table's stream does).
  if (!sweepsDeferred()) await matchListingNow(post);
  return { plant: await hydrateOne(post, viewer) };
};
