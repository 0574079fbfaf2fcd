/** PUT /api/iam/pages/update-page-settings: who may join, whether the address is public, who posts news (its admins). */
import type { updatePageSettings as route } from '../../../shared/contract/pages';
import type { Main } from '../../lib/route-types';
import { actOnPage, pageViewOf } from '../pages';
import { changePage } from '../write';

export const main: Main<typeof route> = async ({ input, session }) => {
  const { pageId, ...change } = input;
  const { page, actor } = await actOnPage(session, pageId, 'admin', 'Only the page\'s admins may change its settings');
  const after = await changePage(page, actor, change);
  return { page: pageViewOf(after, actor.membership, actor.siteAdmin) };
};
