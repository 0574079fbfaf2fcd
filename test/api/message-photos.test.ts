/**
 * Photos in messages over HTTP: the upload URL under the private prefix, a message claiming its
 * photos in its own transaction, presigned GETs for the conversation's participants only (the rule
 * is made where URLs are signed: locally s3rver serves any key to anyone with a URL), an admin's
 * hide, an erased conversation and the sweep of unclaimed uploads taking the objects.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConversationAnswer, MessagePhotoUpload, MessageView } from '../../shared/answers/messages';
import { sweepExpiredUploads } from '../../functions/images/pending';
import { messagePhotoKey, removeSweptMessagePhoto, smallMessagePhotoKey } from '../../functions/lib/private-objects';
import { as, member, type Member } from '../support/accounts';
import { hostUrl } from '../support/api';
import { objectExists, storeObject } from '../support/bucket';
import { TINY_JPEG } from '../support/content';
import { getItem, queryPartition, setAttributes } from '../support/db';
import { useHostTableAndBucket } from '../support/host-env';
import { admin } from '../support/users';

beforeAll(() => useHostTableAndBucket());

const SMALL = Buffer.from(TINY_JPEG);
/** The "original": any bytes sent as a JPEG (the claim checks size and type, not pixels). */
const ORIGINAL = Buffer.concat([SMALL, Buffer.alloc(2048, 7)]);

async function conversationOf(a: Member, b: Member): Promise<string> {
  const res = await as<{ convnId: string }>(a.browser, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [a.profile.uuid, b.profile.uuid] });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.data.convnId;
}

async function uploadUrl(m: Member, body: Record<string, unknown> = {}) {
  return as<MessagePhotoUpload>(m.browser, 'POST', '/api/iam/messages/photo-upload-url', { contentType: 'image/jpeg', size: ORIGINAL.length, smallSize: SMALL.length, width: 1600, height: 1200, ...body });
}

const put = (url: string, body: Buffer, type = 'image/jpeg') => fetch(url, { method: 'PUT', headers: { 'content-type': type }, body: new Uint8Array(body) });

/** A photo of `m`'s, uploaded with its small rendition: its upload id. */
async function uploaded(m: Member): Promise<string> {
  const res = await uploadUrl(m);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect((await put(res.data.url, ORIGINAL)).status).toBe(200);
  expect((await put(res.data.small!.url, SMALL)).status).toBe(200);
  return res.data.id;
}

const send = (m: Member, conversationId: string, body: Record<string, unknown>, id = randomUUID()) =>
  as<{ message: MessageView }>(m.browser, 'POST', '/api/iam/messages/new', { id, conversation_id: conversationId, content: '', ...body });

const thread = (m: Member, a: Member, b: Member) => as<ConversationAnswer>(m.browser, 'GET', `/api/iam/messages/conversation/${a.profile.uuid}/${b.profile.uuid}`);

const bytesAt = async (url: string) => {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  return Buffer.from(await res.arrayBuffer());
};

describe('photos in messages', () => {
  it('uploads under the sender\'s private prefix; the message claims its photos, and only its participants get URLs of them', async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    const conv = await conversationOf(a, b);
    const upload = await uploadUrl(a);
    expect(upload.status).toBe(200);
    expect(upload.data).toMatchObject({ key: messagePhotoKey(a.profile.uuid, upload.data.id), headers: { 'content-type': 'image/jpeg' }, expires_in: 300 });
    expect(upload.data.key.startsWith('private/messages/')).toBe(true);
    expect(await getItem(`upload#${upload.data.key}`, 'upload')).toMatchObject({ userId: a.profile.uuid, width: 1600, height: 1200 });
    expect((await put(upload.data.url, ORIGINAL)).status).toBe(200);
    expect((await put(upload.data.small!.url, SMALL)).status).toBe(200);
    const second = await uploaded(a);

    const sent = await send(a, conv, { content: 'The cutting, roots and all', photos: [upload.data.id, second] });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    expect(sent.data.message.photos?.map((p) => [p.id, p.width, p.height])).toEqual([[upload.data.id, 1600, 1200], [second, 1600, 1200]]);
    // Claimed in the message's write: the pending records are gone.
    expect(await getItem(`upload#${upload.data.key}`, 'upload')).toBeUndefined();
    expect(await getItem(`upload#${messagePhotoKey(a.profile.uuid, second)}`, 'upload')).toBeUndefined();

    for (const reader of [a, b]) {
      const res = await thread(reader, a, b);
      expect(res.status).toBe(200);
      const [photo] = res.data.messages[0]!.photos!;
      expect(photo).toMatchObject({ id: upload.data.id, width: 1600, height: 1200 });
      // Presigned GETs of the private keys, working at least 15 minutes.
      expect(new URL(photo!.url).pathname).toContain(encodeURIComponent(`photo#${upload.data.id}`));
      expect(Number(new URL(photo!.url).searchParams.get('X-Amz-Expires'))).toBe(1200);
      expect(await bytesAt(photo!.url)).toEqual(ORIGINAL);
      expect(await bytesAt(photo!.smallUrl!)).toEqual(SMALL);
    }
    // Another member never reads the conversation, so never gets a URL; the site's image path serves only images/.
    expect((await thread(c, a, b)).status).toBe(404);
    for (const path of [`/images/../${upload.data.key}`, `/images/%2E%2E/${encodeURIComponent(upload.data.key)}`, `/${upload.data.key}`]) {
      const res = await fetch(`${hostUrl()}${path}`);
      expect(res.status === 200 && (res.headers.get('content-type') ?? '').startsWith('image/'), path).toBe(false);
    }
    // The inbox previews the text; a message of photos alone previews them.
    expect((await send(b, conv, { photos: [await uploaded(b)] })).status).toBe(201);
    const inbox = await as<{ conversations: { id: string; lastPreview: string | null }[] }>(a.browser, 'GET', '/api/iam/messages/all');
    expect(inbox.data.conversations.find((x) => x.id === conv)?.lastPreview).toBe('Photo');
  });

  it('refuses photos that are not the sender\'s pending uploads, naming the field, and writes nothing', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const conv = await conversationOf(a, b);
    const theirs = await uploaded(b);
    const mine = await uploaded(a);
    const notUploaded = (await uploadUrl(a)).data.id;
    const asText = await uploadUrl(a);
    expect((await put(asText.data.url, Buffer.from('not an image'), 'text/plain')).status).toBe(200);
    const cases: [unknown, string][] = [
      [[theirs], 'photos'],
      [[randomUUID()], 'photos'],
      [[notUploaded], 'photos'],
      [[asText.data.id], 'photos'],
      [[mine, mine], 'photos'],
      [[mine, theirs, notUploaded, randomUUID(), randomUUID()], 'photos'],
      [[], 'photos'],
      [['private/messages/x'], 'photos.0'],
    ];
    for (const [photos, field] of cases) {
      const res = await send(a, conv, { photos });
      expect(res.status, JSON.stringify([photos, res.json])).toBe(400);
      expect((res.json as { error: { field: string } }).error.field).toBe(field);
    }
    // No text and no photos: the text is what is missing.
    const empty = await send(a, conv, {});
    expect(empty.status).toBe(400);
    expect((empty.json as { error: { field: string } }).error.field).toBe('content');
    expect((await queryPartition(`conv#${conv}`)).filter((i) => String(i.sk).startsWith('msg#'))).toEqual([]);
    // Still pending, so still usable: and only once.
    const id = randomUUID();
    expect((await send(a, conv, { photos: [mine] }, id)).status).toBe(201);
    // The same message again is a retry: the same message, photos and all.
    const retry = await send(a, conv, { photos: [mine] }, id);
    expect(retry.status).toBe(200);
    expect(retry.data.message.photos?.map((p) => p.id)).toEqual([mine]);
    const reuse = await send(a, conv, { photos: [mine] });
    expect(reuse.status).toBe(400);
    expect((reuse.json as { error: { field: string } }).error.field).toBe('photos');
  });

  it('an admin\'s hide takes the photos with the message', async () => {
    const [a, b, boss] = await Promise.all([member(), member(), admin()]);
    const conv = await conversationOf(a, b);
    const photo = await uploaded(a);
    const sent = await send(a, conv, { content: 'Rude picture', photos: [photo] });
    const key = messagePhotoKey(a.profile.uuid, photo);
    expect(await objectExists(key)).toBe(true);
    const filed = await as<{ caseId: string }>(b.browser, 'POST', '/api/iam/reports/new', { target: { type: 'message', id: sent.data.message.id }, reason: 'abuse', text: '' });
    expect(filed.status, JSON.stringify(filed.json)).toBe(201);
    // The admin deciding sees the photos (signed for them), and only they can list the queue.
    // The queue is oldest first, and other tests' cases may come before this one: page to it.
    let urls: string[] | undefined;
    let cursor: string | null = null;
    do {
      const queue: { data: { reports: { id: string; preview: { photoUrls?: string[] } }[]; cursorId: string | null } } = await as(boss.browser, 'GET', `/api/iam/admin/reports/open${cursor ? `?cursorId=${encodeURIComponent(cursor)}` : ''}`);
      urls = queue.data.reports.find((r) => r.id === filed.data.caseId)?.preview.photoUrls;
      cursor = queue.data.cursorId;
    } while (!urls && cursor);
    urls ??= [];
    expect(urls).toHaveLength(1);
    expect(await bytesAt(urls[0]!)).toEqual(SMALL);
    expect((await as(b.browser, 'GET', '/api/iam/admin/reports/open')).status).toBe(403);
    const hid = await as(boss.browser, 'PUT', `/api/iam/admin/reports/${filed.data.caseId}`, { action: 'hide-content', note: 'No' });
    expect(hid.status, JSON.stringify(hid.json)).toBe(200);
    expect((hid.data as { preview: { photoUrls?: string[] } }).preview.photoUrls).toBeUndefined();
    expect(await objectExists(key)).toBe(false);
    expect(await objectExists(smallMessagePhotoKey(key))).toBe(false);
    const shown = (await thread(b, a, b)).data.messages[0]!;
    expect(shown).toMatchObject({ hidden: true, content: '' });
    expect(shown.photos).toBeUndefined();
  });

  it('account deletion erases the conversation with its photos; the sweep removes photos never sent', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const conv = await conversationOf(a, b);
    const [sentPhoto, unsent] = [await uploaded(b), await uploaded(b)];
    expect((await send(b, conv, { photos: [sentPhoto] })).status).toBe(201);
    const sentKey = messagePhotoKey(b.profile.uuid, sentPhoto);
    expect((await as(a.browser, 'DELETE', '/api/iam/authn/delete', { uuid: a.profile.uuid })).status).toBe(200);
    expect(await objectExists(sentKey)).toBe(false);
    expect(await objectExists(smallMessagePhotoKey(sentKey))).toBe(false);
    // The photo's upload URL may still work: a record waits for the sweep to remove a late re-upload.
    expect(await getItem(`upload#${sentKey}`, 'upload')).toMatchObject({ userId: b.profile.uuid });

    const unsentKey = messagePhotoKey(b.profile.uuid, unsent);
    await setAttributes(`upload#${unsentKey}`, 'upload', { expiresAt: Math.floor(Date.now() / 1000) + 60, gsi2sk: `${Math.floor(Date.now() / 1000) + 60}#${unsentKey}` });
    await storeObject(smallMessagePhotoKey(unsentKey), SMALL);
    await sweepExpiredUploads(Date.now(), {}, removeSweptMessagePhoto);
    expect(await objectExists(unsentKey)).toBe(false);
    expect(await objectExists(smallMessagePhotoKey(unsentKey))).toBe(false);
    expect(await getItem(`upload#${unsentKey}`, 'upload')).toBeUndefined();
  });
});
