/** GET /api/iam/pages/join-requests/{pageId}: open join requests, oldest first (the page's admins and moderators). */
import type { joinRequests as route } from '../../../shared/contract/pages';
import { PAGE_SIZE } from '../../../shared/constants';
import { db } from '../../db/service';
import { onePage } from '../../lib/paging';
import type { Main } from '../../lib/route-types';
import { responderOf, usersAnd } from '../../users/cards';
import { actOnPage } from '../pages';

export const main: Main<typeof route> = async ({ input, session }) => {
  await actOnPage(session, input.pageId, 'moderator', 'Only the page\'s admins and moderators may see its join requests');
  const list = await onePage(input.cursorId, { field: 'gsi3pk', value: `pagerequests#${input.pageId}` }, (cursor) =>
    db().entities.pageMember.query.requests({ pageId: input.pageId }).go({ cursor, limit: PAGE_SIZE }),
  );
  const { users } = await usersAnd(list.items.map((m) => m.userId));
  return { requests: list.items.map((m) => ({ user: responderOf(users.get(m.userId), m.userId), since: m.since })), cursorId: list.cursorId };
};
