/**
 * A directory browsed by words (pages by name, members by name: S1e, docs/data-model.md),
 * through search's own index (S1) rather than one of its own: the tokens of the longest word of
 * the words, one Query of `gsi3` in token order, then one BatchGet of the items they name, each
 * judged as read (the caller's `keep`: every word starts a word of its names, and whatever the
 * list shows it to).
 *
 * An item holds several tokens starting with the same word ("fern society" and "fern"), so it is
 * counted at one of them alone: the first of its tokens as the item is now; a stale token counts
 * for nothing. Paging is by the index's key of the last token counted (or read), so a list read
 * to its end holds every matching item once, in token order. That key may be a token of an item
 * the caller was not shown (a member hidden from the directory, one they blocked), so the cursor
 * is sealed (functions/lib/sealed-cursor.ts) for this list and these words: it names no one. A round that keeps too few reads on
 * (at most BROWSE_ROUNDS rounds: a page may come back short, with a cursor, never with a gap).
 */
import { queryPage } from '../db/batch';
import { keyWordOf, MIN_TERM_LENGTH, normalise, type Token } from '../db/items/search-terms';
import { searchPartition, type SearchKind } from '../db/items/search-index';
import { badRequest } from '../lib/errors';
import { cursorKey, encodeCursor } from '../lib/paging';
import { openCursor, sealCursor } from '../lib/sealed-cursor';

/** Most rounds (a Query and a BatchGet each) one call reads. */
export const BROWSE_ROUNDS = 3;

type Raw = Record<string, unknown>;

export interface WordsList<T> {
  kind: SearchKind;
  cursorId: string | undefined;
  size: number;
  /** The items of these ids, by id: one BatchGet (the list's own read, with what its cards need). */
  read: (ids: string[]) => Promise<Map<string, T>>;
  /** The item's tokens as the index holds them for it now. */
  tokensOf: (item: T) => Token[];
  /** Whether the list shows it. */
  keep: (item: T) => boolean;
}

/** The words as matched (normalised), or null when they are too short to be read by word. */
export function browseTerm(words: string | undefined): string | null {
  const term = normalise(words ?? '');
  return keyWordOf(term).length >= MIN_TERM_LENGTH ? term : null;
}

/** One page of the items matching the words, in token order, and the cursor after it (null at the end). */
export async function wordsPage<T>(list: WordsList<T>, term: string): Promise<{ items: T[]; cursorId: string | null }> {
  const word = keyWordOf(term);
  const partition = searchPartition(list.kind, word);
  const purpose = `browse ${list.kind} ${term}`;
  const opened = await openCursor(list.cursorId, purpose);
  // Sealed by this list, and still held to its partition and words as a plain key would be.
  let start: Raw | undefined =
    (opened === null ? null : cursorKey(encodeCursor(opened), { field: 'gsi3pk', value: partition, sort: { field: 'gsi3sk', test: (sk) => sk.startsWith(word) } })) ?? undefined;
  const next = async (key: Raw) => sealCursor(JSON.stringify(key), purpose);
  const out: T[] = [];
  for (let round = 0; round < BROWSE_ROUNDS; round++) {
    const read = await queryPage(partition, { index: 'gsi3', prefix: word, limit: list.size * 2, ...(start ? { start } : {}) }).catch((err: { name?: string; cause?: { name?: string } }) => {
      // A forged key of the right partition that the table still refuses (as `onePage` answers it).
      if (start && (err.name === 'ValidationException' || err.cause?.name === 'ValidationException')) throw badRequest('cursorId is not a cursor of this list; start again from the first page', 'cursorId');
      throw err;
    });
    const ids = [...new Set(read.items.map((t) => String(t.id)))];
    const items = ids.length ? await list.read(ids) : new Map<string, T>();
    for (const token of read.items) {
      const item = items.get(String(token.id));
      if (!item) continue;
      const first = list
        .tokensOf(item)
        .filter((t) => t.text.startsWith(word))
        .map((t) => `${t.text}#${String(token.id)}`)
        .sort()[0];
      if (first !== token.gsi3sk || !list.keep(item)) continue;
      out.push(item);
      if (out.length === list.size) return { items: out, cursorId: await next(keyOf(token)) };
    }
    if (!read.next) return { items: out, cursorId: null };
    start = read.next;
  }
  return { items: out, cursorId: await next(start!) };
}

/** The index key of a token item (where the next page starts). */
const keyOf = (token: Raw) => ({ pk: String(token.pk), sk: String(token.sk), gsi3pk: String(token.gsi3pk), gsi3sk: String(token.gsi3sk) });

/** Whether every word of the term starts a word of the names (search's word match). */
export function everyWordStarts(term: string, names: readonly (string | undefined | null)[]): boolean {
  const words = names.flatMap((n) => normalise(n ?? '').split(' ')).filter(Boolean);
  return term.split(' ').every((t) => words.some((w) => w.startsWith(t)));
}
