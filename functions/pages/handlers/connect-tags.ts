/** POST /api/iam/pages/connect-tags: tags added to the page, its tag links and tag uses in the same transaction. */
import type { connectTags as route } from '../../../shared/contract/pages';
import type { Main } from '../../lib/route-types';
import { actOnPage, pageViewOf } from '../pages';
import { changePage } from '../write';

export const main: Main<typeof route> = async ({ input, session }) => {
  const { page, actor } = await actOnPage(session, input.pageId, 'admin', 'Only the page\'s admins may change its tags');
  const after = await changePage(page, actor, { addTags: input.tagIdArr });
  return { page: pageViewOf(after, actor.membership, actor.siteAdmin) };
};
