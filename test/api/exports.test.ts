/**
 * Data export: everything a member owns in one zip (JSON per part, a README, their photos), nothing
 * of anyone else; one a day; a fresh 15-minute link per read; gone with the account.
 */
import { randomUUID } from 'node:crypto';
import { unzipSync, strFromU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExportView } from '../../shared/answers/data-export';
import { as, member, type Member } from '../support/accounts';
import { call } from '../support/api';
import { objectExists } from '../support/bucket';
import { comment, newPlant, newPost, reactTo, TINY_JPEG, uploadPhoto, uniqueTag } from '../support/content';
import { getItem, setAttributes } from '../support/db';
import { attend, newEvent } from '../support/events';
import { randomPlace } from '../support/geo';
import { registeredUser, unregisteredUser, type TestUser } from '../support/users';

const start = (who: { browser: TestUser['browser'] }) => as<ExportView>(who.browser, 'POST', '/api/iam/export/new');
const latest = (who: { browser: TestUser['browser'] }) => as<ExportView>(who.browser, 'GET', '/api/iam/export/latest');

/** Polls until the export leaves pending and running (the local host runs it in-process). */
async function settled(who: { browser: TestUser['browser'] }): Promise<ExportView> {
  const seen: ExportView[] = [];
  for (let i = 0; i < 200; i++) {
    const res = await latest(who);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    seen.push(res.data);
    if (res.data.state !== 'pending' && res.data.state !== 'running') return res.data;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the export never settled: ${JSON.stringify(seen.slice(-3))}`);
}

async function download(url: string): Promise<Record<string, Uint8Array>> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return unzipSync(new Uint8Array(await res.arrayBuffer()));
}

const json = (files: Record<string, Uint8Array>, name: string) => JSON.parse(strFromU8(files[name]!)) as unknown;

describe('POST /api/iam/export/new, GET /api/iam/export/latest', () => {
  let a: TestUser;
  let b: TestUser;
  let files: Record<string, Uint8Array>;
  let view: ExportView;
  const secret = `b-only-${randomUUID().slice(0, 8)}`;
  const mine = `a-wrote-${randomUUID().slice(0, 8)}`;
  let photoKey: string;
  let messagePhotos: { a: string; b: string };
  let ids: { post: string; plant: string; comment: string; bPost: string; bComment: string; event: string; bEvent: string; swap: string; wanted: string; conv: string };

  beforeAll(async () => {
    const place = randomPlace();
    a = await registeredUser(place);
    b = await registeredUser(place);
    const c = await registeredUser(place);

    photoKey = await uploadPhoto(a);
    const post = await newPost(a, { text: `${mine} post`, photos: [{ key: photoKey, description: 'leaf' }] });
    const plant = await newPlant(a, { commonName: 'Hoya', availability: 'Available to swap' });
    const bPost = await newPost(b, { text: `${secret} post` });
    const bPlant = await newPlant(b, { commonName: 'Pilea', availability: 'Available to swap', text: `${secret} plant` });
    const bComment = await comment(b, bPost.id, `${secret} comment`);
    const aComment = await comment(a, bPost.id, `${mine} comment`);
    await reactTo(a, { post_id: bPost.id });
    await reactTo(a, { comment_id: bComment.id });
    await reactTo(b, { post_id: post.id });

    const started = await as<{ convnId: string }>(a.browser, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [a.uuid, b.uuid] });
    // Each sends a message with a photo: only a's goes into a's archive.
    const messagePhoto = async (u: TestUser) => {
      const up = await as<{ id: string; url: string }>(u.browser, 'POST', '/api/iam/messages/photo-upload-url', { contentType: 'image/jpeg', size: TINY_JPEG.length, width: 1, height: 1 });
      expect((await fetch(up.data.url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: new Uint8Array(TINY_JPEG) })).status).toBe(200);
      return up.data.id;
    };
    messagePhotos = { a: await messagePhoto(a), b: await messagePhoto(b) };
    for (const [from, text, photo] of [[a, `${mine} message`, messagePhotos.a], [b, `${secret} message`, messagePhotos.b]] as const) {
      expect((await as(from.browser, 'POST', '/api/iam/messages/new', { id: randomUUID(), conversation_id: started.data.convnId, content: text, photos: [photo] })).status).toBe(201);
    }

    const event = await newEvent(a, { title: `${mine} event` });
    const bEvent = await newEvent(b, { title: `${secret} event` });
    await attend(a, bEvent.specifics[0]!.id, 'GOING');

    const swap = await as<{ swap: { id: string } }>(a.browser, 'POST', '/api/iam/swaps/new', { plantId: bPlant.id, message: `${mine} swap`, offer: plant.id });
    expect(swap.status, JSON.stringify(swap.json)).toBe(201);
    const wanted = await as<{ wanted: { id: string } }>(a.browser, 'POST', '/api/iam/wanted/new', { tag: uniqueTag(), radiusKm: 10 });
    expect(wanted.status).toBe(201);
    expect((await as(a.browser, 'POST', '/api/iam/blocks/new', { userId: c.uuid })).status).toBeLessThan(300);

    ids = { post: post.id, plant: plant.id, comment: aComment.id, bPost: bPost.id, bComment: bComment.id, event: event.id, bEvent: bEvent.id, swap: swap.data.swap.id, wanted: wanted.data.wanted.id, conv: started.data.convnId };

    expect((await latest(a)).data).toEqual({ state: 'none' });
    const res = await start(a);
    expect(res.status, JSON.stringify(res.json)).toBe(202);
    expect(res.data).toMatchObject({ state: 'pending' });
    view = await settled(a);
    expect(view.state, JSON.stringify(view)).toBe('ready');
    files = await download(view.url!);
  }, 120_000);

  it('holds every part of what the member owns, with a README and their photos', () => {
    expect(Object.keys(files).filter((f) => !f.startsWith('photos/')).sort()).toEqual(
      ['README.md', 'attendance.json', 'blocks.json', 'comments.json', 'events.json', 'messages.json', 'plants.json', 'posts.json', 'profile.json', 'reactions.json', 'reviews.json', 'settings.json', 'swaps.json', 'wanted.json'],
    );
    expect(json(files, 'profile.json')).toMatchObject({ uuid: a.uuid });
    expect((json(files, 'posts.json') as { id: string }[]).map((p) => p.id)).toEqual([ids.post]);
    expect((json(files, 'plants.json') as { id: string }[]).map((p) => p.id)).toEqual([ids.plant]);
    expect(json(files, 'comments.json')).toEqual([expect.objectContaining({ id: ids.comment, postId: ids.bPost, content: `${mine} comment`, authorId: a.uuid })]);
    const reactions = json(files, 'reactions.json') as { kind: string; postId: string; commentId?: string; userId: string }[];
    expect(reactions.map((r) => [r.kind, r.postId, r.commentId ?? null]).sort()).toEqual([['commentReaction', ids.bPost, ids.bComment], ['postReaction', ids.bPost, null]].sort());
    expect(reactions.every((r) => r.userId === a.uuid)).toBe(true);
    const messages = json(files, 'messages.json') as { conversationId: string; with: { id: string; name: string }; messages: { content: string }[] }[];
    expect(messages).toEqual([expect.objectContaining({ conversationId: ids.conv, with: expect.objectContaining({ id: b.uuid, type: 'user' }) })]);
    // The swap request's message is the conversation's too (it opens or joins it).
    expect(messages[0]!.messages.map((m) => m.content).sort()).toEqual([`${mine} message`, `${mine} swap`]);
    expect((json(files, 'events.json') as { id: string }[]).map((e) => e.id)).toEqual([ids.event]);
    expect((json(files, 'attendance.json') as { eventId: string; status: string }[]).map((x) => [x.eventId, x.status])).toEqual([[ids.bEvent, 'GOING']]);
    expect((json(files, 'swaps.json') as { id: string; role: string }[]).map((s) => [s.id, s.role])).toEqual([[ids.swap, 'asked']]);
    expect((json(files, 'wanted.json') as { id: string }[]).map((w) => w.id)).toEqual([ids.wanted]);
    expect((json(files, 'blocks.json') as { blockerId: string }[]).map((x) => x.blockerId)).toEqual([a.uuid]);
    expect(json(files, 'settings.json')).toEqual(expect.any(Object));
    // The post's photo, byte for byte, under photos/ (its key without images/).
    expect(Buffer.from(files[`photos/${photoKey.slice('images/'.length)}`]!)).toEqual(TINY_JPEG);
    // The photo of a's message (named as messages.json names it), and not b's.
    expect(messages[0]!.messages.find((m) => m.content === `${mine} message`)).toMatchObject({ photos: [expect.objectContaining({ id: messagePhotos.a })] });
    expect(Buffer.from(files[`photos/messages/${messagePhotos.a}.jpg`]!)).toEqual(TINY_JPEG);
    expect(Object.keys(files).filter((f) => f.includes(messagePhotos.b))).toEqual([]);
    expect(strFromU8(files['README.md']!)).toContain('messages.json');
  });

  it('holds nothing of anyone else, nor the password hash, nor the table\'s keys', () => {
    const all = Object.entries(files).filter(([f]) => f.endsWith('.json') || f.endsWith('.md')).map(([, bytes]) => strFromU8(bytes)).join('\n');
    expect(all).not.toContain(secret);
    expect(all).not.toContain('passwordHash');
    expect(all).not.toMatch(/"(pk|sk|gsi1pk|gsi2sk|__edb_e__)"/);
    // Nor what the API never tells: who hid or moved something, whether a recipient blocks them.
    expect(all).not.toMatch(/"(hiddenBy|deletedBy|movedBy|withheld|migratedSig)"/);
    expect(all).toContain(`${mine} message`);
  });

  it('answers a fresh 15-minute link each time, and the state without one until ready', async () => {
    expect(view).toMatchObject({ state: 'ready', bytes: expect.any(Number) });
    expect(view.progress).toBeUndefined();
    expect(new URL(view.url!).searchParams.get('X-Amz-Expires')).toBe('900');
    expect(Date.parse(view.expiresAt!) - Date.parse(view.readyAt!)).toBe(7 * 24 * 3600 * 1000);
    await new Promise((r) => setTimeout(r, 1100));
    const again = (await latest(a)).data;
    expect(again.url).not.toBe(view.url);
    expect(new URL(again.url!).pathname).toBe(new URL(view.url!).pathname);
    // The archive is under the private prefix, which the site's image path never serves.
    expect(new URL(view.url!).pathname).toContain('/private/exports/');
  });

  it('starts at most one a day: 429 with Retry-After, and at once after a failure', async () => {
    const second = await start(a);
    expect(second.status).toBe(429);
    const retry = Number(second.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(23 * 3600);
    expect(retry).toBeLessThanOrEqual(24 * 3600);
    expect(second.json).toMatchObject({ error: { message: expect.stringContaining('One export a day') } });
    expect((await latest(a)).data.nextAllowedAt).toEqual(expect.any(String));

    // A run that died (no progress for longer than the job may run) reads failed, and may be started again.
    const c = await registeredUser(randomPlace());
    expect((await start(c)).status).toBe(202);
    expect((await settled(c)).state).toBe('ready');
    const stale = new Date(Date.now() - 20 * 60 * 1000).toISOString();
    await setAttributes(`user#${c.uuid}`, 'export', { state: 'running', updatedAt: stale, requestedAt: stale });
    expect((await latest(c)).data).toMatchObject({ state: 'failed' });
    const previous = (await getItem(`user#${c.uuid}`, 'export'))!.objectKey as string;
    expect((await start(c)).status).toBe(202);
    expect((await settled(c)).state).toBe('ready');
    // The archive it replaced is deleted once the new one is ready.
    expect(await objectExists(previous)).toBe(false);
    // Retries after failures are counted within the day: three starts in all, then 429.
    expect(await getItem(`user#${c.uuid}`, 'export')).toMatchObject({ attempts: 2 });
    await setAttributes(`user#${c.uuid}`, 'export', { state: 'failed' });
    expect((await start(c)).status).toBe(202);
    expect((await settled(c)).state).toBe('ready');
    await setAttributes(`user#${c.uuid}`, 'export', { state: 'failed' });
    const fourth = await start(c);
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
  }, 60_000);

  it('holds the reviews the member wrote, and of those about them only the ones shown', async () => {
    const place = randomPlace();
    const giver = await registeredUser(place);
    const taker = await registeredUser(place);
    const plant = await newPlant(giver, { commonName: 'Fern', availability: 'Free to a good home' });
    const swap = (await as<{ swap: { id: string } }>(taker.browser, 'POST', '/api/iam/swaps/new', { plantId: plant.id, message: 'may I?' })).data.swap;
    for (const [who, status] of [[giver, 'ACCEPTED'], [giver, 'HANDED_OVER'], [taker, 'RECEIVED']] as const) {
      expect((await as(who.browser, 'PUT', `/api/iam/swaps/${swap.id}/status`, { status })).status).toBe(200);
    }
    const review = (who: TestUser, text: string) => as(who.browser, 'POST', `/api/iam/swaps/${swap.id}/review`, { rating: 5, wasSafe: true, text });
    expect((await review(giver, `${secret} review of the taker`)).status).toBeLessThan(300);

    // The giver's review of the taker is not shown yet: the taker's export does not hold it.
    expect((await start(taker)).status).toBe(202);
    const first = await download((await settled(taker)).url!);
    expect(json(first, 'reviews.json')).toEqual({ written: [], received: [] });
    expect(strFromU8(first['reviews.json']!)).not.toContain(secret);

    // The giver's export holds the review they wrote.
    expect((await start(giver)).status).toBe(202);
    const theirs = await download((await settled(giver)).url!);
    expect((json(theirs, 'reviews.json') as { written: { text: string; rating: number }[] }).written).toEqual([expect.objectContaining({ text: `${secret} review of the taker`, rating: 5 })]);
    expect((json(theirs, 'swaps.json') as { id: string; role: string }[]).map((x) => [x.id, x.role])).toEqual([[swap.id, 'offered']]);

    // Once both have written, both show: the taker's next export (a day later) holds the giver's.
    expect((await review(taker, 'thank you')).status).toBeLessThan(300);
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000).toISOString();
    await setAttributes(`user#${taker.uuid}`, 'export', { requestedAt: dayAgo, windowStart: dayAgo });
    expect((await start(taker)).status).toBe(202);
    const second = json(await download((await settled(taker)).url!), 'reviews.json') as { written: { text: string }[]; received: { text: string; byId: string }[] };
    expect(second.written.map((r) => r.text)).toEqual(['thank you']);
    expect(second.received).toEqual([expect.objectContaining({ text: `${secret} review of the taker`, byId: giver.uuid })]);
  }, 60_000);

  it('refuses guests, lets a member who has not finished registering export what they have', async () => {
    expect((await call('POST', '/api/iam/export/new')).status).toBe(401);
    expect((await call('GET', '/api/iam/export/latest')).status).toBe(401);
    const fresh = await unregisteredUser();
    expect((await start(fresh)).status).toBe(202);
    const done = await settled(fresh);
    expect(done.state).toBe('ready');
    const got = await download(done.url!);
    expect(json(got, 'profile.json')).toMatchObject({ uuid: fresh.uuid });
    expect(json(got, 'posts.json')).toEqual([]);
  }, 30_000);

  it('goes with the account: its archive is deleted with it', async () => {
    const leaving: Member = await member();
    expect((await start(leaving)).status).toBe(202);
    expect((await settled(leaving)).state).toBe('ready');
    const key = (await getItem(`user#${leaving.profile.uuid}`, 'export'))!.objectKey as string;
    expect(await objectExists(key)).toBe(true);
    expect((await as(leaving.browser, 'DELETE', '/api/iam/authn/delete', { uuid: leaving.profile.uuid })).status).toBe(200);
    expect(await objectExists(key)).toBe(false);
    expect(await getItem(`user#${leaving.profile.uuid}`, 'export')).toBeUndefined();
  }, 30_000);
});
