/**
 * GET /api/page/all-details/{handle}: a page's profile: the page, its news (first page) and its
 * counts as the viewer may see them. The handle claim, then the page and the viewer's
 * membership in parallel, then the list (one Query, one BatchGet) with the counts.
 */
import type { pageAllDetails as route } from '../../shared/contract/pages';
import { pageCounts } from '../feeds/counts';
import { listPage } from '../feeds/list-page';
import { ownerSource } from '../feeds/sources';
import { notFound } from '../lib/errors';
import type { Main } from '../lib/route-types';
import { viewerOf } from '../posts/viewer';
import { getPage, isPageStaff, membershipOf, pageIdByHandle, pageViewOf, roleOf } from './pages';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = viewerOf(session);
  const pageId = await pageIdByHandle(input.handle);
  if (!pageId) throw notFound('No page has this handle', 'handle');
  const [page, membership] = await Promise.all([getPage(pageId), membershipOf(pageId, viewer.userId)]);
  if (!page || page.deletedAt) throw notFound('No page has this handle', 'handle');
  const audience = isPageStaff(roleOf(membership)) || viewer.admin ? 'owner' : viewer.member ? 'members' : 'public';
  const list = await listPage([ownerSource(page.id, 'post', audience)], pageCounts(page.id, audience), viewer, undefined);
  return { page: pageViewOf(page, membership, viewer.admin), posts: list.items, cursorId: list.cursorId, counts: list.counts };
};
