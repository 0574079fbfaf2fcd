/**
 * POST /api/iam/pages/create-page-settings: a page is created with its settings (openness,
 * addressPublic, postingRole on the page item), so this answers them to its admins as they are.
 */
import type { createPageSettings as route } from '../../../shared/contract/pages';
import type { Main } from '../../lib/route-types';
import { actOnPage, pageViewOf } from '../pages';

export const main: Main<typeof route> = async ({ input, session }) => {
  const { page, actor } = await actOnPage(session, input.pageId, 'admin', 'Only the page\'s admins may see its settings');
  return { page: pageViewOf(page, actor.membership, actor.siteAdmin) };
};
