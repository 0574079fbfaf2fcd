/**
 * Post photo uploads: the upload URL route over real HTTP (a real JPEG PUT to s3rver through the
 * presigned URL), then the domain functions the posts code calls, run in this worker against the
 * host's table and bucket: claiming uploads for a post's transaction, the sweep of unused
 * uploads, and deleting a post's photos. A photo's small rendition (for cards) rides on its
 * original's upload URL and pending record, and goes wherever the original goes.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PHOTO_KEY_PATTERN, PHOTO_MAX_BYTES, PHOTO_SMALL_MAX_BYTES, smallPhotoKey } from '../../shared/content-rules';
import { db } from '../../functions/db/service';
import { writeItems } from '../../functions/db/transact';
import {
  claimUploads,
  POST_PHOTOS,
  CLAIM_CUTOFF_SECONDS,
  deletePhotos,
  PENDING_UPLOAD_TTL_SECONDS,
  photoKeyFor,
  recordPendingUpload,
  removeRetiredUpload,
  retireUpload,
  sweepExpiredUploads,
  SWEEP_LEAD_SECONDS,
  UPLOAD_URL_TTL_SECONDS,
  URL_LIVE_AFTER_POST_SECONDS,
} from '../../functions/images/pending';
import { handler as sweepHandler } from '../../functions/images/sweep-uploads';
import { as } from '../support/accounts';
import { newPost, TINY_JPEG } from '../support/content';
import { hostUrl } from '../support/api';
import { objectExists, storeObject } from '../support/bucket';
import { getItem, setAttributes } from '../support/db';
import { useHostTableAndBucket } from '../support/host-env';
import { registeredUser, unregisteredUser, type TestUser } from '../support/users';

interface Upload {
  url: string;
  key: string;
  headers: Record<string, string>;
  expires_in: number;
  small: { url: string; key: string; headers: Record<string, string> } | null;
}

/** An 8×8 leaf-green baseline JPEG (614 bytes). */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDIBCQkJDAsMGA0NGDIhHCEyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMv/AABEIAAgACAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AMGuA8U//9k=',
  'base64',
);
/** The small rendition's bytes: another valid JPEG (the 1×1 one the content helpers upload). */
const SMALL_JPEG = TINY_JPEG;
const HOUR_MS = 60 * 60 * 1000;

/** Points this worker's own copy of the domain code at the test host's table and bucket, as the host does for handlers. */
beforeAll(() => useHostTableAndBucket());

async function presign(u: TestUser, contentType = 'image/jpeg', size = JPEG.length, smallSize?: number): Promise<Upload> {
  const res = await as<Upload>(u.browser, 'POST', '/api/iam/images/upload-url', { contentType, size, ...(smallSize !== undefined ? { smallSize } : {}) });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.data;
}

const put = (upload: Pick<Upload, 'url' | 'headers'>, body: Buffer, headers = upload.headers) => fetch(upload.url, { method: 'PUT', headers, body: new Uint8Array(body) });

/** A presigned, uploaded JPEG of `u`. */
async function uploaded(u: TestUser): Promise<Upload> {
  const upload = await presign(u);
  expect((await put(upload, JPEG)).status).toBe(200);
  return upload;
}

/** A presigned JPEG of `u` uploaded with its small rendition (`small`, sent as `smallType`). */
async function uploadedWithSmall(u: TestUser, small = SMALL_JPEG, smallType?: string): Promise<Upload> {
  const upload = await presign(u, 'image/jpeg', JPEG.length, small.length);
  expect((await put(upload, JPEG)).status).toBe(200);
  expect((await put(upload.small!, small, smallType ? { 'content-type': smallType } : upload.small!.headers)).status).toBe(200);
  return upload;
}

const pending = (key: string) => getItem(`upload#${key}`, 'upload');

describe('POST /api/iam/images/upload-url', () => {
  it('hands out a 5-minute PUT under images/posts/<me>/, signed for type and length, and records the upload as pending', async () => {
    const u = await registeredUser();
    const before = Math.floor(Date.now() / 1000);
    const upload = await presign(u);
    expect(upload.key).toMatch(PHOTO_KEY_PATTERN);
    expect(upload.key).toMatch(new RegExp(`^images/posts/${u.uuid}/[0-9a-f-]{36}\\.jpg$`));
    expect(upload.headers).toEqual({ 'content-type': 'image/jpeg' });
    expect(upload.expires_in).toBe(300);
    expect(upload.small).toBeNull(); // no smallSize asked, no second PUT
    const url = new URL(upload.url);
    expect(url.origin).toBe(new URL(inject('s3Endpoint')).origin);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    // What S3 checks: the content type and length are signed, so another type or size is refused there.
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(['content-length', 'content-type', 'host']);
    // No checksum of an empty body baked into the URL (it would make S3 refuse every real upload).
    expect([...url.searchParams.keys()].some((k) => k.startsWith('x-amz-checksum'))).toBe(false);

    const record = await pending(upload.key);
    expect(record).toMatchObject({
      objectKey: upload.key,
      userId: u.uuid,
      contentType: 'image/jpeg',
      size: JPEG.length,
      gsi2pk: 'uploads#pending',
    });
    const expiresAt = record!.expiresAt as number;
    expect(expiresAt).toBeGreaterThanOrEqual(before + PENDING_UPLOAD_TTL_SECONDS);
    expect(expiresAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + PENDING_UPLOAD_TTL_SECONDS);
    expect(record!.gsi2sk).toBe(`${expiresAt}#${upload.key}`);

    expect((await put(upload, JPEG)).status).toBe(200);
    const served = await fetch(`${hostUrl()}/${upload.key}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer()).equals(JPEG)).toBe(true);
  });

  it('with smallSize, also hands out a PUT for the small rendition under its small key, signed for the same type and its own length, under one pending record', async () => {
    const u = await registeredUser();
    const upload = await presign(u, 'image/jpeg', JPEG.length, SMALL_JPEG.length);
    expect(upload.key).toMatch(PHOTO_KEY_PATTERN);
    expect(upload.small).not.toBeNull();
    const small = upload.small!;
    expect(small.key).toBe(smallPhotoKey(upload.key));
    expect(small.key).toMatch(new RegExp(`^images/posts/${u.uuid}/[0-9a-f-]{36}\\.w640\\.jpg$`));
    expect(small.key).not.toMatch(PHOTO_KEY_PATTERN);
    expect(small.headers).toEqual({ 'content-type': 'image/jpeg' });
    const url = new URL(small.url);
    expect(url.origin).toBe(new URL(inject('s3Endpoint')).origin);
    expect(url.pathname.endsWith(`/${small.key}`)).toBe(true);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(['content-length', 'content-type', 'host']);
    expect(small.url).not.toBe(upload.url);

    // One pending record, the original's: it leads the sweep to both objects.
    expect(await pending(upload.key)).toMatchObject({ objectKey: upload.key, size: JPEG.length });
    expect(await pending(small.key)).toBeUndefined();

    expect((await put(upload, JPEG)).status).toBe(200);
    expect((await put(small, SMALL_JPEG)).status).toBe(200);
    const served = await fetch(`${hostUrl()}/${small.key}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer()).equals(SMALL_JPEG)).toBe(true);

    // The same type as the original, whatever it is.
    const png = await presign(u, 'image/png', 100, 40);
    expect(png.small).toMatchObject({ key: smallPhotoKey(png.key), headers: { 'content-type': 'image/png' } });
    expect(png.small!.key).toMatch(/\.w640\.png$/);
  });

  it('refuses a smallSize that is not a whole number of bytes up to 2 MB, naming smallSize', async () => {
    const u = await registeredUser();
    for (const [smallSize, message] of [
      [0, 'smallSize must be at least 1 byte'],
      [1.5, 'smallSize must be a whole number'],
      [PHOTO_SMALL_MAX_BYTES + 1, 'smallSize must be at most 2 MB'],
      [PHOTO_MAX_BYTES, 'smallSize must be at most 2 MB'],
      ['100', 'smallSize must be a number'],
    ] as const) {
      const res = await as(u.browser, 'POST', '/api/iam/images/upload-url', { contentType: 'image/jpeg', size: PHOTO_MAX_BYTES, smallSize });
      expect(res.status, String(smallSize)).toBe(400);
      expect(res.json).toMatchObject({ error: { field: 'smallSize', message } });
    }
    // Exactly 2 MB is a small rendition still.
    expect((await presign(u, 'image/jpeg', PHOTO_MAX_BYTES, PHOTO_SMALL_MAX_BYTES)).small).not.toBeNull();
  });

  it('gives each request its own key, with the png and webp extensions', async () => {
    const u = await registeredUser();
    const a = await presign(u);
    const b = await presign(u);
    expect(a.key).not.toBe(b.key);
    expect((await presign(u, 'image/png', 100)).key).toMatch(/\.png$/);
    expect((await presign(u, 'image/webp', 100)).key).toMatch(/\.webp$/);
  });

  it('refuses other types, sizes over 10 MB and members who have not registered', async () => {
    const u = await registeredUser();
    const gif = await as(u.browser, 'POST', '/api/iam/images/upload-url', { contentType: 'image/gif', size: 100 });
    expect(gif.status).toBe(400);
    expect(gif.json).toMatchObject({ error: { field: 'contentType' } });
    const big = await as(u.browser, 'POST', '/api/iam/images/upload-url', { contentType: 'image/jpeg', size: PHOTO_MAX_BYTES + 1 });
    expect(big.status).toBe(400);
    expect(big.json).toMatchObject({ error: { field: 'size', message: 'size must be at most 10 MB' } });
    const incomplete = await unregisteredUser();
    expect((await as(incomplete.browser, 'POST', '/api/iam/images/upload-url', { contentType: 'image/jpeg', size: 100 })).status).toBe(403);
  });
});

describe('claimUploads (a post using its photos)', () => {
  it('accepts the member\'s uploaded photos and returns deletes of their records that hold only while the records exist', async () => {
    const u = await registeredUser();
    const first = await uploaded(u);
    const second = await uploaded(u);
    expect(await claimUploads(POST_PHOTOS, u.uuid, [], 'photos')).toEqual({ items: [], small: [], records: [] });

    const { items, small } = await claimUploads(POST_PHOTOS, u.uuid, [first.key, second.key], 'photos');
    expect(items).toHaveLength(2);
    expect(small).toEqual([false, false]);
    expect(items[0]).toMatchObject({ Delete: { Key: { pk: `upload#${first.key}`, sk: 'upload' } } });
    expect((items[0] as unknown as { Delete: { ConditionExpression: string } }).Delete.ConditionExpression).toMatch(/userId/);

    // In the post's transaction: the records go, the objects stay (they are the post's photos now).
    expect((await writeItems(items)).canceled).toBe(false);
    expect(await pending(first.key)).toBeUndefined();
    expect(await pending(second.key)).toBeUndefined();
    expect(await objectExists(first.key)).toBe(true);

    // A second post with the same photos: its transaction is refused by the condition…
    const again = await writeItems(items);
    expect(again.canceled).toBe(true);
    expect(again.data.map((d) => d.code)).toEqual(['ConditionalCheckFailed', 'ConditionalCheckFailed']);
    // …and claiming them again is refused before that.
    await expect(claimUploads(POST_PHOTOS, u.uuid, [first.key], 'photos')).rejects.toMatchObject({
      status: 400, field: 'photos', message: 'photo 1 is not one of your uploads',
    });
  });

  it('reads each photo\'s small rendition back: one there is claimed with the photo, one never sent is no problem', async () => {
    const u = await registeredUser();
    const withSmall = await uploadedWithSmall(u);
    const smallAsked = await presign(u, 'image/jpeg', JPEG.length, SMALL_JPEG.length);
    expect((await put(smallAsked, JPEG)).status).toBe(200); // the small one never sent
    const plain = await uploaded(u);
    const { items, small } = await claimUploads(POST_PHOTOS, u.uuid, [withSmall.key, smallAsked.key, plain.key], 'photos');
    expect(small).toEqual([true, false, false]);
    // One claim item per photo, the original's record.
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({ Delete: { Key: { pk: `upload#${withSmall.key}`, sk: 'upload' } } });
    expect((await writeItems(items)).canceled).toBe(false);
    expect(await objectExists(withSmall.small!.key)).toBe(true);
  });

  it('refuses a photo whose small rendition is not an image or is over 2 MB, naming the field and the photo', async () => {
    const u = await registeredUser();
    const ok = await uploadedWithSmall(u);
    const html = await uploadedWithSmall(u, Buffer.from('<html></html>'), 'text/html');
    await expect(claimUploads(POST_PHOTOS, u.uuid, [ok.key, html.key], 'plant_photos')).rejects.toMatchObject({
      status: 400, field: 'plant_photos', message: 'photo 2 has a small rendition that is not a JPEG, PNG or WebP image',
    });
    // s3rver does not enforce the signed length; S3 does, and the claim holds in both.
    const big = await presign(u, 'image/jpeg', JPEG.length, 1000);
    expect((await put(big, JPEG)).status).toBe(200);
    expect((await put(big.small!, Buffer.alloc(PHOTO_SMALL_MAX_BYTES + 1, 0xff))).status).toBe(200);
    await expect(claimUploads(POST_PHOTOS, u.uuid, [ok.key, big.key], 'photos')).rejects.toMatchObject({
      status: 400, field: 'photos', message: 'photo 2 has a small rendition larger than 2 MB',
    });
    // Nothing was claimed by the refusals.
    for (const key of [ok.key, html.key, big.key]) expect(await pending(key)).toBeDefined();

    // Exactly 2 MB is accepted.
    const limit = await uploadedWithSmall(u, Buffer.alloc(PHOTO_SMALL_MAX_BYTES, 0xff));
    expect((await claimUploads(POST_PHOTOS, u.uuid, [limit.key], 'photos')).small).toEqual([true]);
  });

  it('refuses another member\'s upload and keys that were never handed out', async () => {
    const a = await registeredUser();
    const b = await registeredUser();
    const upload = await uploaded(a);
    await expect(claimUploads(POST_PHOTOS, b.uuid, [upload.key], 'plant_photos')).rejects.toMatchObject({
      status: 400, field: 'plant_photos', message: 'photo 1 is not one of your uploads',
    });
    // Even a key under b's own prefix, with an object in the bucket, needs its pending record.
    const forged = photoKeyFor(b.uuid, randomUUID(), 'jpg');
    await storeObject(forged, JPEG);
    const own = await uploaded(b);
    await expect(claimUploads(POST_PHOTOS, b.uuid, [own.key, forged], 'photos')).rejects.toMatchObject({ message: 'photo 2 is not one of your uploads' });
    await expect(claimUploads(POST_PHOTOS, b.uuid, ['images/avatars/x.jpg'], 'photos')).rejects.toMatchObject({ message: 'photo 1 is not one of your uploads' });
    await expect(claimUploads(POST_PHOTOS, b.uuid, [own.key, own.key], 'photos')).rejects.toMatchObject({ message: 'photo 2 is the same as an earlier photo' });
    // Nothing was claimed by the refusals.
    expect(await pending(upload.key)).toBeDefined();
    expect(await pending(own.key)).toBeDefined();
  });

  it('refuses a photo whose upload never arrived', async () => {
    const u = await registeredUser();
    const done = await uploaded(u);
    const never = await presign(u);
    await expect(claimUploads(POST_PHOTOS, u.uuid, [done.key, never.key], 'photos')).rejects.toMatchObject({
      status: 400, field: 'photos', message: 'photo 2 was not uploaded',
    });
  });

  it('refuses an object over 10 MB, whatever size was asked for (s3rver does not enforce the signed length; S3 does)', async () => {
    const u = await registeredUser();
    const upload = await presign(u, 'image/jpeg', 1000);
    const tooBig = Buffer.alloc(PHOTO_MAX_BYTES + 1, 0xff);
    expect((await put(upload, tooBig)).status).toBe(200);
    await expect(claimUploads(POST_PHOTOS, u.uuid, [upload.key], 'photos')).rejects.toMatchObject({
      status: 400, field: 'photos', message: 'photo 1 is larger than 10 MB',
    });
  });

  it('refuses an object stored as another type (s3rver does not enforce the signed type; S3 does)', async () => {
    const u = await registeredUser();
    const ok = await uploaded(u);
    const upload = await presign(u);
    expect((await put(upload, Buffer.from('<html></html>'), { 'content-type': 'text/html' })).status).toBe(200);
    await expect(claimUploads(POST_PHOTOS, u.uuid, [ok.key, upload.key], 'photos')).rejects.toMatchObject({
      status: 400, field: 'photos', message: 'photo 2 is not a JPEG, PNG or WebP image',
    });
  });

  it('refuses an upload once its time to be used has passed, before the sweep may remove it', async () => {
    const u = await registeredUser();
    const key = photoKeyFor(u.uuid, randomUUID(), 'jpg');
    // Handed out 21 h ago: the record still exists, but a post may no longer claim it.
    await recordPendingUpload(u.uuid, key, 'image/jpeg', JPEG.length, Date.now() - (PENDING_UPLOAD_TTL_SECONDS - CLAIM_CUTOFF_SECONDS) * 1000);
    await storeObject(key, JPEG);
    await expect(claimUploads(POST_PHOTOS, u.uuid, [key], 'photos')).rejects.toMatchObject({
      status: 400, field: 'photos', message: 'photo 1 was uploaded too long ago; upload it again',
    });
    expect(CLAIM_CUTOFF_SECONDS).toBeGreaterThan(SWEEP_LEAD_SECONDS);
  });
});

describe('sweepExpiredUploads (the scheduled job)', () => {
  /** A pending upload handed out `hoursAgo` hours ago, its object uploaded unless `withObject` is false. */
  async function old(u: TestUser, hoursAgo: number, withObject = true): Promise<string> {
    const key = photoKeyFor(u.uuid, randomUUID(), 'jpg');
    await recordPendingUpload(u.uuid, key, 'image/jpeg', JPEG.length, Date.now() - hoursAgo * HOUR_MS);
    if (withObject) await storeObject(key, JPEG);
    return key;
  }

  it('removes the objects and then the records of uploads no post used, and leaves fresh ones', async () => {
    const u = await registeredUser();
    const fresh = await uploaded(u);
    const youngish = await old(u, 20);
    const stale = [await old(u, 23), await old(u, 30), await old(u, 25, false)];

    // Small pages: the sweep pages through the partition (and an object already gone is fine).
    const { removed } = await sweepExpiredUploads(Date.now(), { pageSize: 1 });
    expect(removed).toBeGreaterThanOrEqual(stale.length);
    for (const key of stale) {
      expect(await pending(key), key).toBeUndefined();
      expect(await objectExists(key), key).toBe(false);
    }
    for (const key of [fresh.key, youngish]) {
      expect(await pending(key), key).toBeDefined();
      expect(await objectExists(key), key).toBe(true);
    }
    // Still claimable afterwards.
    expect((await claimUploads(POST_PHOTOS, u.uuid, [fresh.key], 'photos')).items).toHaveLength(1);

    // Idempotent: running again finds nothing of these and fails on nothing.
    await expect(sweepExpiredUploads()).resolves.toMatchObject({ removed: expect.any(Number) });
    for (const key of stale) expect(await pending(key)).toBeUndefined();
  });

  it('removes a post photo\'s small rendition with it, whether or not it was ever sent', async () => {
    const u = await registeredUser();
    const withSmall = await old(u, 23);
    await storeObject(smallPhotoKey(withSmall), SMALL_JPEG);
    const withoutSmall = await old(u, 23);
    const young = await old(u, 20);
    await storeObject(smallPhotoKey(young), SMALL_JPEG);

    await sweepExpiredUploads();
    for (const key of [withSmall, smallPhotoKey(withSmall), withoutSmall]) expect(await objectExists(key), key).toBe(false);
    expect(await pending(withSmall)).toBeUndefined();
    expect(await pending(withoutSmall)).toBeUndefined();
    // A fresh upload keeps both.
    expect(await objectExists(young)).toBe(true);
    expect(await objectExists(smallPhotoKey(young))).toBe(true);
  });

  it('runs as the scheduled Lambda handler, stopping before its deadline', async () => {
    const u = await registeredUser();
    const stale = await old(u, 23);
    const out = await sweepHandler({} as never, { getRemainingTimeInMillis: () => 120_000 });
    expect(out.removed).toBeGreaterThanOrEqual(1);
    expect(await pending(stale)).toBeUndefined();
    expect(await objectExists(stale)).toBe(false);

    // Out of time: nothing is started, what is left waits for the next run.
    const later = await old(u, 23);
    expect(await sweepExpiredUploads(Date.now(), { deadlineMs: Date.now() - 1 })).toEqual({ removed: 0 });
    expect(await pending(later)).toBeDefined();
    await sweepExpiredUploads();
    expect(await pending(later)).toBeUndefined();
  });

  it('finds expired uploads with a Query of its index partition, never a Scan', () => {
    const params = db().entities.pendingUpload.query.byExpiry({}).lt({ expiresAt: 2_000_000_000 }).params<Record<string, unknown>>();
    expect(params).toMatchObject({ IndexName: 'gsi2', KeyConditionExpression: expect.stringMatching(/^#pk = :pk and #sk1 < :sk1$/) });
    expect(params.ExpressionAttributeValues).toEqual({ ':pk': 'uploads#pending', ':sk1': '2000000000' });
  });
});

describe('deletePhotos (a deleted post\'s photos)', () => {
  it('removes the objects, accepts ones already gone, and refuses keys that are not post photos', async () => {
    const u = await registeredUser();
    const a = await uploaded(u);
    const b = await uploaded(u);
    const gone = photoKeyFor(u.uuid, randomUUID(), 'png');
    await deletePhotos([a.key, b.key, gone]);
    expect(await objectExists(a.key)).toBe(false);
    expect(await objectExists(b.key)).toBe(false);
    await expect(deletePhotos([a.key])).resolves.toBeUndefined();

    const avatar = `images/avatars/${u.uuid}/${randomUUID()}.png`;
    await storeObject(avatar, JPEG, 'image/png');
    await expect(deletePhotos([avatar])).rejects.toThrow(/could not delete 1 of 1 photos/);
    expect(await objectExists(avatar)).toBe(true);
  });

  it('removes each photo\'s small rendition with it, and refuses a small key given as a photo', async () => {
    const u = await registeredUser();
    const a = await uploadedWithSmall(u);
    const b = await uploaded(u);
    await deletePhotos([a.key, b.key]);
    for (const key of [a.key, a.small!.key, b.key]) expect(await objectExists(key), key).toBe(false);

    const c = await uploadedWithSmall(u);
    await expect(deletePhotos([c.small!.key])).rejects.toThrow(/could not delete 1 of 1 photos/);
    expect(await objectExists(c.small!.key)).toBe(true);
  });
});

describe('removeRetiredUpload (a photo no longer used)', () => {
  it('removes the photo, its small rendition and the record', async () => {
    const u = await registeredUser();
    const upload = await uploadedWithSmall(u);
    expect((await writeItems([retireUpload(u.uuid, upload.key)])).canceled).toBe(false);
    await removeRetiredUpload(upload.key);
    expect(await objectExists(upload.key)).toBe(false);
    expect(await objectExists(upload.small!.key)).toBe(false);
    expect(await pending(upload.key)).toBeUndefined();
  });

  it('while its upload URLs may still work, keeps the record, due only once they have expired', async () => {
    const u = await registeredUser();
    const upload = await uploadedWithSmall(u);
    const nowMs = Date.now();
    expect((await writeItems([retireUpload(u.uuid, upload.key, nowMs, true)])).canceled).toBe(false);
    await removeRetiredUpload(upload.key, true);
    expect(await objectExists(upload.key)).toBe(false);
    expect(await objectExists(upload.small!.key)).toBe(false);
    expect(await pending(upload.key)).toMatchObject({
      userId: u.uuid, size: 0, expiresAt: Math.floor(nowMs / 1000) + SWEEP_LEAD_SECONDS + URL_LIVE_AFTER_POST_SECONDS,
    });
  });
});

describe('a post deleted while its photos\' upload URLs still work', () => {
  const deletePost = (u: TestUser, postId: string) => as(u.browser, 'DELETE', '/api/iam/posts', { postId, userId: u.uuid });

  it('leaves a record that no sweep takes before the URLs expire, and the sweep after removes what was PUT again through them', async () => {
    const u = await registeredUser();
    const issuedMs = Date.now();
    const upload = await uploadedWithSmall(u);
    const post = await newPost(u, { photos: [{ key: upload.key }] });
    expect(post.photos[0]!.small).toBe(upload.small!.key);
    expect(await pending(upload.key)).toBeUndefined(); // claimed by the post

    const deletedMs = Date.now();
    expect((await deletePost(u, post.id)).status).toBe(200);
    for (const key of [upload.key, upload.small!.key]) expect(await objectExists(key), key).toBe(false);
    // A record for the sweep, due only after the URLs have expired, and never claimable.
    const record = await pending(upload.key);
    expect(record).toMatchObject({ userId: u.uuid, size: 0 });
    const expiresAt = record!.expiresAt as number;
    expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(deletedMs / 1000) + SWEEP_LEAD_SECONDS + URL_LIVE_AFTER_POST_SECONDS);
    expect(expiresAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + SWEEP_LEAD_SECONDS + URL_LIVE_AFTER_POST_SECONDS);
    expect(expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + CLAIM_CUTOFF_SECONDS);
    const reuse = await as(u.browser, 'POST', '/api/iam/posts/new', { id: randomUUID(), text: 'again', tags: [], photos: [{ key: upload.key }], privacy: 'public' });
    expect(reuse.status).toBe(400);
    expect(reuse.json).toMatchObject({ error: { field: 'photos' } });

    // The URLs still work: both objects are back.
    expect((await put(upload, JPEG)).status).toBe(200);
    expect((await put(upload.small!, SMALL_JPEG)).status).toBe(200);
    for (const key of [upload.key, upload.small!.key]) expect(await objectExists(key), key).toBe(true);

    // The next sweep, before the URLs expire, leaves the record (an upload after it is still caught).
    await sweepExpiredUploads(Date.now());
    expect(await pending(upload.key)).toBeDefined();

    // The first sweep due to take it runs after the URLs have expired, and removes both objects.
    const dueMs = (expiresAt - SWEEP_LEAD_SECONDS) * 1000;
    expect(dueMs).toBeGreaterThan(issuedMs + UPLOAD_URL_TTL_SECONDS * 1000);
    await sweepExpiredUploads(dueMs - 1000);
    expect(await pending(upload.key)).toBeDefined();
    await sweepExpiredUploads(dueMs);
    for (const key of [upload.key, upload.small!.key]) expect(await objectExists(key), key).toBe(false);
    expect(await pending(upload.key)).toBeUndefined();
  });

  it('leaves no record when the post is older than its photos\' upload URLs could work', async () => {
    const u = await registeredUser();
    const upload = await uploadedWithSmall(u);
    const post = await newPost(u, { photos: [{ key: upload.key }] });
    const createdAt = new Date(Date.now() - (URL_LIVE_AFTER_POST_SECONDS + 1) * 1000).toISOString();
    await setAttributes(`post#${post.id}`, 'post', { createdAt });
    expect((await deletePost(u, post.id)).status).toBe(200);
    for (const key of [upload.key, upload.small!.key]) expect(await objectExists(key), key).toBe(false);
    expect(await pending(upload.key)).toBeUndefined();
  });
});
