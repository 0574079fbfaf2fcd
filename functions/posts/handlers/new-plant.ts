/** POST /api/iam/plant/new: a plant post (201), or the same plant again for a retry with its id (200). */
import type { newPlant as route } from '../../../shared/contract/posts';
import { reply } from '../../lib/http';
import { hitRateLimit } from '../../lib/rate-limit';
import { hydrateOne } from '../post-views';
import { viewerOf } from '../../lib/session/viewer';
import { createPost } from '../write';
import type { Main } from '../../lib/route-types';
import { sweepsDeferred } from '../../lib/deferred';
import { matchListingNow } from '../../wanted/matching';

export const main: Main<typeof route> = async ({ input, session }) => {
  await hitRateLimit('POST_USER', session.userId);
  const { post, created } = await createPost(session.userId, {
    id: input.id, kind: 'plant', text: input.text ?? '', tags: input.tags, photos: input.plant_photos, privacy: input.privacy, plant: input.plant,
    ...(input.pageId ? { pageId: input.pageId } : {}),
  });
  // A listing available now alerts the wanted lists near it (in the cloud, the table's stream does).
  if (!sweepsDeferred()) await matchListingNow(post);
  return reply({ plant: await hydrateOne(post, await viewerOf(session)) }, { status: created ? 201 : 200 });
};
