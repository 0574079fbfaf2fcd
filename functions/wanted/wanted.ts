/**
 * Wanted lists (N1–N4, docs/data-model.md): a member's entries, each a tag or a plant name within
 * a radius of the member's place as it was when the entry was made. An entry and its places in
 * the matching index are written and removed in one transaction, with the member's count (at most
 * WANTED_MAX). Matching a listing against them is matching.ts.
 */
import { randomUUID } from 'node:crypto';
import type { WantedView } from '../../shared/answers/wanted';
import { cellSizeKm, coarsen, coveringCells } from '../../shared/geohash';
import type { GeoPoint } from '../../shared/site';
import { WANTED_MAX, plantNameWords, type NewWantedInput } from '../../shared/schemas/wanted';
import { batchDelete, getItem, queryPage } from '../db/batch';
import { absent, exists, le, or } from '../db/condition';
import {
  WANTED_PRECISIONS, WANTED_PREFIX, tagMatchKey, wantedCountKey, wantedIndexKeys, wantedIndexPuts, wantedKey, wordMatchKey, type WantedItem, type WantedPrecision,
} from '../db/items/wanted';
import { failedChecks, named, writeItems, type TxItem } from '../db/transact';
import { deleteItem, putItem, updateItem } from '../db/write';
import { conflict, forbidden, HttpError, notFound, serviceUnavailable } from '../lib/errors';
import type { Session } from '../lib/session/token';
import { accountGone, assertAuthorWasLive, authorLiveCheck } from '../users/author-live';
import { getUser } from '../users/users';

/** The finest filing precision whose cells are at least `radiusKm` tall and wide here (the 3×3 cells around the centre then hold the circle). */
export function filingPrecision(radiusKm: number, latitude: number): WantedPrecision {
  for (const p of WANTED_PRECISIONS) {
    const { heightKm, widthKm } = cellSizeKm(p, latitude);
    if (heightKm >= radiusKm && widthKm >= radiusKm) return p;
  }
  return 2;
}

/** The word an entry is filed by: its plant name's longest word (the rarest, as a rule), or its tag. */
function matchKeyOf(input: { tag?: string; words?: string[] }): string {
  if (input.tag) return tagMatchKey(input.tag);
  const longest = [...input.words!].sort((a, b) => b.length - a.length || a.localeCompare(b))[0]!;
  return wordMatchKey(longest);
}

export const wantedViewOf = (w: WantedItem): WantedView => ({ id: w.id, tag: w.tag ?? null, plantName: w.plantName ?? null, radiusKm: w.radiusKm, createdAt: w.createdAt });

/** An entry as stored, filed around `place` (the centre of the member's ~1 km cell). */
export function wantedEntry(userId: string, input: NewWantedInput, place: GeoPoint, id: string = randomUUID(), createdAt = new Date().toISOString()): WantedItem {
  const centre = coarsen(place);
  const words = input.plantName ? plantNameWords(input.plantName) : undefined;
  return {
    ...wantedKey(userId, id), id, userId,
    ...(input.tag ? { tag: input.tag } : {}), ...(input.plantName ? { plantName: input.plantName, words } : {}),
    matchKey: matchKeyOf({ ...(input.tag ? { tag: input.tag } : {}), ...(words ? { words } : {}) }),
    radiusKm: input.radiusKm, latitude: centre.latitude, longitude: centre.longitude,
    cells: coveringCells(centre, filingPrecision(input.radiusKm, centre.latitude)), createdAt,
  };
}

export async function addWanted(session: Session, input: NewWantedInput): Promise<WantedItem> {
  if (session.suspended) throw forbidden('Your account is suspended');
  const user = await getUser(session.userId, true);
  if (!user) throw accountGone();
  if (typeof user.latitude !== 'number' || typeof user.longitude !== 'number') {
    throw new HttpError(409, 'no_place', 'Set your place in your settings first: wanted plants are looked for around it');
  }
  // Measured from the member's place as others may learn it (a ~1 km cell's centre), as every distance is.
  const entry = wantedEntry(session.userId, input, { latitude: user.latitude, longitude: user.longitude });
  const items: TxItem[] = [
    putItem(entry, absent()),
    ...wantedIndexPuts(entry),
    named('max', updateItem({ key: wantedCountKey(session.userId), add: { n: 1 }, condition: or(absent('n'), le('n', WANTED_MAX - 1)) })),
    authorLiveCheck(session.userId),
  ];
  const out = await writeItems(items);
  if (out.canceled) {
    await assertAuthorWasLive(out, items, session.userId);
    if (failedChecks(out, items).has('max')) throw conflict(`You may want at most ${WANTED_MAX} plants at once; remove some first`);
    throw serviceUnavailable('Your list is changing; please try again');
  }
  return entry;
}

/** A member's entries, newest first (at most WANTED_MAX: one Query). */
export async function myWanted(userId: string): Promise<WantedItem[]> {
  const { items } = await queryPage(`user#${userId}`, { prefix: WANTED_PREFIX });
  return (items as unknown as WantedItem[]).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

/** Removes an entry and its places in the index; 404 unless it is the member's. */
export async function deleteWanted(session: Session, id: string): Promise<void> {
  const entry = (await getItem(wantedKey(session.userId, id), { consistent: true })) as unknown as WantedItem | null;
  if (!entry) throw notFound('There is no such entry in your wanted list', 'id');
  const items: TxItem[] = [
    named('entry', deleteItem(wantedKey(session.userId, id), exists())),
    ...wantedIndexKeys(entry).map((k) => deleteItem(k)),
    updateItem({ key: wantedCountKey(session.userId), add: { n: -1 } }),
  ];
  const out = await writeItems(items);
  if (out.canceled) {
    if (failedChecks(out, items).has('entry')) throw notFound('There is no such entry in your wanted list', 'id');
    throw serviceUnavailable('Your list is changing; please try again');
  }
}

/** A deleted account's entries and their places in the index (the account's sweep; safe to run again). */
export async function removeWantedOf(userId: string): Promise<number> {
  const entries = await myWanted(userId);
  await batchDelete(entries.flatMap((e) => [...wantedIndexKeys(e), wantedKey(userId, e.id)]));
  return entries.length;
}
