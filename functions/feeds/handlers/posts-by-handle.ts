/** GET /api/posts/{username}: a user's posts as the viewer may see them, with the owner's card. */
import type { postsByHandle as route } from '../../../shared/contract/feeds';
import { ownerCounts } from '../counts';
import { listPage } from '../list-page';
import { ownerByHandle } from '../owners';
import { ownerSource } from '../sources';
import { ownerAudience } from '../../posts/visibility';
import { viewerOf } from '../../lib/session/viewer';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = await viewerOf(session);
  const owner = await ownerByHandle(input.username);
  const page = await listPage([ownerSource(owner, 'post', ownerAudience(owner, viewer))], ownerCounts(owner, viewer), viewer, input.cursorId);
  return { posts: page.items, counts: page.counts, cursorId: page.cursorId, owner };
};
