/** PUT /api/iam/plant/update/photo-descriptions: the descriptions of a plant's photos, by key. */
import type { photoDescriptions as route } from '../../../shared/contract/posts';
import { badRequest } from '../../lib/errors';
import { hydrateOne } from '../post-views';
import { viewerOf } from '../../lib/session/viewer';
import { editPost } from '../write';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = await viewerOf(session);
  const post = await editPost(input.id, input.uuid, viewer, (p) => {
    const known = new Set(p.photos.map((ph) => ph.key));
    const unknown = input.plantPhotos.findIndex((ph) => !known.has(ph.key));
    if (unknown >= 0) throw badRequest(`photo ${unknown + 1} is not a photo of this plant`, 'plantPhotos');
    const described = new Map(input.plantPhotos.map((ph) => [ph.key, ph.description]));
    return {
      // Each photo keeps what else it has (its small rendition, its size).
      photos: p.photos.map(({ description: before, ...photo }) => {
        const description = described.has(photo.key) ? described.get(photo.key)! : before;
        return description ? { ...photo, description } : photo;
      }),
    };
  }, 'plant');
  return { plant: await hydrateOne(post, viewer) };
};
