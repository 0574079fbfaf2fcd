/**
 * GET /api/page/all-details/{handle}: a page's profile: the page, its news (first page), its next
 * events and their places, and its counts as the viewer may see them. The handle claim, then the
 * page and the viewer's membership in parallel, then in parallel the news (one Query, one
 * BatchGet) with the counts, the upcoming dates (one Query, then the cards' BatchGets) and, for
 * members, the places (one Query); then the places' BatchGet (for others, those of the upcoming
 * public dates: a members-only event's place is for members). Beside them, the page's swap record
 * (one Query of gsi1, one BatchGet of the reviewers).
 */
import type { pageAllDetails as route } from '../../../shared/contract/pages';
import { pagePk } from '../../db/entities/page';
import { upcomingOf } from '../../events/lists';
import { locationsById, locationViewOf, ownerLocationIds } from '../../events/locations';
import { pageCounts } from '../../feeds/counts';
import { listPage } from '../../feeds/list-page';
import { ownerSource } from '../../feeds/sources';
import { notFound } from '../../lib/errors';
import { swapRecordOf } from '../../swaps/reviews';
import type { Main } from '../../lib/route-types';
import { viewerOf } from '../../lib/session/viewer';
import { getPage, isPageStaff, membershipOf, pageIdByHandle, pageShownTo, pageViewOf, roleOf } from '../pages';

export const main: Main<typeof route> = async ({ input, session }) => {
  const viewer = await viewerOf(session);
  const pageId = await pageIdByHandle(input.handle);
  if (!pageId) throw notFound('No page has this handle', 'handle');
  const [page, membership] = await Promise.all([getPage(pageId), membershipOf(pageId, viewer.userId)]);
  if (!pageShownTo(page, membership, viewer.admin)) throw notFound('No page has this handle', 'handle');
  const audience = isPageStaff(roleOf(membership)) || viewer.admin ? 'owner' : viewer.member ? 'members' : 'public';
  // Members see every place the page's events use; others those of its upcoming public events.
  const everyPlace = viewer.member || viewer.admin;
  const [list, upcoming, allPlaces, swapRecord] = await Promise.all([
    listPage([ownerSource({ type: 'page', id: page.id }, 'post', audience)], pageCounts(page.id, audience), viewer, undefined),
    upcomingOf({ type: 'page', id: page.id }, viewer),
    everyPlace ? ownerLocationIds(pagePk(page.id)) : null,
    swapRecordOf('page', page.id),
  ]);
  const locations = await locationsById(allPlaces ?? upcoming.locationIds);
  return {
    page: pageViewOf(page, membership, viewer.admin),
    posts: list.items,
    cursorId: list.cursorId,
    counts: { ...list.counts, upcomingEvents: upcoming.count },
    events: upcoming.dates,
    event_locations: locations.map(locationViewOf),
    swapRecord,
  };
};
