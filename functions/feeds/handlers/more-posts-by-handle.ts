/** GET /api/posts/more/by-user/{arg}?cursorId: the next page of a user's posts. */
import type { morePostsByHandle as route } from '../../../shared/contract/feeds';
import { ownerCounts } from '../counts';
import { listPage } from '../list-page';
import { ownerByHandle } from '../owners';
import { ownerSource } from '../sources';
import { ownerAudience } from '../../posts/visibility';
import { viewerOf } from '../../lib/session/viewer';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = await viewerOf(session);
  const owner = await ownerByHandle(input.arg, 'arg');
  const page = await listPage([ownerSource(owner, 'post', ownerAudience(owner, viewer))], ownerCounts(owner, viewer), viewer, input.cursorId);
  return { posts: page.items, counts: page.counts, cursorId: page.cursorId, owner };
};
