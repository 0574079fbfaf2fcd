/**
 * Matching a listing against wanted entries (N3, N4 in docs/data-model.md). When a plant listing
 * is available (created so, or switched to it), every entry whose circle may hold it is read from
 * the index: one Query per match key (its tags, the words of its names) and filing precision (its
 * own cell at 4, 3 and 2). An entry matches when the listing is within its radius and holds its tag,
 * or every word of its plant name in its common or botanical name, unless a block stands between
 * the entry's member and the listing's (either way). Each match is one transaction: the alert's
 * marker (once per entry and listing, whatever the retries), the notification and its waiting
 * e-mail. The listing's own marker (`wantedscan`) says it was matched while available, so later
 * edits read nothing more until it has been unavailable.
 *
 * In the cloud the stream dispatcher runs this for every insert and change of a post
 * (functions/system/wanted-match.ts); locally the plant routes run it after their write.
 */
import { coarsen, distanceKm, encodeGeohash } from '../../shared/geohash';
import type { GeoPoint } from '../../shared/site';
import { plantNameWords } from '../../shared/schemas/wanted';
import { getItem, queryAll } from '../db/batch';
import { absent } from '../db/condition';
import type { PostItem } from '../db/entities/post';
import { WANTED_PRECISIONS, tagMatchKey, wantedHitKey, wantedIndexPk, wantedScanKey, wordMatchKey, type WantedIndexItem } from '../db/items/wanted';
import { writeItems } from '../db/transact';
import { putItem } from '../db/write';
import { logger } from '../lib/logger';
import { notificationWrite } from '../notifications/notifications';
import { blockedEitherWay } from '../users/blocks';

/** Index Queries run at once. */
const PARALLEL = 8;

interface ScanItem {
  pk: string;
  sk: string;
  available: boolean;
  /** While available: the match keys it was matched by, and the cell it was matched in (a write that changes neither reads no index). */
  keys?: string[];
  cell?: string;
}

/** Whether a listing may alert anyone: a live, available plant listing that others may see, with a place. */
function alerting(post: PostItem): boolean {
  return post.kind === 'plant' && post.available === true && !post.deletedAt && !post.hiddenAt && post.privacy !== 'private' && typeof post.latitude === 'number' && typeof post.longitude === 'number';
}

const plantOf = (post: PostItem) => (post.plant ?? {}) as { commonName?: string; botanicalName?: string };

/** The listing's words: of its common and botanical names. */
function listingWords(post: PostItem): Set<string> {
  const { commonName = '', botanicalName = '' } = plantOf(post);
  return new Set([...plantNameWords(commonName), ...plantNameWords(botanicalName)]);
}

async function inBatches<T, R>(items: T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  return out;
}

/** Every item of one index partition (an entry's cell holds few: all pages read). */
const partition = async (pk: string): Promise<WantedIndexItem[]> => (await queryAll(pk)) as unknown as WantedIndexItem[];

export interface MatchOutcome {
  /** Index Queries read. */
  queries: number;
  /** Index items read. */
  read: number;
  /** Members alerted now (a retry alerts nobody twice). */
  alerted: number;
}

const NOTHING: MatchOutcome = { queries: 0, read: 0, alerted: 0 };

/** Matches a listing as it now stands; idempotent. */
export async function matchListing(post: PostItem): Promise<MatchOutcome> {
  if (post.kind !== 'plant') return NOTHING;
  const scanKey = wantedScanKey(post.id);
  const scan = (await getItem(scanKey, { consistent: true })) as ScanItem | null;
  if (!alerting(post)) {
    // Unavailable again: the next time it is available, it is matched again (new entries may want it).
    if (scan?.available) await writeItems([putItem<ScanItem>({ ...scanKey, available: false })]);
    return NOTHING;
  }
  const point: GeoPoint = coarsen({ latitude: post.latitude!, longitude: post.longitude! });
  const words = listingWords(post);
  const tags = new Set(post.tags ?? []);
  const keys = [...[...tags].map(tagMatchKey), ...[...words].map(wordMatchKey)];
  const cell = encodeGeohash(point, WANTED_PRECISIONS[0]);
  // Matched while available: only keys it has gained since (a tag added, a name changed) are read,
  // in the same cell; a listing that moved is matched afresh. (A marker from before keys were kept
  // counts as matched by what it holds now.)
  const sameCell = scan?.available && (scan.cell === undefined || scan.cell === cell);
  const known = new Set(sameCell ? (scan.keys ?? keys) : []);
  const fresh = keys.filter((k) => !known.has(k));
  const marker: ScanItem = { ...scanKey, available: true, keys: [...new Set([...known, ...keys])].sort(), cell };
  if (!fresh.length) {
    if (scan?.available && (scan.keys === undefined || scan.cell === undefined || marker.keys!.length !== scan.keys.length)) await writeItems([putItem(marker)]);
    return NOTHING;
  }
  const partitions = fresh.flatMap((key) => WANTED_PRECISIONS.map((p) => wantedIndexPk(key, encodeGeohash(point, p))));
  const read = (await inBatches(partitions, PARALLEL, partition)).flat();

  // The listing's member: its owner, or (a page's listing) the member who listed it.
  const lister = post.ownerType === 'user' ? post.ownerId : post.authorId;
  const byEntry = new Map<string, WantedIndexItem & { km: number }>();
  for (const e of read) {
    if (byEntry.has(e.entryId) || e.userId === lister || e.userId === post.authorId) continue;
    const km = distanceKm(point, { latitude: e.latitude, longitude: e.longitude });
    if (km > e.radiusKm) continue;
    const matches = e.tag ? tags.has(e.tag) : (e.words ?? []).length > 0 && e.words!.every((w) => words.has(w));
    if (matches) byEntry.set(e.entryId, { ...e, km });
  }
  const blocked = await blockedEitherWay(lister, [...new Set([...byEntry.values()].map((e) => e.userId))]);
  const name = plantOf(post).commonName?.trim() || 'A plant';
  let alerted = 0;
  for (const e of byEntry.values()) {
    if (blocked.has(e.userId)) continue;
    const km = Math.max(1, Math.round(e.km));
    const out = await writeItems([
      putItem({ ...wantedHitKey(e.userId, e.entryId, post.id), entryId: e.entryId, plantId: post.id, createdAt: new Date().toISOString() }, absent()),
      ...notificationWrite(
        e.userId,
        { kind: 'wanted', actorId: post.authorId, targetType: 'plant', targetId: post.id, targetName: name, text: `${name}, which you want, is listed ${km} km from you` },
        { mailAbout: { kind: 'wanted', id: e.userId } },
      ),
    ]);
    if (!out.canceled) alerted += 1;
  }
  await writeItems([putItem(marker)]);
  logger.info('matched a listing against wanted lists', { postId: post.id, queries: partitions.length, read: read.length, alerted });
  return { queries: partitions.length, read: read.length, alerted };
}

/** Locally, after a plant route's write (in the cloud the stream does it): a failure is logged, the listing's next write matches again. */
export async function matchListingNow(post: PostItem): Promise<void> {
  try {
    await matchListing(post);
  } catch (err) {
    logger.error('matching a listing against wanted lists failed', { postId: post.id, err: String(err) });
  }
}
