/** DELETE /api/iam/pages/page: its stored images, then the page (its admins; moderators may not). */
import type { deletePage as route } from '../../../shared/contract/pages';
import type { Main } from '../../lib/route-types';
import { actOnPage } from '../pages';
import { deletePage } from '../../cascades/page-deletion';

export const main: Main<typeof route> = async ({ input, session }) => {
  const { page, actor } = await actOnPage(session, input.pageId, 'admin', 'Only the page\'s admins may delete it');
  await deletePage(page, actor);
  return { deleted: true as const };
};
