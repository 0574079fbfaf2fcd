/**
 * Wanted lists (N1–N4 in docs/data-model.md): raw items.
 *
 *   user#<uuid>                       wanted#<id>                      an entry (the member's partition: the account's sweep takes it)
 *   user#<uuid>                       wanted-count                     how many entries the member holds (`n`), held ≤ WANTED_MAX
 *   wantedidx#<key>#<cell>            wanted#<id>                      the entry in each cell its circle may reach (key: tag#<tag> or word#<word>)
 *   user#<uuid>                       wantedhit#<entryId>#<plantId>    a listing has alerted this entry (once)
 *   post#<plantId>                    wantedscan                       whether the listing was matched while available (the post's sweep takes it)
 *
 * An entry lives in the 3×3 cells around its centre at the finest precision whose cells are at
 * least its radius tall and wide (shared/geohash.ts `precisionForRadius`; precision 2 beyond), so a
 * listing finds every entry whose circle may hold it by one Query per key and precision: its own
 * cell at precisions 4, 3 and 2.
 */
import type { TxItem } from '../transact';
import { putItem, type ItemKey } from '../write';

/** The precisions entries are filed at, finest first: a listing reads its cell at each. */
export const WANTED_PRECISIONS = [4, 3, 2] as const;
export type WantedPrecision = (typeof WANTED_PRECISIONS)[number];

export const wantedKey = (userId: string, id: string): ItemKey => ({ pk: `user#${userId}`, sk: `wanted#${id}` });
export const WANTED_PREFIX = 'wanted#';
export const wantedCountKey = (userId: string): ItemKey => ({ pk: `user#${userId}`, sk: 'wanted-count' });

/** What an entry is matched by: its tag, or the most telling word of its plant name. */
export const tagMatchKey = (tag: string): string => `tag#${tag}`;
export const wordMatchKey = (word: string): string => `word#${word}`;
export const wantedIndexPk = (matchKey: string, cell: string): string => `wantedidx#${matchKey}#${cell}`;

export const wantedHitKey = (userId: string, entryId: string, plantId: string): ItemKey => ({ pk: `user#${userId}`, sk: `wantedhit#${entryId}#${plantId}` });
export const wantedScanKey = (plantId: string): ItemKey => ({ pk: `post#${plantId}`, sk: 'wantedscan' });

export interface WantedItem extends ItemKey {
  id: string;
  userId: string;
  tag?: string;
  plantName?: string;
  /** The plant name's words (folded), every one of which a listing's names must hold. */
  words?: string[];
  matchKey: string;
  radiusKm: number;
  latitude: number;
  longitude: number;
  /** The cells the entry is filed in (its index items' partitions). */
  cells: string[];
  createdAt: string;
}

/** An entry as filed in one cell: what a listing needs to judge it without reading the entry. */
export interface WantedIndexItem extends ItemKey {
  entryId: string;
  userId: string;
  tag?: string;
  words?: string[];
  radiusKm: number;
  latitude: number;
  longitude: number;
}

export function wantedIndexPuts(entry: WantedItem): TxItem[] {
  return entry.cells.map((cell) => {
    const item: WantedIndexItem = {
      pk: wantedIndexPk(entry.matchKey, cell), sk: `wanted#${entry.id}`, entryId: entry.id, userId: entry.userId,
      ...(entry.tag ? { tag: entry.tag } : {}), ...(entry.words ? { words: entry.words } : {}),
      radiusKm: entry.radiusKm, latitude: entry.latitude, longitude: entry.longitude,
    };
    return putItem(item);
  });
}

export const wantedIndexKeys = (entry: Pick<WantedItem, 'matchKey' | 'cells' | 'id'>): ItemKey[] => entry.cells.map((cell) => ({ pk: wantedIndexPk(entry.matchKey, cell), sk: `wanted#${entry.id}` }));
