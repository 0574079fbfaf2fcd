/**
 * GET /api/page/get-all/{arg}: the pages by name (all of them, or those with a tag). Without
 * words (or with a single letter): one Query of the directory index or of the tag's links (a
 * `begins_with` on the normalised name, as ever), then one BatchGet of the cards. With words, any
 * word of the name: search's index read by word (functions/search/browse-words.ts), every word
 * of q starting a word of the name, in the order of the word matched.
 */
import type { pagesDirectory as route } from '../../../shared/contract/pages';
import { normaliseSearchText } from '../../../shared/format';
import { PAGE_SIZE } from '../../../shared/constants';
import { pageTokens } from '../../db/items/search-index';
import { db } from '../../db/service';
import { onePage } from '../../lib/paging';
import type { Main } from '../../lib/route-types';
import { browseTerm, everyWordStarts, wordsPage } from '../../search/browse-words';
import { pageCardOf, pageCards, pagesWithMembership } from '../pages';

export const main: Main<typeof route> = async ({ input, session }) => {
  const userId = session?.userId ?? null;
  const term = browseTerm(input.q);
  if (term) {
    type Card = Awaited<ReturnType<typeof pagesWithMembership>>[number];
    const found = await wordsPage<Card>(
      {
        kind: 'page',
        cursorId: input.cursorId,
        size: PAGE_SIZE,
        read: async (ids) => new Map((await pagesWithMembership(ids, userId)).map((c) => [c.page.id, c])),
        tokensOf: (c) => pageTokens(c.page),
        keep: (c) => !c.page.deletedAt && !c.page.hiddenAt && (input.arg === 'all' || c.page.tags.includes(input.arg)) && everyWordStarts(term, [c.page.name]),
      },
      term,
    );
    return { pages: found.items.map((c) => pageCardOf(c.page, c.membership)), cursorId: found.cursorId };
  }
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
  return { pages: await pageCards(ids.ids, userId), cursorId: ids.cursorId };
};
