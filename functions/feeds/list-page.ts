/**
 * A page of a list (P2–P4): its sources queried in parallel with the counts (one Query or GetItem),
 * merged newest first, then one BatchGet for the owners' cards and the viewer's reactions (none
 * for items a source read with theirs).
 *
 * The cursor is a bound: the last shown item's sort key (functions/lib/paging.ts); the next page
 * is everything before it. Because every list sorts by the same key, a merged list takes the same
 * cursor.
 */
import type { PostView } from '../../shared/answers/content';
import type { FeedCounts } from '../../shared/answers/feeds';
import { PAGE_SIZE } from '../../shared/constants';
import { listSortKey, parseListSortKey, type ListPosition } from '../db/entities/post';
import { encodeCursor, readCursor } from '../lib/paging';
import { hydrate, type PostCards } from '../posts/post-views';
import type { Viewer } from '../posts/viewer';
import type { Source } from './sources';

export interface ListPage {
  items: PostView[];
  counts: FeedCounts;
  cursorId: string | null;
}

/** The position a list's cursor names: none for the first page (`first` too, where a path segment must name something); 400 naming `field` otherwise. */
export function listBound(cursor: string | undefined, field: string): ListPosition | null {
  if (cursor === 'first') return null;
  return readCursor(cursor, field, { parse: parseListSortKey, maxLength: 120, message: 'is not a cursor of this list; start again from the first page' });
}

/**
 * One page of a list made of one or more sources (merged newest first), with its counts. Each
 * source is asked for one more item than the page holds, so the cursor is null exactly at the end.
 */
export async function listPage(sources: Source[], counts: Promise<FeedCounts>, viewer: Viewer, cursor: string | undefined, field = 'cursorId', take = PAGE_SIZE): Promise<ListPage> {
  const bound = listBound(cursor, field);
  const [pages, feedCounts] = await Promise.all([Promise.all(sources.map((s) => s(bound, take + 1))), counts]);
  const merged = pages.flatMap((p) => p.items).sort((a, b) => (listSortKey(a) < listSortKey(b) ? 1 : listSortKey(a) > listSortKey(b) ? -1 : 0));
  const shown = merged.slice(0, take);
  const more = merged.length > take;
  const cards: PostCards = new Map(pages.flatMap((p) => [...(p.cards ?? [])]));
  return {
    items: await hydrate(shown, viewer, cards),
    counts: feedCounts,
    cursorId: more && shown.length ? encodeCursor(listSortKey(shown[shown.length - 1]!)) : null,
  };
}
