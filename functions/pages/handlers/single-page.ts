/** GET /api/iam/pages/single-page/{id}: one page with the caller's relation to it (two GetItems in parallel; a site admin's powers read live beside them). */
import type { singlePage as route } from '../../../shared/contract/pages';
import { notFound } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { adminNow } from '../../lib/session/live';
import { getPage, membershipOf, pageShownTo, pageViewOf } from '../pages';

export const main: Main<typeof route> = async ({ input, session }) => {
  const [page, membership, siteAdmin] = await Promise.all([getPage(input.id), membershipOf(input.id, session.userId), adminNow(session)]);
  if (!pageShownTo(page, membership, siteAdmin)) throw notFound('There is no page with this id', 'id');
  return { page: pageViewOf(page, membership, siteAdmin) };
};
