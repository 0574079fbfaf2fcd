/**
 * Plant listings follow their owner (P8, L1). A listing is found by nearby searches at the centre
 * of its owner's ~1 km cell, and not at all while the owner hides from nearby searches. That place
 * is copied onto the listing when it is written, so when the owner's place changes (they move, or
 * turn "show me nearby" off or on) their listings are rewritten:
 *
 *   - the change of the user item carries, in its own transaction, a job item (`relistItems`);
 *   - the job pages through the owner's plants by their own index (P3, owner's view), 25 a page,
 *     and writes each listing whose place is not the owner's current one in one transaction per
 *     page, with a check that the owner item is still the one it read (`relistPlantsOf`). Each
 *     listing is put whole, guarded on its `version` (an edit or a reaction meanwhile: read again
 *     and retry), its sort keys untouched, so it keeps its place in every list;
 *   - locally the request runs the job at once (`afterRelisting`); in the cloud the table's stream
 *     runs it (functions/system/relist-plants.ts), saving its cursor on the job item when it runs
 *     short of time, which hands the rest to the next run.
 *
 * A page's listings (listed as the page by its staff) follow the page the same way: a change of
 * the page's place (it moves, loses its place, or shows or hides its address) carries the job in
 * the page's transaction (`pageRelistItems`, functions/pages/write.ts), and the job, marked
 * `ownerType: 'page'`, places them where others see the page (its ~1 km cell, or its exact
 * position while its address is public; nowhere once it is deleted: its sweep removes them).
 *
 * The job reads the owner's place at every page, so a job handed an older move still ends at the
 * latest place, and runs of the same job are idempotent (a listing already in place is skipped).
 * A listing created while its owner moves is the other half: createPost checks, in the post's
 * transaction, that the owner item is the one it read the place from (functions/posts/write.ts).
 */
import { randomUUID } from 'node:crypto';
import { coarsen, encodeGeohash } from '../../shared/geohash';
import { pageKey, type PageItem } from '../db/entities/page';
import type { PostItem } from '../db/entities/post';
import type { RelistJobItem } from '../db/entities/relist-job';
import type { UserItem } from '../db/entities/user';
import { absent, and, eq } from '../db/condition';
import { db } from '../db/service';
import { isConditionFailure, txEntities, writeItems, type TxItem } from '../db/transact';
import { conditionCheck } from '../db/write';
import { sweepsDeferred } from '../lib/deferred';
import { logger } from '../lib/logger';

/** Listings written per transaction (with the owner check: 26 items). */
export const RELIST_PAGE = 25;
const ATTEMPTS = 5;
const JOB_TTL_SECONDS = 2 * 24 * 60 * 60;

export type ListingPosition = { latitude: number; longitude: number; geohash: string } | Record<string, never>;

/**
 * Where a plant listing is found by nearby searches: the centre of the author's ~1 km cell (never
 * their exact home), and only when they show up in nearby searches at all (`show_in_nearby`).
 */
export function listingPosition(author: Pick<UserItem, 'nearbyVisible' | 'latitude' | 'longitude'> | null): ListingPosition {
  if (!author || author.nearbyVisible === false || author.latitude === undefined || author.longitude === undefined) return {};
  const cell = coarsen({ latitude: author.latitude, longitude: author.longitude });
  return { ...cell, geohash: encodeGeohash(cell) };
}

/**
 * Where a page's plant listings are found: where others see the page (its ~1 km cell, or its
 * exact place while its address is public); nowhere while it has no place or is deleted.
 */
export function pageListingPosition(page: Pick<PageItem, 'latitude' | 'longitude' | 'addressPublic' | 'deletedAt'> | null): ListingPosition {
  if (!page || page.deletedAt || page.latitude === undefined || page.longitude === undefined) return {};
  const at = page.addressPublic ? { latitude: page.latitude, longitude: page.longitude } : coarsen({ latitude: page.latitude, longitude: page.longitude });
  return { ...at, geohash: encodeGeohash(at) };
}

const placeOf = (p: { geohash?: string }) => p.geohash ?? '';

export type ListingOwnerType = 'user' | 'page';

/** A condition that the owner item is still the one the listing's place was read from. */
export function ownerUnchanged(owner: UserItem): TxItem {
  return txEntities()
    .user.check({ uuid: owner.uuid })
    .where((a, op) => op.eq(a.updatedAt, owner.updatedAt))
    .commit();
}

export interface Relisting {
  /** For the user's transaction: the job item, when the change moves the listing place. */
  items: TxItem[];
  token: string | null;
}

function jobItems(ownerId: string, ownerType: ListingOwnerType, nowMs: number): Relisting {
  const token = randomUUID();
  const job = {
    userId: ownerId, ownerType, token, requestedAt: new Date(nowMs).toISOString(), runs: 0, expiresAt: Math.floor(nowMs / 1000) + JOB_TTL_SECONDS,
  };
  return { items: [txEntities().relistJob.put(job).commit()], token };
}

/** The job of moving the user's listings, when `after` lists them elsewhere than `before` did. */
export function relistItems(before: UserItem, after: Pick<UserItem, 'nearbyVisible' | 'latitude' | 'longitude'>, nowMs = Date.now()): Relisting {
  if (placeOf(listingPosition(before)) === placeOf(listingPosition(after))) return { items: [], token: null };
  return jobItems(before.uuid, 'user', nowMs);
}

/** The job of moving the page's listings, when `after` lists them elsewhere than `before` did. */
export function pageRelistItems(before: PageItem, after: PageItem, nowMs = Date.now()): Relisting {
  if (placeOf(pageListingPosition(before)) === placeOf(pageListingPosition(after))) return { items: [], token: null };
  return jobItems(before.id, 'page', nowMs);
}

/** After the owner's transaction: locally, runs the job now; in the cloud the table's stream runs it. */
export async function afterRelisting(ownerId: string, relisting: Relisting, ownerType: ListingOwnerType = 'user'): Promise<void> {
  if (!relisting.token || sweepsDeferred()) return;
  try {
    const out = await relistPlantsOf(ownerId, {}, ownerType);
    await finishJob({ userId: ownerId, ownerType }, relisting.token);
    if (out.moved) logger.info('moved plant listings with their owner', { ownerId, ownerType, moved: out.moved });
  } catch (err) {
    // The change is saved; the job item stays, and the owner's next change of place runs it again.
    logger.error('could not move plant listings with their owner', { error: err as Error, ownerId, ownerType });
  }
}

/** A condition that the page item is still the one the listing's place was read from. */
export function pageUnchanged(page: Pick<PageItem, 'id' | 'updatedAt'>): TxItem {
  return conditionCheck(pageKey(page.id), and(eq('updatedAt', page.updatedAt), absent('deletedAt')));
}

/** The owner's current listing place, and the check that it is still the one read; null when the owner is gone. */
async function currentOwner(ownerId: string, ownerType: ListingOwnerType): Promise<{ place: ListingPosition; unchanged: TxItem } | null> {
  if (ownerType === 'page') {
    const { data } = await db().entities.page.get({ id: ownerId }).go({ consistent: true });
    return data && !data.deletedAt ? { place: pageListingPosition(data as PageItem), unchanged: pageUnchanged(data as PageItem) } : null;
  }
  const { data } = await db().entities.user.get({ uuid: ownerId }).go({ consistent: true });
  return data && !data.deletedAt ? { place: listingPosition(data as UserItem), unchanged: ownerUnchanged(data as UserItem) } : null;
}

async function currentListings(listings: PostItem[]): Promise<PostItem[]> {
  const read = await Promise.all(listings.map(async (p) => (await db().entities.post.get({ id: p.id }).go({ consistent: true })).data as PostItem | null));
  return read.filter((p): p is PostItem => !!p && !p.deletedAt);
}

/** The listing at `place` (none: no position at all), one version on, guarded on the version read. */
function moveItem(listing: PostItem, place: ListingPosition): TxItem {
  const next: Partial<PostItem> = { ...listing, version: listing.version + 1 };
  delete next.latitude;
  delete next.longitude;
  delete next.geohash;
  const { id, ...rest } = { ...next, ...place } as PostItem;
  return txEntities()
    .post.put({ id, ...rest })
    .where((a, op) => op.eq(a.version, listing.version))
    .commit();
}

/** Moves the listings of one page of results that are not at the owner's current place; null when the owner is gone. */
async function relistPage(ownerId: string, ownerType: ListingOwnerType, page: PostItem[]): Promise<number | null> {
  let listings = page;
  for (let attempt = 1; ; attempt++) {
    const owner = await currentOwner(ownerId, ownerType);
    if (!owner) return null; // a deleted account's (or page's) listings go with its sweep
    const { place } = owner;
    // A plant an admin hid stays where it was: it is listed nowhere, nearby included.
    const stale = listings.filter((p) => p.kind === 'plant' && !p.hiddenAt && p.ownerId === ownerId && p.ownerType === ownerType && placeOf(p) !== placeOf(place));
    if (!stale.length) return 0;
    const out = await writeItems([owner.unchanged, ...stale.map((p) => moveItem(p, place))]);
    if (!out.canceled) return stale.length;
    if (attempt >= ATTEMPTS) throw new Error(`listings of ${ownerId} kept changing: ${out.data.map((d) => d.code).join(',')}`);
    // The owner changed (read again above) or a listing did (an edit, a reaction, a deletion).
    listings = await currentListings(listings);
  }
}

export interface RelistOptions {
  /** Where an earlier run stopped. */
  cursor?: string | null;
  pageSize?: number;
  /** Asked before each page; true stops the run (e.g. the Lambda is short of time). */
  shouldStop?: () => boolean;
}

/**
 * Moves the owner's plant listings to their current place, page by page. Idempotent and
 * resumable: `done` false means it stopped early, and `cursor` is where to go on.
 */
export async function relistPlantsOf(ownerId: string, opts: RelistOptions = {}, ownerType: ListingOwnerType = 'user'): Promise<{ moved: number; cursor: string | null; done: boolean }> {
  let cursor = opts.cursor ?? null;
  let moved = 0;
  do {
    if (opts.shouldStop?.()) return { moved, cursor, done: false };
    const page = await db()
      .entities.post.query.ownerAll({ ownerType, ownerId, kind: 'plant' })
      .go({ cursor, limit: opts.pageSize ?? RELIST_PAGE });
    const count = await relistPage(ownerId, ownerType, page.data as PostItem[]);
    if (count === null) return { moved, cursor: null, done: true };
    moved += count;
    cursor = page.cursor;
  } while (cursor);
  return { moved, cursor: null, done: true };
}

/** Hands the rest of a job to its next run: a change of the job item (the stream records it). */
export async function saveProgress(job: Pick<RelistJobItem, 'userId' | 'ownerType' | 'token'>, cursor: string | null): Promise<void> {
  const update = db().entities.relistJob.update({ ownerType: job.ownerType, userId: job.userId }).add({ runs: 1 });
  try {
    await (cursor ? update.set({ cursor }) : update.remove(['cursor'])).where((a, op) => op.eq(a.token, job.token)).go();
  } catch (err) {
    // A newer move replaced the job: its own run starts over.
    if (!isConditionFailure(err)) throw err;
  }
}

/** Deletes the job item, unless a newer move replaced it (that one's run finishes it). */
export async function finishJob(job: Pick<RelistJobItem, 'userId' | 'ownerType'>, token: string): Promise<void> {
  try {
    await db().entities.relistJob.delete({ ownerType: job.ownerType, userId: job.userId }).where((a, op) => op.eq(a.token, token)).go();
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}
