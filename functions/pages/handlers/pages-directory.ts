/**
 * GET /api/page/get-all/{arg}: the pages by name (all of them, or those with a tag), with a name
 * prefix: one Query of the directory index or of the tag's links (a `begins_with` on the
 * normalised name), then one BatchGet of the cards.
 */
import type { pagesDirectory as route } from '../../../shared/contract/pages';
import { normaliseSearchText } from '../../../shared/format';
import { PAGE_SIZE } from '../../../shared/constants';
import { db } from '../../db/service';
import { onePage } from '../../lib/paging';
import type { Main } from '../../lib/route-types';
import { pageCards } from '../pages';

export const main: Main<typeof route> = async ({ input, session }) => {
  const prefix = normaliseSearchText(input.q ?? '');
  const ids =
    input.arg === 'all'
      ? await onePage(input.cursorId, { field: 'pubpk', value: 'pages#directory' }, (cursor) => {
          const q = db().entities.page.query.directory({});
          return (prefix ? q.begins({ nameKey: prefix }) : q).go({ cursor, limit: PAGE_SIZE });
        }).then((p) => ({ ids: p.items.map((x) => x.id), cursorId: p.cursorId }))
      : await onePage(input.cursorId, { field: 'pk', value: `tagpages#${input.arg}` }, (cursor) => {
          const q = db().entities.pageTagLink.query.byTag({ tag: input.arg });
          return (prefix ? q.begins({ nameKey: prefix }) : q).go({ cursor, limit: PAGE_SIZE });
        }).then((p) => ({ ids: p.items.map((x) => x.pageId), cursorId: p.cursorId }));
  return { pages: await pageCards(ids.ids, session?.userId ?? null), cursorId: ids.cursorId };
};
