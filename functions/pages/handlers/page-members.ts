/** GET /api/iam/pages/members/{pageId}: the page's members by role, then join time (one Query, one BatchGet of their cards). */
import type { pageMembers as route } from '../../../shared/contract/pages';
import { PAGE_SIZE } from '../../../shared/constants';
import { onePage } from '../../lib/paging';
import type { Main } from '../../lib/route-types';
import { responderOf, usersAnd } from '../../users/cards';
import { membersQuery } from '../members';
import { shownPage } from '../pages';

export const main: Main<typeof route> = async ({ input, session }) => {
  await shownPage(input.pageId, session);
  const list = await onePage(input.cursorId, { field: 'gsi2pk', value: `pagemembers#${input.pageId}` }, (cursor) => membersQuery(input.pageId).go({ cursor, limit: PAGE_SIZE }));
  const { users } = await usersAnd(list.items.map((m) => m.userId));
  return {
    members: list.items.map((m) => ({ user: responderOf(users.get(m.userId), m.userId), role: m.role, since: m.since })),
    cursorId: list.cursorId,
  };
};
