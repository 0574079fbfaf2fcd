/**
 * Post and plant photos between their upload URL and the post that uses them (I1).
 *
 * POST /api/iam/images/upload-url records a pending upload before it hands out the URL, so no
 * object can land in the bucket without a record that leads the sweep to it. A post claims its
 * photos: `claimUploads` checks each record and object, and returns the deletes of the records for
 * the post's own transaction; the post and the claims land together or not at all. What no post
 * claims is removed by `sweepExpiredUploads` (hourly in the cloud, every 10 minutes locally).
 * Avatars go the same way (functions/images/avatars.ts): the profile that saves one claims its
 * record, and the avatar it replaces gets a record due at once, so the sweep removes it too.
 * A post photo may have a small rendition beside it, under `smallPhotoKey(key)`, uploaded with the
 * same URL request: it has no record of its own. The original's record stands for both, so every
 * removal of a post photo's object (the sweep, a retired photo, a deleted post) removes the small
 * one with it, and a post's claim reads both objects back.
 *
 * Timeline of a record (epoch seconds in `expiresAt`, issued + 24 h, also the table's TTL):
 *   0 h ─ URL handed out ─ … ─ 21 h: last moment a post may claim it ─ 22 h: the sweep may take it
 *   ─ 24 h: DynamoDB's TTL may drop the record.
 * The hour between the last claim and the sweep means a post's transaction, which checks the same
 * cut-off in its condition, can never commit a photo the sweep is deleting. The two hours between
 * the sweep and the TTL give the hourly sweep two runs to remove the object before the record that
 * points at it can disappear on its own.
 *
 * An upload URL keeps working for its 5 minutes after the post claimed it: whoever holds it can
 * PUT the object again after the post is deleted or the photo moved to a new key. So a photo
 * whose objects are deleted while its URLs may still work gets a record the sweep takes only once
 * they have expired (`watchForReuploads`, `retireUpload` with `urlsMayBeLive`): whatever lands
 * through them meanwhile is removed then. Photos only join a post when it is created (an audience
 * narrowing copies them server-side, with no URL), so their URLs may work only within
 * URL_LIVE_AFTER_POST_SECONDS of the post's creation, and only such posts need these records. The
 * records are never claimable (they expire before the claim cut-off), and their keys are never
 * used again (each a fresh UUID), so the sweep removes nothing a post shows.
 */
import { EVENT_IMAGE_KEY_PATTERN, PAGE_IMAGE_KEY_PATTERN, PHOTO_KEY_PATTERN, PHOTO_MAX_BYTES, PHOTO_SMALL_MAX_BYTES, type PHOTO_TYPES, smallPhotoKey } from '../../shared/content-rules';
import type { PendingUploadItem } from '../db/entities/pending-upload';
import { db } from '../db/service';
import { txEntities } from '../db/transact';
import { badRequest } from '../lib/errors';
import { deleteImage, verifyUploadedImage, type ImageCheck } from '../lib/images';
import { logger } from '../lib/logger';

/** A pending record's lifetime; also when DynamoDB's TTL may remove it. */
export const PENDING_UPLOAD_TTL_SECONDS = 24 * 60 * 60;
/** A post may claim an upload until this long before the record expires (21 h after the URL). */
export const CLAIM_CUTOFF_SECONDS = 3 * 60 * 60;
/** The sweep takes records from this long before they expire (22 h after the URL). */
export const SWEEP_LEAD_SECONDS = 2 * 60 * 60;

/** How long an upload URL works once handed out (presigned-upload.ts signs it for this). */
export const UPLOAD_URL_TTL_SECONDS = 300;
/**
 * How long after a post's creation an upload URL of one of its photos may still work: the URL was
 * handed out before the post was created and works UPLOAD_URL_TTL_SECONDS, plus a minute for
 * clocks that disagree and an upload that started just before the URL expired.
 */
export const URL_LIVE_AFTER_POST_SECONDS = UPLOAD_URL_TTL_SECONDS + 60;

const SWEEP_PAGE = 50;
/** Objects and records removed at once (S3 DeleteObject and DynamoDB DeleteItem calls in flight). */
const PARALLEL = 10;

const POSTS_PREFIX = 'images/posts/';
/** Avatar objects: `images/avatars/<userId>/<uuid>.<ext>` (pending until saved, and once replaced). */
export const AVATAR_KEY_PATTERN = /^images\/avatars\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(jpg|png|webp)$/;
const MAX_MB = PHOTO_MAX_BYTES / 1024 / 1024;
const SMALL_MAX_MB = PHOTO_SMALL_MAX_BYTES / 1024 / 1024;

const seconds = (ms: number) => Math.floor(ms / 1000);

/** The key a new post photo is uploaded under: `images/posts/<userId>/<id>.<ext>`. */
export function photoKeyFor(userId: string, id: string, extension: 'jpg' | 'png' | 'webp'): string {
  return `${POSTS_PREFIX}${userId}/${id}.${extension}`;
}

/** Records a pending upload; called before the upload URL is handed out. */
export async function recordPendingUpload(
  userId: string,
  objectKey: string,
  contentType: (typeof PHOTO_TYPES)[number],
  size: number,
  nowMs = Date.now(),
  pixels?: { width: number; height: number },
): Promise<void> {
  await db()
    .entities.pendingUpload.create({
      objectKey,
      userId,
      contentType,
      size,
      ...(pixels ?? {}),
      createdAt: new Date(nowMs).toISOString(),
      expiresAt: seconds(nowMs) + PENDING_UPLOAD_TTL_SECONDS,
    })
    .go();
}

/** The delete of one claimed record, conditioned on it still being there, the author's, and claimable. */
function claimItem(objectKey: string, userId: string, mustExpireAfter: number) {
  return txEntities()
    .pendingUpload.delete({ objectKey })
    .where((a, op) => `${op.eq(a.userId, userId)} AND ${op.gt(a.expiresAt, mustExpireAfter)}`)
    .commit();
}

/** A transaction item as `claimUploads` returns it, for the caller's own write transaction. */
export type TxItem = ReturnType<typeof claimItem>;

/** What `claimUploads` answers: one claim item per photo, and which photos have a small rendition. */
export interface ClaimedUploads {
  /** The deletes of the pending records, one per photo, for the post's transaction. */
  items: TxItem[];
  /** Per photo, in order: whether its small rendition is in the bucket. */
  small: boolean[];
  /** Per photo, in order: its pending record. */
  records: PendingUploadItem[];
}

/** Where claimed uploads live: which keys are the member's, how an object is read back, its small rendition's key. */
export interface UploadPlace {
  owns: (key: string, userId: string) => boolean;
  verify: (key: string, maxBytes: number) => Promise<ImageCheck>;
  small: (key: string) => string;
}

/** Post and plant photos, under `images/posts/<userId>/`. */
export const POST_PHOTOS: UploadPlace = {
  owns: (key, userId) => PHOTO_KEY_PATTERN.test(key) && key.startsWith(`${POSTS_PREFIX}${userId}/`),
  verify: verifyUploadedImage,
  small: smallPhotoKey,
};

async function pendingRecords(keys: string[]): Promise<Map<string, PendingUploadItem>> {
  const found = new Map<string, PendingUploadItem>();
  if (!keys.length) return found;
  const { data, unprocessed } = await db().entities.pendingUpload.get(keys.map((objectKey) => ({ objectKey }))).go();
  for (const item of data) found.set(item.objectKey, item);
  // BatchGetItem may leave some keys unread under load: read those one by one.
  for (const key of unprocessed) {
    const { data: item } = await db().entities.pendingUpload.get(key).go();
    if (item) found.set(item.objectKey, item);
  }
  return found;
}

/**
 * Checks that each key is a pending upload of `userId` that may still be used, and that the
 * object in the bucket is an image of at most 10 MB (HEAD: size and type; a presigned URL cannot
 * be trusted to have been used as asked); its small rendition, when there is one, an image of at
 * most 2 MB (none is fine: the photo then has none). Throws 400 naming `field` and the photo
 * (1-based) at the first problem. Returns the deletes of the pending records, each conditioned
 * on the record still existing, to be written in the same transaction as the post: if another
 * post claimed one meanwhile, that item fails its condition and the post is not written.
 */
export async function claimUploads(place: UploadPlace, userId: string, keys: string[], field: string, nowMs = Date.now()): Promise<ClaimedUploads> {
  if (!keys.length) return { items: [], small: [], records: [] };
  const refuse = (index: number, problem: string) => badRequest(`photo ${index + 1} ${problem}`, field);
  const notYours = 'is not one of your uploads';

  keys.forEach((key, i) => {
    if (!place.owns(key, userId)) throw refuse(i, notYours);
    if (keys.indexOf(key) !== i) throw refuse(i, 'is the same as an earlier photo');
  });

  // Claimable while more than CLAIM_CUTOFF_SECONDS of the record's life remain.
  const mustExpireAfter = seconds(nowMs) + CLAIM_CUTOFF_SECONDS;
  const records = await pendingRecords(keys);
  keys.forEach((key, i) => {
    const record = records.get(key);
    // Absent: never handed out, already used by a post, or removed by the sweep.
    if (!record || record.userId !== userId) throw refuse(i, notYours);
    if (record.expiresAt <= mustExpireAfter) throw refuse(i, 'was uploaded too long ago; upload it again');
  });

  const checks = await Promise.all(
    keys.map((key) => Promise.all([place.verify(key, PHOTO_MAX_BYTES), place.verify(place.small(key), PHOTO_SMALL_MAX_BYTES)])),
  );
  checks.forEach(([check], i) => {
    if (check === 'missing') throw refuse(i, 'was not uploaded');
    if (check === 'too-large') throw refuse(i, `is larger than ${MAX_MB} MB`);
    if (check === 'wrong-type') throw refuse(i, 'is not a JPEG, PNG or WebP image');
  });
  checks.forEach(([, small], i) => {
    if (small === 'too-large') throw refuse(i, `has a small rendition larger than ${SMALL_MAX_MB} MB`);
    if (small === 'wrong-type') throw refuse(i, 'has a small rendition that is not a JPEG, PNG or WebP image');
  });

  return {
    items: keys.map((key) => claimItem(key, userId, mustExpireAfter)),
    small: checks.map(([, small]) => small === 'ok'),
    records: keys.map((key) => records.get(key)!),
  };
}

/** Throws one error holding every failure among `outcomes` ("could not <verb> 2 of 5 <what>"), when any failed. */
function throwFailures(outcomes: PromiseSettledResult<void>[], verb: string, what: string): void {
  const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
  if (failures.length) throw new AggregateError(failures, `could not ${verb} ${failures.length} of ${outcomes.length} ${what}`);
}

/** Runs `work` over `items`, at most PARALLEL at a time; answers each outcome in order. */
async function settleInBatches<T>(items: T[], work: (item: T) => Promise<void>): Promise<PromiseSettledResult<void>[]> {
  const out: PromiseSettledResult<void>[] = [];
  for (let i = 0; i < items.length; i += PARALLEL) {
    out.push(...(await Promise.allSettled(items.slice(i, i + PARALLEL).map(work))));
  }
  return out;
}

/** Deletes an object; one already gone is fine (S3 answers 204 either way). */
async function deleteObject(key: string): Promise<void> {
  try {
    await deleteImage(key);
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name !== 'NoSuchKey' && name !== 'NotFound') throw err;
  }
}

const RETIRED_TYPES: Record<string, (typeof PHOTO_TYPES)[number]> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** Whether an upload URL of a photo of a post created at `createdAt` may still work at `nowMs`. */
export function uploadUrlsMayBeLive(createdAt: string, nowMs = Date.now()): boolean {
  const created = Date.parse(createdAt);
  // An unreadable date: assume the worst, the record costs little.
  return Number.isNaN(created) || nowMs < created + URL_LIVE_AFTER_POST_SECONDS * 1000;
}

/**
 * When the sweep may take the record of an object no longer used: at once, or, while its upload
 * URLs may still work, only after they have expired (the sweep takes records SWEEP_LEAD_SECONDS
 * before their expiry, so that lead is added). Either way before the claim cut-off, so no post can
 * claim the record.
 */
function retiredExpiry(nowMs: number, urlsMayBeLive: boolean): number {
  return seconds(nowMs) + SWEEP_LEAD_SECONDS + (urlsMayBeLive ? URL_LIVE_AFTER_POST_SECONDS : 0);
}

/** The record of an object no longer used: it only leads the sweep to the object. */
export function retiredRecord(userId: string, key: string, nowMs: number, urlsMayBeLive: boolean) {
  return {
    objectKey: key,
    userId,
    contentType: RETIRED_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'image/jpeg',
    // Unknown and unneeded: the record only leads the sweep to the object.
    size: 0,
    createdAt: new Date(nowMs).toISOString(),
    expiresAt: retiredExpiry(nowMs, urlsMayBeLive),
  };
}

/**
 * A record for an upload no longer used (a replaced avatar, a photo moved to a new key), to be
 * written in the transaction that stops using the object. Due for the sweep at once (its TTL two
 * hours later leaves the hourly sweep two runs); with `urlsMayBeLive` (a photo of a post created
 * within URL_LIVE_AFTER_POST_SECONDS) only once its upload URLs have expired, so the sweep also
 * removes what is PUT through them meanwhile. The caller deletes the object right after the write
 * (`removeRetiredUpload`); if that fails, the sweep does.
 */
export function retireUpload(userId: string, key: string, nowMs = Date.now(), urlsMayBeLive = false): TxItem {
  return txEntities().pendingUpload.put(retiredRecord(userId, key, nowMs, urlsMayBeLive)).commit();
}

/**
 * Deletes a retired upload's objects now, then its record unless `keepRecord` (its upload URLs may
 * still work: the record waits for the sweep, which removes whatever was uploaded again); on
 * failure the sweep does it later.
 */
export async function removeRetiredUpload(key: string, keepRecord = false): Promise<void> {
  try {
    await deleteUploadObject(key);
    if (!keepRecord) await db().entities.pendingUpload.delete({ objectKey: key }).go();
  } catch (err) {
    logger.warn('could not delete a retired upload now; the sweep of unused uploads will', { key, error: err as Error });
  }
}

/**
 * Before a deleted post's photos are removed while their upload URLs may still work: a record per
 * photo that the sweep takes only after the URLs have expired, so an object PUT again through one
 * (the original or its small rendition) is removed then. Safe to write again (a put). Throws when
 * a record could not be written; the caller then deletes nothing yet and tries again later.
 */
export async function watchForReuploads(userId: string, keys: string[], nowMs = Date.now()): Promise<void> {
  const photos = [...new Set(keys)].filter((key) => PHOTO_KEY_PATTERN.test(key));
  await putRetiredRecords(photos.map((key) => retiredRecord(userId, key, nowMs, true)));
}

/** Writes records of retired objects now (outside a transaction), several at a time; throws when any could not be written. */
export async function putRetiredRecords(records: ReturnType<typeof retiredRecord>[]): Promise<void> {
  const outcomes = await settleInBatches(records, async (record) => {
    await db().entities.pendingUpload.put(record).go();
  });
  throwFailures(outcomes, 'record', 'photos for the sweep');
}

/** Deletes a post photo's objects, the original and its small rendition (either may be missing), and nothing else. */
async function deletePhotoObject(key: string): Promise<void> {
  if (!PHOTO_KEY_PATTERN.test(key)) throw new Error(`refusing to delete ${key}: not a post photo`);
  await deleteObject(key);
  await deleteObject(smallPhotoKey(key));
}

/** Deletes the objects of a pending record: a post photo (with its small rendition), an avatar, a page image or an event cover, and nothing else. */
async function deleteUploadObject(key: string): Promise<void> {
  if (PHOTO_KEY_PATTERN.test(key)) return deletePhotoObject(key);
  if (!AVATAR_KEY_PATTERN.test(key) && !PAGE_IMAGE_KEY_PATTERN.test(key) && !EVENT_IMAGE_KEY_PATTERN.test(key)) throw new Error(`refusing to delete ${key}: not an upload`);
  await deleteObject(key);
}

/** Removes post photos' objects (a deleted post's photos, small renditions included); missing objects are fine. Throws when any other delete failed. */
export async function deletePhotos(keys: string[]): Promise<void> {
  const outcomes = await settleInBatches([...new Set(keys)], deletePhotoObject);
  throwFailures(outcomes, 'delete', 'photos');
}

export interface SweepOptions {
  /** Stop starting new pages after this time (epoch ms), e.g. shortly before the Lambda's timeout. */
  deadlineMs?: number;
  pageSize?: number;
}

/**
 * Removes the uploads no post claimed: a Query of the `uploads#pending` partition from the oldest
 * expiry up to now + SWEEP_LEAD_SECONDS, page by page; for each, the object (a post photo's small
 * rendition too) and then its record (so a failure leaves the record, and the next run tries
 * again). Records of objects this module does not delete (a message photo's, under the private
 * prefix) are handed to `removeOther`, so only the sweep's job reaches the private grant.
 * Idempotent: a record or object already gone is fine. Resumable: every run starts from
 * the front of the partition, so a run cut short (deadline, timeout, error on one item) leaves the
 * rest for the next one.
 */
export async function sweepExpiredUploads(nowMs: number = Date.now(), opts: SweepOptions = {}, removeOther: (key: string) => Promise<boolean> = async () => false): Promise<{ removed: number }> {
  const limit = opts.pageSize ?? SWEEP_PAGE;
  // Sort keys are `<expiresAt>#<key>` with a 10-digit expiresAt: `< "<t + 1>"` takes every expiresAt ≤ t.
  const upTo = seconds(nowMs) + SWEEP_LEAD_SECONDS;
  let removed = 0;
  let failed = 0;
  let cursor: string | null = null;
  do {
    if (opts.deadlineMs !== undefined && Date.now() >= opts.deadlineMs) break;
    const page: { data: PendingUploadItem[]; cursor: string | null } = await db()
      .entities.pendingUpload.query.byExpiry({})
      .lt({ expiresAt: upTo + 1 })
      .go({ cursor, limit });
    const outcomes = await settleInBatches(page.data, async (item) => {
      if (!(await removeOther(item.objectKey))) await deleteUploadObject(item.objectKey);
      await db().entities.pendingUpload.delete({ objectKey: item.objectKey }).go();
    });
    outcomes.forEach((o, i) => {
      if (o.status === 'fulfilled') return void removed++;
      failed++;
      logger.error('could not remove an unused upload; the next sweep tries again', { key: page.data[i]?.objectKey, error: o.reason as Error });
    });
    cursor = page.cursor;
  } while (cursor);
  if (removed || failed) logger.info('swept unused uploads', { removed, failed });
  return { removed };
}
