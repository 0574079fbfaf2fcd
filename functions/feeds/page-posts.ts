/** A page's posts of one kind as the viewer may see them (its staff: all of them), one page of the list. */
import type { FeedCounts } from '../../shared/answers/feeds';
import { listPage, type ListPage } from './list-page';
import { ownerSource } from './sources';
import { notFound } from '../lib/errors';
import type { Session } from '../lib/session/token';
import { viewerOf } from '../lib/session/viewer';
import { getPage, isPageStaff, membershipOf, pageShownTo, roleOf } from '../pages/pages';

/** These routes answer no counts (all-details does): nothing is read for them. */
const NO_COUNTS: FeedCounts = { postsAll: 0, plantsAll: 0, plantsAvail: 0, news: 0 };

export async function pagePostsPage(
  session: Session | null,
  pageId: string,
  kind: 'post' | 'plant',
  cursor: string | undefined,
  fields: { page: string; cursor: string },
): Promise<ListPage> {
  const viewer = await viewerOf(session);
  const [page, membership] = await Promise.all([getPage(pageId), membershipOf(pageId, viewer.userId)]);
  if (!pageShownTo(page, membership, viewer.admin)) throw notFound('There is no page with this id', fields.page);
  const audience = isPageStaff(roleOf(membership)) || viewer.admin ? 'owner' : viewer.member ? 'members' : 'public';
  return listPage([ownerSource({ type: 'page', id: page.id }, kind, audience)], Promise.resolve(NO_COUNTS), viewer, cursor, fields.cursor);
}
