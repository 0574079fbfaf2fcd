/** GET /api/iam/pages/get-all-by-user/{id}: the pages a member belongs to, newest membership first (one Query, one BatchGet). */
import type { pagesOfUser as route } from '../../../shared/contract/pages';
import { PAGE_SIZE } from '../../../shared/constants';
import { db } from '../../db/service';
import { onePage } from '../../lib/paging';
import type { Main } from '../../lib/route-types';
import { pageCards } from '../pages';

export const main: Main<typeof route> = async ({ input, session }) => {
  const list = await onePage(
    input.cursorId,
    { field: 'gsi1pk', value: `pagesof#${input.id}`, sort: { field: 'gsi1sk', test: (sk) => sk.startsWith('member#') } },
    (cursor) => db().entities.pageMember.query.byUser({ userId: input.id, status: 'member' }).go({ cursor, limit: PAGE_SIZE, order: 'desc' }),
  );
  return { pages: await pageCards(list.items.map((m) => m.pageId), session.userId), cursorId: list.cursorId };
};
