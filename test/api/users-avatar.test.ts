/**
 * Avatar upload: a presigned PUT straight to the bucket (s3rver here), recorded as a pending
 * upload, then the profile update that checks what arrived and claims it; the sweep of unused
 * uploads (run in this worker against the host's table and bucket) removes what was never saved.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Profile } from '../../shared/answers/auth';
import type { PublicUser } from '../../shared/answers/users';
import { PENDING_UPLOAD_TTL_SECONDS, SWEEP_LEAD_SECONDS, sweepExpiredUploads, UPLOAD_URL_TTL_SECONDS } from '../../functions/images/pending';
import { as } from '../support/accounts';
import { call, hostUrl } from '../support/api';
import { objectExists, storeObject } from '../support/bucket';
import { getItem, setAttributes } from '../support/db';
import { useHostTableAndBucket } from '../support/host-env';
import { admin, registeredUser, signInAgain, type TestUser } from '../support/users';

/** Points this worker's own copy of the domain code (the sweep) at the test host's table and bucket. */
beforeAll(() => useHostTableAndBucket());

const pending = (key: string) => getItem(`upload#${key}`, 'upload');

/** Ages a pending record as if its URL had been handed out `hoursAgo` hours ago (its index key follows). */
async function age(key: string, hoursAgo: number): Promise<void> {
  const expiresAt = Math.floor(Date.now() / 1000) - hoursAgo * 3600 + PENDING_UPLOAD_TTL_SECONDS;
  await setAttributes(`upload#${key}`, 'upload', { expiresAt, gsi2sk: `${expiresAt}#${key}` });
}

interface Upload {
  url: string;
  key: string;
  headers: Record<string, string>;
}

/** A 1×1 transparent PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

async function presign(u: TestUser, contentType: string, size: number): Promise<Upload> {
  const res = await as<Upload>(u.browser, 'POST', '/api/iam/images/avatar-upload', { contentType, size });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.data;
}

const put = (upload: Upload, body: Buffer, headers = upload.headers) => fetch(upload.url, { method: 'PUT', headers, body: new Uint8Array(body) });
const saveAvatar = (u: TestUser, avatar: string | null) => as<Profile>(u.browser, 'PUT', '/api/iam/authn/update', { avatar });

describe('POST /api/iam/images/avatar-upload', () => {
  it('presigns a 5-minute PUT under the caller\'s prefix; the upload lands in the bucket and becomes the avatar', async () => {
    const u = await registeredUser();
    const upload = await presign(u, 'image/png', PNG.length);
    expect(upload.key).toMatch(new RegExp(`^images/avatars/${u.uuid}/[0-9a-f-]{36}\\.png$`));
    expect(upload.headers).toEqual({ 'content-type': 'image/png' });
    const url = new URL(upload.url);
    expect(url.origin).toBe(new URL(inject('s3Endpoint')).origin);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');

    const uploaded = await put(upload, PNG);
    expect(uploaded.status).toBe(200);
    const served = await fetch(`${hostUrl()}/${upload.key}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const saved = await saveAvatar(u, upload.key);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.data.avatar).toBe(upload.key);
    expect((await call<PublicUser>('GET', `/api/user/get-user-by-uuid/${u.uuid}`)).data.avatar).toBe(upload.key);
  });

  it('gives each request its own key, and the jpeg and webp extensions', async () => {
    const u = await registeredUser();
    const a = await presign(u, 'image/jpeg', 100);
    const b = await presign(u, 'image/jpeg', 100);
    expect(a.key).not.toBe(b.key);
    expect(a.key).toMatch(/\.jpg$/);
    expect((await presign(u, 'image/webp', 100)).key).toMatch(/\.webp$/);
  });

  it('signs the content type and length, so that S3 refuses an upload sent as another type or size', async () => {
    // s3rver checks neither SigV4 signatures nor the signed length (a bigger body is stored), so
    // what is checked here is what S3 checks: both are signed headers (by default the presigner
    // leaves them out). Locally the HEAD when the avatar is saved holds the 5 MB limit (below).
    const u = await registeredUser();
    const upload = await presign(u, 'image/png', PNG.length);
    const url = new URL(upload.url);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(['content-length', 'content-type', 'host']);
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/\/s3\/aws4_request$/);
    expect([...url.searchParams.keys()].some((k) => k.startsWith('x-amz-checksum'))).toBe(false);
  });

  it('records the upload as pending before handing out the URL; the sweep removes it unless saved as the avatar', async () => {
    const u = await registeredUser();
    const before = Math.floor(Date.now() / 1000);
    const unused = await presign(u, 'image/png', PNG.length);
    expect((await put(unused, PNG)).status).toBe(200);
    const record = await pending(unused.key);
    expect(record).toMatchObject({ objectKey: unused.key, userId: u.uuid, contentType: 'image/png', size: PNG.length, gsi2pk: 'uploads#pending' });
    expect(record!.expiresAt as number).toBeGreaterThanOrEqual(before + PENDING_UPLOAD_TTL_SECONDS);

    // Saving claims the upload in the profile's own write: its record is gone with it.
    const used = await presign(u, 'image/png', PNG.length);
    expect((await put(used, PNG)).status).toBe(200);
    expect(await pending(used.key)).toBeDefined();
    expect((await saveAvatar(u, used.key)).status).toBe(200);
    expect(await pending(used.key)).toBeUndefined();
    expect(await getItem(`user#${u.uuid}`, 'profile')).toMatchObject({ avatar: used.key });

    // A day later the sweep removes the unused upload (object, then record) and never the avatar.
    await age(unused.key, 23);
    await sweepExpiredUploads();
    expect(await objectExists(unused.key)).toBe(false);
    expect(await pending(unused.key)).toBeUndefined();
    expect(await objectExists(used.key)).toBe(true);
    expect(await getItem(`user#${u.uuid}`, 'profile')).toMatchObject({ avatar: used.key });
  });

  it('refuses a suspended member (403)', async () => {
    const u = await registeredUser();
    const boss = await admin();
    expect((await as(boss.browser, 'PUT', `/api/iam/users/${u.uuid}`, { suspended: true })).status).toBe(200);
    const again = await signInAgain(u);
    expect(again.profile.suspended).toBe(true);
    const res = await as(again.browser, 'POST', '/api/iam/images/avatar-upload', { contentType: 'image/png', size: PNG.length });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: { message: expect.stringMatching(/suspended/) } });
    expect(res.json).not.toHaveProperty('url');
  });

  it('refuses other image types and sizes over 5 MB, naming the field', async () => {
    const u = await registeredUser();
    const gif = await as(u.browser, 'POST', '/api/iam/images/avatar-upload', { contentType: 'image/gif', size: 100 });
    expect(gif.status).toBe(400);
    expect(gif.json).toMatchObject({ error: { field: 'contentType', message: 'contentType must be JPEG, PNG or WebP' } });
    const big = await as(u.browser, 'POST', '/api/iam/images/avatar-upload', { contentType: 'image/png', size: 5 * 1024 * 1024 + 1 });
    expect(big.json).toMatchObject({ error: { field: 'size', message: 'size must be at most 5 MB' } });
    const none = await as(u.browser, 'POST', '/api/iam/images/avatar-upload', { contentType: 'image/png' });
    expect(none.json).toMatchObject({ error: { field: 'size', message: 'size is required' } });
  });
});

describe('saving an uploaded avatar (PUT /api/iam/authn/update)', () => {
  it('refuses an upload larger than 5 MB, whatever size was asked for, and keeps the old avatar', async () => {
    const u = await registeredUser();
    const first = await presign(u, 'image/png', PNG.length);
    await put(first, PNG);
    await saveAvatar(u, first.key);

    const upload = await presign(u, 'image/jpeg', 1000);
    expect((await put(upload, Buffer.alloc(5 * 1024 * 1024 + 1, 1))).status).toBe(200);
    const res = await saveAvatar(u, upload.key);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { field: 'avatar', message: 'avatar must be at most 5 MB' } });
    expect(await getItem(`user#${u.uuid}`, 'profile')).toMatchObject({ avatar: first.key });
  });

  it('refuses an object that is not an image type (stored past the presigned URL), and one never uploaded', async () => {
    const u = await registeredUser();
    const { key } = await presign(u, 'image/png', 100);
    await storeObject(key, '<html></html>', 'text/html');
    const wrongType = await saveAvatar(u, key);
    expect(wrongType.status).toBe(400);
    expect(wrongType.json).toMatchObject({ error: { field: 'avatar', message: 'avatar must be a JPEG, PNG or WebP image' } });

    const never = await presign(u, 'image/png', 100);
    expect((await saveAvatar(u, never.key)).json).toMatchObject({ error: { field: 'avatar', message: 'avatar was not uploaded; upload it again' } });
    expect(await getItem(`user#${u.uuid}`, 'profile')).not.toHaveProperty('avatar');
  });

  it('refuses another member\'s upload', async () => {
    const a = await registeredUser();
    const b = await registeredUser();
    const upload = await presign(a, 'image/png', PNG.length);
    await put(upload, PNG);
    const res = await saveAvatar(b, upload.key);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { field: 'avatar', message: 'avatar must be one of your own uploads' } });
  });

  it('refuses an object under the member\'s prefix that no upload URL handed out', async () => {
    const u = await registeredUser();
    const key = `images/avatars/${u.uuid}/${randomUUID()}.png`;
    await storeObject(key, PNG, 'image/png');
    const res = await saveAvatar(u, key);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { field: 'avatar', message: 'avatar must be one of your own uploads' } });
    expect(await getItem(`user#${u.uuid}`, 'profile')).not.toHaveProperty('avatar');
  });

  it('removes the replaced avatar\'s object when a new one is saved, and the last one when it is removed', async () => {
    const u = await registeredUser();
    const first = await presign(u, 'image/png', PNG.length);
    await put(first, PNG);
    expect((await saveAvatar(u, first.key)).status).toBe(200);
    const second = await presign(u, 'image/png', PNG.length);
    await put(second, PNG);
    expect((await saveAvatar(u, second.key)).data.avatar).toBe(second.key);
    expect(await objectExists(first.key)).toBe(false);
    expect(await objectExists(second.key)).toBe(true);
    // The replaced key cannot be saved again (its object is gone and it is no pending upload).
    expect((await saveAvatar(u, first.key)).status).toBe(400);

    expect((await saveAvatar(u, null)).data.avatar).toBeNull();
    expect(await objectExists(second.key)).toBe(false);
    expect(await getItem(`user#${u.uuid}`, 'profile')).not.toHaveProperty('avatar');
  });

  it('removes what is PUT again through a replaced avatar\'s URL while it still works, once the URL has expired', async () => {
    const u = await registeredUser();
    const first = await presign(u, 'image/png', PNG.length);
    await put(first, PNG);
    expect((await saveAvatar(u, first.key)).status).toBe(200);
    const second = await presign(u, 'image/png', PNG.length);
    await put(second, PNG);
    expect((await saveAvatar(u, second.key)).status).toBe(200);
    expect(await objectExists(first.key)).toBe(false);

    // The first URL still works: the object comes back, with no avatar pointing at it.
    await put(first, PNG);
    expect(await objectExists(first.key)).toBe(true);
    const record = await pending(first.key);
    const due = record!.expiresAt as number;
    // The sweep leaves it while the URL may still work (it takes records due within SWEEP_LEAD_SECONDS)…
    expect(due - SWEEP_LEAD_SECONDS).toBeGreaterThan(Math.floor(Date.now() / 1000) + UPLOAD_URL_TTL_SECONDS);
    await sweepExpiredUploads();
    expect(await objectExists(first.key)).toBe(true);
    // …and removes it, record and object, once the URL has expired.
    await sweepExpiredUploads((due - SWEEP_LEAD_SECONDS) * 1000);
    expect(await objectExists(first.key)).toBe(false);
    expect(await pending(first.key)).toBeUndefined();
    expect(await objectExists(second.key)).toBe(true);
  });

  it('saving the same avatar again, or other fields, keeps its object', async () => {
    const u = await registeredUser();
    const upload = await presign(u, 'image/png', PNG.length);
    await put(upload, PNG);
    expect((await saveAvatar(u, upload.key)).status).toBe(200);
    expect((await saveAvatar(u, upload.key)).status).toBe(200);
    expect((await as<Profile>(u.browser, 'PUT', '/api/iam/authn/update', { bio: 'ferns' })).data.avatar).toBe(upload.key);
    expect(await objectExists(upload.key)).toBe(true);
  });
});

describe('deleting an account', () => {
  it('removes every object under the member\'s avatar prefix: the avatar and uploads never saved', async () => {
    const u = await registeredUser();
    const saved = await presign(u, 'image/png', PNG.length);
    await put(saved, PNG);
    expect((await saveAvatar(u, saved.key)).status).toBe(200);
    const unsaved = await presign(u, 'image/png', PNG.length);
    await put(unsaved, PNG);
    expect((await as(u.browser, 'DELETE', '/api/iam/authn/delete', { uuid: u.uuid })).status).toBe(200);
    expect(await objectExists(saved.key)).toBe(false);
    expect(await objectExists(unsaved.key)).toBe(false);
  });
});
