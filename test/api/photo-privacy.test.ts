/**
 * Photos are public bearer URLs. When a post's audience narrows, its photos move to new keys and
 * the old URLs stop working; images are cached an hour at most. Right after the post's creation
 * the old keys' upload URLs may still work: what is PUT again through them is removed by the sweep.
 */
import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { describe, expect, inject, it } from 'vitest';
import { IMAGE_CACHE_SECONDS } from '../../shared/constants';
import { smallPhotoKey } from '../../shared/content-rules';
import { type PostView } from '../../shared/answers/posts';
import { as, member, type Member } from '../support/accounts';
import { hostUrl } from '../support/api';
import { bucketClient } from '../support/bucket';
import { TINY_JPEG, newPlant, uploadPhoto, uploadPhotoWithUrls } from '../support/content';
import { getItem, setAttributes } from '../support/db';
import { useHostTableAndBucket } from '../support/host-env';

const image = (key: string) => fetch(`${hostUrl()}/${key}`);
const author = (m: Member) => ({ uuid: m.profile.uuid, browser: m.browser });

async function postWithPhotos(m: Member, privacy: 'public' | 'members'): Promise<PostView> {
  const keys = [await uploadPhoto(author(m)), await uploadPhoto(author(m))];
  const res = await as<{ post: PostView }>(m.browser, 'POST', '/api/iam/posts/new', {
    id: randomUUID(), text: 'Repotted the calathea', tags: [], privacy,
    photos: keys.map((key, i) => ({ key, description: `side ${i + 1}` })),
  });
  expect(res.status).toBe(201);
  return res.data.post;
}

describe('photos when a post\'s audience narrows', () => {
  it('moves a public post\'s photos to new keys when it becomes members-only: the old URLs answer 404', async () => {
    const m = await member();
    const post = await postWithPhotos(m, 'public');
    const old = post.photos.map((p) => p.key);
    for (const key of old) {
      const res = await image(key);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe(`public, max-age=${IMAGE_CACHE_SECONDS}`);
    }

    const res = await as<{ post: PostView }>(m.browser, 'PUT', '/api/iam/posts/privacy', { id: post.id, uuid: m.profile.uuid, privacy: 'members' });
    expect(res.status).toBe(200);
    const moved = res.data.post.photos;
    expect(moved.map((p) => p.description)).toEqual(['side 1', 'side 2']);
    expect(moved.map((p) => p.key).some((k) => old.includes(k))).toBe(false);
    for (const [i, p] of moved.entries()) {
      expect(p.key).toMatch(new RegExp(`^images/posts/${m.profile.uuid}/[0-9a-f-]{36}\\.jpg$`));
      expect(p.key).not.toBe(old[i]);
      const fresh = await image(p.key);
      expect(fresh.status).toBe(200);
      expect(Buffer.from(await fresh.arrayBuffer())).toEqual(TINY_JPEG);
    }
    for (const key of old) {
      expect((await image(key)).status).toBe(404);
      // Their upload URLs may still work: a record leads the sweep to the keys once they have expired.
      expect(await getItem(`upload#${key}`, 'upload')).toMatchObject({ userId: m.profile.uuid, size: 0 });
    }
    const stored = await getItem(`post#${post.id}`, 'post');
    expect((stored!.photos as { key: string }[]).map((p) => p.key)).toEqual(moved.map((p) => p.key));
  });

  it('moves each photo\'s small rendition with it, to the new key\'s small key; the old ones go, and a photo without one gets none', async () => {
    const m = await member();
    const keys = [await uploadPhoto(author(m), TINY_JPEG, 'image/jpeg', { body: TINY_JPEG }), await uploadPhoto(author(m))];
    const made = await as<{ post: PostView }>(m.browser, 'POST', '/api/iam/posts/new', {
      id: randomUUID(), text: 'Seedlings', tags: [], privacy: 'public', photos: keys.map((key) => ({ key, width: 800, height: 600 })),
    });
    expect(made.status).toBe(201);
    const oldSmall = smallPhotoKey(keys[0]!);
    expect(made.data.post.photos.map((p) => p.small)).toEqual([oldSmall, null]);
    expect((await image(oldSmall)).status).toBe(200);

    const res = await as<{ post: PostView }>(m.browser, 'PUT', '/api/iam/posts/privacy', { id: made.data.post.id, uuid: m.profile.uuid, privacy: 'private' });
    expect(res.status).toBe(200);
    const [first, second] = res.data.post.photos;
    expect(first!.key).not.toBe(keys[0]);
    expect(first).toMatchObject({ small: smallPhotoKey(first!.key), width: 800, height: 600 });
    expect(second).toMatchObject({ small: null, width: 800, height: 600 });
    const fresh = await image(first!.small!);
    expect(fresh.status).toBe(200);
    expect(Buffer.from(await fresh.arrayBuffer())).toEqual(TINY_JPEG);
    expect((await image(smallPhotoKey(second!.key))).status).toBe(404);
    for (const key of [...keys, oldSmall]) expect((await image(key)).status, key).toBe(404);
    expect(await getItem(`post#${made.data.post.id}`, 'post')).toMatchObject({ photos: [{ key: first!.key, small: true }, { key: second!.key, small: false }] });
  });

  it('moves them again from members to private, and keeps the keys when the audience widens', async () => {
    const m = await member();
    const post = await postWithPhotos(m, 'members');
    const narrowed = await as<{ post: PostView }>(m.browser, 'PUT', '/api/iam/posts/privacy', { id: post.id, uuid: m.profile.uuid, privacy: 'private' });
    const privateKeys = narrowed.data.post.photos.map((p) => p.key);
    expect(privateKeys.some((k) => post.photos.some((p) => p.key === k))).toBe(false);
    const widened = await as<{ post: PostView }>(m.browser, 'PUT', '/api/iam/posts/privacy', { id: post.id, uuid: m.profile.uuid, privacy: 'public' });
    expect(widened.status).toBe(200);
    expect(widened.data.post.photos.map((p) => p.key)).toEqual(privateKeys);
    for (const key of privateKeys) expect((await image(key)).status).toBe(200);
  });

  it('moves a plant listing\'s photos when its details make it private', async () => {
    const m = await member();
    const plant = await newPlant(author(m), { photos: 1 });
    const [old] = plant.photos.map((p) => p.key);
    const res = await as<{ plant: PostView }>(m.browser, 'PUT', '/api/iam/plant/update/details', {
      postId: plant.id, userId: m.profile.uuid, privacy: 'private', plant: { commonName: 'Monstera', availability: 'Available to swap' },
    });
    expect(res.status).toBe(200);
    const [moved] = res.data.plant.photos.map((p) => p.key);
    expect(moved).not.toBe(old);
    expect((await image(old!)).status).toBe(404);
    expect((await image(moved!)).status).toBe(200);
  });
});

describe('the old keys\' upload URLs after a narrowing', () => {
  const narrow = (m: Member, id: string) => as<{ post: PostView }>(m.browser, 'PUT', '/api/iam/posts/privacy', { id, uuid: m.profile.uuid, privacy: 'members' });

  it('right after the post\'s creation: what is PUT again through them is removed by the first sweep after they expire, and the moved photos stay', async () => {
    useHostTableAndBucket();
    const { sweepExpiredUploads, SWEEP_LEAD_SECONDS, UPLOAD_URL_TTL_SECONDS, URL_LIVE_AFTER_POST_SECONDS } = await import('../../functions/images/pending');
    const m = await member();
    const issuedMs = Date.now();
    const upload = await uploadPhotoWithUrls(author(m), TINY_JPEG, 'image/jpeg', { body: TINY_JPEG });
    const made = await as<{ post: PostView }>(m.browser, 'POST', '/api/iam/posts/new', {
      id: randomUUID(), text: 'Fresh cutting', tags: [], privacy: 'public', photos: [{ key: upload.key }],
    });
    expect(made.status).toBe(201);
    const narrowedMs = Date.now();
    const res = await narrow(m, made.data.post.id);
    expect(res.status).toBe(200);
    const moved = res.data.post.photos[0]!;
    expect(moved.key).not.toBe(upload.key);
    for (const key of [upload.key, upload.small!.key]) expect((await image(key)).status, key).toBe(404);

    const record = await getItem(`upload#${upload.key}`, 'upload');
    const expiresAt = record!.expiresAt as number;
    expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(narrowedMs / 1000) + SWEEP_LEAD_SECONDS + URL_LIVE_AFTER_POST_SECONDS);

    // The old URLs still work: both objects are back under the old keys.
    for (const put of [upload, upload.small!]) {
      expect((await fetch(put.url, { method: 'PUT', headers: put.headers, body: new Uint8Array(TINY_JPEG) })).status).toBe(200);
    }
    for (const key of [upload.key, upload.small!.key]) expect((await image(key)).status, key).toBe(200);

    // A sweep before the URLs expire leaves the record; the first one after takes it with both objects.
    await sweepExpiredUploads(Date.now());
    expect(await getItem(`upload#${upload.key}`, 'upload')).toBeDefined();
    const dueMs = (expiresAt - SWEEP_LEAD_SECONDS) * 1000;
    expect(dueMs).toBeGreaterThan(issuedMs + UPLOAD_URL_TTL_SECONDS * 1000);
    await sweepExpiredUploads(dueMs);
    expect(await getItem(`upload#${upload.key}`, 'upload')).toBeUndefined();
    for (const key of [upload.key, upload.small!.key]) expect((await image(key)).status, key).toBe(404);
    // The post's photos, under their new keys, stay.
    for (const key of [moved.key, moved.small!]) expect((await image(key)).status, key).toBe(200);
  });

  it('later on: the old keys\' records go with their objects', async () => {
    useHostTableAndBucket();
    const { URL_LIVE_AFTER_POST_SECONDS } = await import('../../functions/images/pending');
    const m = await member();
    const post = await postWithPhotos(m, 'public');
    await setAttributes(`post#${post.id}`, 'post', { createdAt: new Date(Date.now() - (URL_LIVE_AFTER_POST_SECONDS + 1) * 1000).toISOString() });
    expect((await narrow(m, post.id)).status).toBe(200);
    for (const { key } of post.photos) {
      expect((await image(key)).status).toBe(404);
      expect(await getItem(`upload#${key}`, 'upload')).toBeUndefined();
    }
  });
});

describe('photo copies whose post write fails', () => {
  it('are removed again, and the originals stay', async () => {
    useHostTableAndBucket();
    const { copyToFreshKeys, discardCopies } = await import('../../functions/images/rekey');
    const m = await member();
    const keys = [await uploadPhoto(author(m)), await uploadPhoto(author(m))];
    const rekeying = await copyToFreshKeys(m.profile.uuid, keys.map((key) => ({ key })), new Date().toISOString());
    const copies = [...rekeying.moves.values()];
    expect(copies).toHaveLength(2);
    for (const key of copies) expect((await image(key)).status).toBe(200);
    expect(rekeying.items).toHaveLength(2); // the retirements of the originals, for the post's transaction
    await discardCopies(rekeying);
    for (const key of copies) expect((await image(key)).status).toBe(404);
    for (const key of keys) expect((await image(key)).status).toBe(200);
  });

  it('small renditions copied with them are removed too', async () => {
    useHostTableAndBucket();
    const { copyToFreshKeys, discardCopies } = await import('../../functions/images/rekey');
    const m = await member();
    const key = await uploadPhoto(author(m), TINY_JPEG, 'image/jpeg', { body: TINY_JPEG });
    const rekeying = await copyToFreshKeys(m.profile.uuid, [{ key, small: true }], new Date().toISOString());
    const copy = rekeying.moves.get(key)!;
    expect((await image(copy)).status).toBe(200);
    expect((await image(smallPhotoKey(copy))).status).toBe(200);
    await discardCopies(rekeying);
    expect((await image(copy)).status).toBe(404);
    expect((await image(smallPhotoKey(copy))).status).toBe(404);
    expect((await image(key)).status).toBe(200);
    expect((await image(smallPhotoKey(key))).status).toBe(200);
  });

  it('a small rendition that cannot be copied leaves no copies behind', async () => {
    useHostTableAndBucket();
    const { copyToFreshKeys } = await import('../../functions/images/rekey');
    const m = await member();
    const keys = [await uploadPhoto(author(m)), await uploadPhoto(author(m))];
    const objects = async () => {
      const page = await bucketClient().send(new ListObjectsV2Command({ Bucket: inject('bucket'), Prefix: `images/posts/${m.profile.uuid}/` }));
      return (page.Contents ?? []).map((o) => o.Key).sort();
    };
    expect(await objects()).toEqual([...keys].sort());
    // The second is said to have a small rendition it does not have: that copy fails.
    await expect(copyToFreshKeys(m.profile.uuid, [{ key: keys[0]! }, { key: keys[1]!, small: true }], new Date().toISOString())).rejects.toBeDefined();
    expect(await objects()).toEqual([...keys].sort());
  });
});
