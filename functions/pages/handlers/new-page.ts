/** POST /api/iam/pages/new: a page with its creator as first admin, its handle claimed in the same transaction (201; a retry with its id: 200). */
import { randomUUID } from 'node:crypto';
import type { newPage as route } from '../../../shared/contract/pages';
import { reply } from '../../lib/http';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { adminNow } from '../../lib/session/live';
import { membershipOf, pageViewOf } from '../pages';
import { createPage } from '../write';

export const main: Main<typeof route> = async ({ input, session }) => {
  const { page, created } = await createPage(session.userId, { ...input, id: input.id ?? randomUUID() }, () => hitRateLimit('PAGE_USER', session.userId));
  const [membership, siteAdmin] = await Promise.all([membershipOf(page.id, session.userId, true), adminNow(session)]);
  const view = pageViewOf(page, membership, siteAdmin);
  return reply({ page: view }, { status: created ? 201 : 200 });
};
