/** PUT /api/iam/plant/update/details: a plant's details, availability and privacy. */
import type { plantDetails as route } from '../../shared/contract/posts';
import { hydrate, viewerOf } from './views';
import { editPost } from './write';
import type { Main } from '../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = viewerOf(session);
  const post = await editPost(input.postId, input.userId, viewer, () => ({ plant: input.plant, privacy: input.privacy }), 'plant');
  const [view] = await hydrate([post], viewer);
  return { plant: view };
};
