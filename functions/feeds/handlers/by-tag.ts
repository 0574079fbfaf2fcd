/** GET /api/posts/tag/{tag} and /api/iam/posts/tag/{tag}: posts and plants with the tag, as the viewer may see them. */
import type { byTag as route } from '../../../shared/contract/feeds';
import { tagCounts } from '../counts';
import { listPage } from '../list-page';
import { tagSource } from '../sources';
import { audienceOf } from '../../posts/visibility';
import { viewerOf } from '../../lib/session/viewer';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = await viewerOf(session);
  const audience = audienceOf(viewer);
  const page = await listPage([tagSource(input.tag, audience, viewer)], tagCounts(input.tag, audience), viewer, input.cursorId);
  return { contentItems: page.items, counts: page.counts, cursorId: page.cursorId };
};
