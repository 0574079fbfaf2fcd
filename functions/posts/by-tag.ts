/** GET /api/posts/tag/{tag} and /api/iam/posts/tag/{tag}: posts and plants with the tag, as the viewer may see them. */
import type { byTag as route } from '../../shared/contract/feeds';
import { readCounts } from './counters';
import { listPage, tagSource } from './feeds';
import { audienceOf, viewerOf } from './views';
import type { Main } from '../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = viewerOf(session);
  const audience = audienceOf(viewer);
  const page = await listPage([tagSource(input.tag, audience, viewer)], readCounts(`tag#${input.tag}`, audience), viewer, input.cursorId);
  return { contentItems: page.items, counts: page.counts, cursorId: page.cursorId };
};
