/**
 * A page of a list (P2–P4): its sources queried in parallel with the counts (one Query or GetItem),
 * merged newest first, then one BatchGet for the owners' cards and the viewer's reactions (none
 * for items a source read with theirs).
 *
 * The cursor is a bound: the last shown item's sort key (functions/lib/paging.ts); the next page
 * is everything before it. Because every list sorts by the same key, a merged list takes the same
 * cursor.
 */
import type { PostView } from '../../shared/answers/posts';
import type { FeedCounts } from '../../shared/answers/feeds';
import { PAGE_SIZE } from '../../shared/constants';
import { listSortKey, parseListSortKey, type ListPosition, type PostItem } from '../db/entities/post';
import { blockedBy } from '../users/blocks';
import { encodeCursor, readCursor } from '../lib/paging';
import { hydrate, type PostCards } from '../posts/post-views';
import type { Viewer } from '../lib/session/viewer';
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

/** Reads at most this many times to fill a page past the content of members the viewer blocks. */
export const MAX_LIST_READS = 3;

/**
 * One page of a list made of one or more sources (merged newest first), with its counts. Each
 * source is asked for one more item than the page holds, so the cursor is null exactly at the end.
 *
 * A signed-in viewer's blocked members are left out after reading (their block list is one Query,
 * run beside the first read): a short page is refilled from where the last read ended, at most
 * MAX_LIST_READS reads in all, so pages come back full except past a wall of blocked content. The
 * cursor is the last item read, shown or not, so the next page starts after it.
 */
export async function listPage(sources: Source[], counts: Promise<FeedCounts>, viewer: Viewer, cursor: string | undefined, field = 'cursorId', take = PAGE_SIZE): Promise<ListPage> {
  let bound = listBound(cursor, field);
  const blocked = viewer.userId ? blockedBy(viewer.userId) : Promise.resolve(new Set<string>());
  const shown: PostItem[] = [];
  const cards: PostCards = new Map();
  let feedCounts: FeedCounts | undefined;
  let next: string | null;
  for (let read = 1; ; read++) {
    const [pages, readCounts, hidden] = await Promise.all([Promise.all(sources.map((s) => s(bound, take + 1))), feedCounts ?? counts, blocked]);
    feedCounts = readCounts;
    for (const p of pages) for (const [k, v] of p.cards ?? []) cards.set(k, v);
    const merged = pages.flatMap((p) => p.items).sort((a, b) => (listSortKey(a) < listSortKey(b) ? 1 : listSortKey(a) > listSortKey(b) ? -1 : 0));
    let used = 0;
    let last: PostItem | undefined;
    for (; used < merged.length && shown.length < take; used++) {
      last = merged[used]!;
      // An owner's own list also holds what an admin hid (ownerAll): read past, never shown.
      if (!last.hiddenAt && !hidden.has(last.authorId) && !hidden.has(last.ownerId)) shown.push(last);
    }
    const more = used < merged.length || pages.some((p) => p.items.length > take);
    next = more && last ? listSortKey(last) : null;
    if (!next || shown.length >= take || read >= MAX_LIST_READS) break;
    bound = { updatedAt: last!.updatedAt, id: last!.id };
  }
  return {
    items: await hydrate(shown, viewer, cards),
    counts: feedCounts,
    cursorId: next ? encodeCursor(next) : null,
  };
}
