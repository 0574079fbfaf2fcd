/**
 * The search index's items (S1, docs/data-model.md), written in the transaction of the item they
 * find. Each indexed item holds a fixed number of slots in a partition of their own,
 * `pk = search#<kind>#<id>`, `sk = search#<slot>` (`searchw#<slot>` for a post's words: below),
 * each one token,
 * keyed for search on `gsi3`:
 *   `gsi3pk = search#<kind>#<first 2 characters>`, `gsi3sk = <token>#<id>`,
 * so a term is one Query: `gsi3pk` of its first 2 characters, `begins_with(gsi3sk, term)`. A write
 * puts the slots whose token changed and deletes the ones left empty: nothing when the names did not
 * change. The items are candidates only: a search reads each hit's item and ranks and filters it
 * by what the item says now (functions/search/search.ts), so a token never outlives what it found for a reader.
 * A deleted post's slots are removed by `indexPostWords`; a deleted account's, page's or event's
 * few slots stay (found by nothing: their item reads as deleted).
 */
import { batchDelete, getItem } from '../batch';
import { absent, lt, or } from '../condition';
import type { EventItem } from '../entities/event';
import type { PageItem } from '../entities/page';
import type { PostItem } from '../entities/post';
import type { UserItem } from '../entities/user';
import { writeItems, type TxItem } from '../transact';
import { deleteItem, putItem } from '../write';
import { nameTokens, wordsOf, type Token } from './search-terms';

export type SearchKind = 'user' | 'page' | 'post' | 'event';

/** Token slots (name tokens) an item holds, so a write adds at most twice this many items. A page's name may run to 80 characters (and its largest write has room); an event's creation carries up to 60 dates. */
export const NAME_SLOTS: Record<SearchKind, number> = { user: 6, page: 10, post: 6, event: 6 };

export interface SearchTokenItem {
  pk: string;
  sk: string;
  gsi3pk: string;
  gsi3sk: string;
  kind: SearchKind;
  id: string;
  token: string;
}

/** The partition of an indexed item's own slots (beside none of its other items, so its lists and sweeps never meet them). */
export const searchItemPk = (kind: SearchKind, id: string): string => `search#${kind}#${id}`;

/** The partition of the index for a kind and a term's (or token's) first characters. */
export const searchPartition = (kind: SearchKind, text: string): string => `search#${kind}#${text.slice(0, 2)}`;

const slotKey = (pk: string, prefix: string, slot: number) => ({ pk, sk: `${prefix}#${String(slot).padStart(2, '0')}` });

/**
 * The puts and deletes that move an item's slots from the tokens `before` to `after` (before null:
 * a new item, or not known; then every slot is written, empty ones deleted).
 */
export function slotItems(kind: SearchKind, id: string, pk: string, before: Token[] | null, after: Token[], slots: number, prefix = 'search'): TxItem[] {
  const items: TxItem[] = [];
  for (let slot = 0; slot < slots; slot++) {
    const was = before?.[slot]?.text;
    const now = after[slot]?.text;
    if (before && was === now) continue;
    const key = slotKey(pk, prefix, slot);
    if (now) items.push(putItem<SearchTokenItem>({ ...key, gsi3pk: searchPartition(kind, now), gsi3sk: `${now}#${id}`, kind, id, token: now }));
    else if (!before || was) items.push(deleteItem(key));
  }
  return items;
}

// What each kind is found by.
/** A member's tokens as indexed now (none before registration is complete or once deleted). */
export const userTokens = (u: UserItem | null): Token[] =>
  u && u.regState === 'complete' && !u.deletedAt ? nameTokens([[u.firstName, u.lastName].filter(Boolean).join(' '), u.username], NAME_SLOTS.user) : [];
/** A page's tokens as indexed now (none once deleted). */
export const pageTokens = (p: PageItem | null): Token[] => (p && !p.deletedAt && !p.hiddenAt ? nameTokens([p.name, p.handle], NAME_SLOTS.page) : []);
const plantNames = (p: PostItem | null): Token[] => {
  const plant = p?.plant as { commonName?: string; botanicalName?: string } | undefined;
  return p && !p.deletedAt && plant ? nameTokens([plant.commonName, plant.botanicalName], NAME_SLOTS.post) : [];
};
const eventTokens = (e: EventItem | null): Token[] =>
  e && !e.deletedAt && !e.hiddenAt ? nameTokens([e.title, e.placeName, e.suburbCity], NAME_SLOTS.event) : [];

/** A member's name and username tokens (registered members only), for their registration's or profile's transaction. */
export function userSearchItems(before: UserItem | null, after: UserItem): TxItem[] {
  return slotItems('user', after.uuid, searchItemPk('user', after.uuid), before ? userTokens(before) : null, userTokens(after), NAME_SLOTS.user);
}

/** A page's name and handle tokens, for the page's create or change transaction. */
export function pageSearchItems(before: PageItem | null, after: PageItem): TxItem[] {
  return slotItems('page', after.id, searchItemPk('page', after.id), before ? pageTokens(before) : [], pageTokens(after), NAME_SLOTS.page);
}

/**
 * A plant post's common and botanical name tokens, for the post's transaction (a post without a
 * plant writes none). At most 2 × 6 items: the largest post edit (86) stays at 98.
 */
export function postSearchItems(before: PostItem | null, after: PostItem): TxItem[] {
  return slotItems('post', after.id, searchItemPk('post', after.id), before ? plantNames(before) : [], plantNames(after), NAME_SLOTS.post);
}

/** An event's title and place tokens, for the event's create or change transaction. */
export function eventSearchItems(before: EventItem | null, after: EventItem): TxItem[] {
  return slotItems('event', after.id, searchItemPk('event', after.id), before ? eventTokens(before) : [], eventTokens(after), NAME_SLOTS.event);
}

/*
 * The words of a post's text (and its tags) in the search index (S1b, docs/data-model.md). A
 * post's largest edit leaves no room for them in its own transaction, so they follow it: the
 * table's stream hands every insert and change of a post to the one stream dispatcher
 * (functions/system/stream-dispatch.ts), which runs `indexPostWords`; locally (and in the tests)
 * the post's write runs it in-process right after the commit, as the sweeps do.
 *
 * Idempotent by the post's version: a marker beside the post (`sk = searchw`) holds the version
 * and the words last indexed; a run for a version at or below it does nothing, and words that did
 * not change write nothing (reactions and comments bump the version too). Slots exist only under a
 * marker, so a post's first run writes its words alone. Changed slots and the
 * marker go in one transaction, the marker conditioned on a lower version, so two runs never
 * interleave their slots. A deleted post's slots (names and words) and marker are all removed.
 */
/** Most words of a post indexed (its first ones; tags first). One transaction: ≤ this many slots and the marker. */
export const POST_WORD_SLOTS = 40;

const markerKey = (postId: string) => ({ pk: searchItemPk('post', postId), sk: 'searchw' });

interface WordsMarker {
  pk: string;
  sk: string;
  version: number;
  words: string[];
}

/** The words a post is found by: its tags, then the words of its text, at most POST_WORD_SLOTS. */
export function postWords(post: Pick<PostItem, 'text' | 'tags' | 'deletedAt'>): string[] {
  if (post.deletedAt) return [];
  const tags = nameTokens(post.tags, POST_WORD_SLOTS).map((t) => t.text);
  return [...new Set([...tags, ...wordsOf(post.text)])].slice(0, POST_WORD_SLOTS);
}

const asTokens = (words: readonly string[]): Token[] => words.map((text) => ({ text, whole: false }));

/** Brings the post's words in the index to this version of the post (see above); answers whether it wrote. */
export async function indexPostWords(post: PostItem): Promise<boolean> {
  if (post.deletedAt) {
    const pk = searchItemPk('post', post.id);
    const slots = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => slotKey(pk, prefix, i));
    await batchDelete([...slots('search', NAME_SLOTS.post), ...slots('searchw', POST_WORD_SLOTS), markerKey(post.id)]);
    return true;
  }
  const marker = (await getItem(markerKey(post.id), { consistent: true })) as WordsMarker | null;
  if (marker && marker.version >= post.version) return false;
  const before = marker?.words ?? [];
  const after = postWords(post);
  if (marker && before.length === after.length && before.every((w, i) => w === after[i])) return false;
  const items: TxItem[] = [
    ...slotItems('post', post.id, searchItemPk('post', post.id), asTokens(before), asTokens(after), POST_WORD_SLOTS, 'searchw'),
    putItem<WordsMarker>({ ...markerKey(post.id), version: post.version, words: after }, or(absent(), lt('version', post.version))),
  ];
  const out = await writeItems(items);
  // Refused: a later version was indexed meanwhile; it stands.
  return !out.canceled;
}

