/** Avatar upload: a presigned PUT straight to the bucket (s3rver here), then the profile update that checks what arrived. */
import { randomUUID } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, inject, it } from 'vitest';
import type { Profile, PublicUser } from '../../shared/schemas/identity';
import { as } from '../support/accounts';
import { call, hostUrl } from '../support/api';
import { getItem } from '../support/db';
import { registeredUser, type TestUser } from '../support/users';

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

  it('signs the content type, so that S3 refuses an upload sent as another type', async () => {
    // s3rver does not check SigV4 signatures, so what is checked here is what S3 checks: the
    // content type is one of the signed headers (by default the presigner leaves it out).
    const u = await registeredUser();
    const upload = await presign(u, 'image/png', PNG.length);
    const url = new URL(upload.url);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(['content-type', 'host']);
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/\/s3\/aws4_request$/);
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
    const key = `images/avatars/${u.uuid}/${randomUUID()}.png`;
    const s3 = new S3Client({ endpoint: inject('s3Endpoint'), forcePathStyle: true, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    await s3.send(new PutObjectCommand({ Bucket: inject('bucket'), Key: key, Body: '<html></html>', ContentType: 'text/html' }));
    s3.destroy();
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
});
