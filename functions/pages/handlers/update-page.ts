/** PUT /api/iam/pages/update: the page's details, place and images (its admins). */
import type { updatePage as route } from '../../../shared/contract/pages';
import { logFaults } from '../../lib/log-faults';
import type { Main } from '../../lib/route-types';
import { pageImageOps } from '../page-images';
import { actOnPage, pageViewOf } from '../pages';
import { resolvePlace } from '../place';
import { changePage } from '../write';

export const main: Main<typeof route> = async ({ input, session }) => {
  const { pageId, ...change } = input;
  return logFaults('page update error', { userId: session.userId, pageId }, async () => {
    const { page, actor } = await actOnPage(session, pageId, 'admin', 'Only the page\'s admins may change it');
    const after = await changePage(page, actor, change, { imageOps: pageImageOps, places: resolvePlace });
    return { page: pageViewOf(after, actor.membership, actor.siteAdmin) };
  });
};
