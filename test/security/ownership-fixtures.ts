/**
 * One fixture per `self` route of the table: it creates a resource as user A, acts on it as
 * user B, expects 403 or 404, and checks that A's data is unchanged. The suite fails when a
 * self route has no fixture here.
 */
import { expect } from 'vitest';
import { as, member } from '../support/accounts';
import { comment, newPlant, newPost, reactTo } from '../support/content';
import { getItem, queryPartition } from '../support/db';
import { outbox } from '../support/outbox';
import { call } from '../support/api';
import { dateIn, newEvent } from '../support/events';
import { join, newPage } from '../support/pages';

export const ownershipFixtures: Record<string, () => Promise<void>> = {
  'DELETE /api/iam/authn/delete': async () => {
    const a = await member();
    const b = await member();
    const res = await as(b.browser, 'DELETE', '/api/iam/authn/delete', { uuid: a.profile.uuid });
    expect(res.status).toBe(403);
    expect(await getItem(`user#${a.profile.uuid}`, 'profile')).toMatchObject({ email: a.email });
    expect(await getItem(`user#${a.profile.uuid}`, 'profile')).not.toHaveProperty('deletedAt');
    expect((await as(a.browser, 'GET', '/api/iam/authn/profile')).status).toBe(200);
  },
  'DELETE /api/iam/messages/conversations': async () => {
    const a = await member();
    const b = await member();
    const started = await as<{ convnId: string }>(b.browser, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [b.profile.uuid, a.profile.uuid] });
    expect((await as(b.browser, 'POST', '/api/iam/messages/new', { id: crypto.randomUUID(), conversation_id: started.data.convnId, content: 'hello' })).status).toBe(201);
    const res = await as(b.browser, 'DELETE', '/api/iam/messages/conversations', { uuid: a.profile.uuid });
    expect(res.status).toBe(403);
    const inbox = await as<{ conversations: { id: string; unread: number }[] }>(a.browser, 'GET', '/api/iam/messages/all');
    expect(inbox.data.conversations).toEqual([expect.objectContaining({ id: started.data.convnId, unread: 1 })]);
  },
  'DELETE /api/iam/refresh-tokens/{id}': async () => {
    const a = await member();
    const b = await member();
    const sessions = await as<{ id: string }[]>(a.browser, 'GET', '/api/iam/refresh-tokens');
    const id = sessions.data[0]!.id;
    const res = await as(b.browser, 'DELETE', `/api/iam/refresh-tokens/${id}`, {});
    expect(res.status).toBe(404);
    expect(await getItem(`user#${a.profile.uuid}`, `session#${id}`)).not.toHaveProperty('revokedAt');
    expect((await as(a.browser, 'POST', '/api/iam/authn/refresh', {})).status).toBe(200);
  },
  'GET /api/iam/users/{uuid}/permission/{name}': async () => {
    const a = await member();
    const b = await member();
    const res = await as(b.browser, 'GET', `/api/iam/users/${a.profile.uuid}/permission/create-page`);
    expect(res.status).toBe(403);
    expect((await as<{ allowed: boolean }>(a.browser, 'GET', `/api/iam/users/${a.profile.uuid}/permission/create-page`)).data).toEqual({ allowed: true });
  },
  'POST /api/iam/authn/init-phone-and-check': async () => {
    const a = await member();
    const b = await member();
    const phoneNo = `+61412${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    const res = await as(b.browser, 'POST', '/api/iam/authn/init-phone-and-check', { phoneNo, userId: a.profile.uuid });
    expect(res.status).toBe(403);
    expect((await queryPartition(`user#${a.profile.uuid}`)).filter((i) => String(i.sk).startsWith('phonecheck#'))).toEqual([]);
    expect((await outbox()).filter((m) => m.to === phoneNo)).toEqual([]);
  },
  'PUT /api/iam/authn/confirm-phone-and-record': async () => {
    const a = await member();
    const b = await member();
    const phoneNo = `+61412${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    const init = await as<{ recordId: string }>(a.browser, 'POST', '/api/iam/authn/init-phone-and-check', { phoneNo, userId: a.profile.uuid });
    const code = /\b(\d{6})\b/.exec((await outbox()).filter((m) => m.to === phoneNo).at(-1)!.text)![1]!;
    const recordId = init.data.recordId;
    // B with A's uuid (403), and B claiming A's record as theirs (404: it is not under B).
    expect((await as(b.browser, 'PUT', '/api/iam/authn/confirm-phone-and-record', { phoneNo, userId: a.profile.uuid, recordId, code })).status).toBe(403);
    expect((await as(b.browser, 'PUT', '/api/iam/authn/confirm-phone-and-record', { phoneNo, userId: b.profile.uuid, recordId, code })).status).toBe(404);
    expect(await getItem(`user#${a.profile.uuid}`, `phonecheck#${recordId}`)).toMatchObject({ tries: 0 });
    expect(await getItem(`user#${a.profile.uuid}`, `phonecheck#${recordId}`)).not.toHaveProperty('confirmedAt');
    expect(await getItem(`user#${a.profile.uuid}`, 'profile')).toMatchObject({ phoneVerified: false });
    expect(await getItem(`user#${b.profile.uuid}`, 'profile')).toMatchObject({ phoneVerified: false });
  },
  // ── Posts and plants: B acting on A's post, plant, comment or reaction ─────────────────
  'DELETE /api/iam/posts': async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const post = await newPost(asAuthor(a));
    expect((await as(b.browser, 'DELETE', '/api/iam/posts', { postId: post.id, userId: b.profile.uuid })).status).toBe(403);
    expect((await as(b.browser, 'DELETE', '/api/iam/posts', { postId: post.id, userId: a.profile.uuid })).status).toBe(403);
    expect(await getItem(`post#${post.id}`, 'post')).not.toHaveProperty('deletedAt');
  },
  'PUT /api/iam/posts/privacy': async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const post = await newPost(asAuthor(a), { privacy: 'members' });
    expect((await as(b.browser, 'PUT', '/api/iam/posts/privacy', { id: post.id, uuid: b.profile.uuid, privacy: 'public' })).status).toBe(403);
    expect(await getItem(`post#${post.id}`, 'post')).toMatchObject({ privacy: 'members', version: 0 });
  },
  'PUT /api/iam/posts/update/textandtags': async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const post = await newPost(asAuthor(a), { text: 'original' });
    expect((await as(b.browser, 'PUT', '/api/iam/posts/update/textandtags', { postId: post.id, userId: b.profile.uuid, text: 'changed', tags: [] })).status).toBe(403);
    expect(await getItem(`post#${post.id}`, 'post')).toMatchObject({ text: 'original', version: 0 });
  },
  'PUT /api/iam/plant/update/details': async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const plant = await newPlant(asAuthor(a), { privacy: 'private' });
    const res = await as(b.browser, 'PUT', '/api/iam/plant/update/details', { postId: plant.id, userId: b.profile.uuid, privacy: 'public', plant: { commonName: 'Mine now', availability: 'Not available' } });
    expect(res.status).toBe(404);
    expect(await getItem(`post#${plant.id}`, 'post')).toMatchObject({ privacy: 'private', version: 0, plant: { commonName: 'Monstera' } });
  },
  'PUT /api/iam/plant/update/photo-descriptions': async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const plant = await newPlant(asAuthor(a));
    const key = plant.photos[0]!.key;
    expect((await as(b.browser, 'PUT', '/api/iam/plant/update/photo-descriptions', { id: plant.id, uuid: b.profile.uuid, plantPhotos: [{ key, description: 'defaced' }] })).status).toBe(403);
    expect(await getItem(`post#${plant.id}`, 'post')).toMatchObject({ photos: [{ key, description: 'photo 1' }], version: 0 });
  },
  'DELETE /api/iam/posts/comment': async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const post = await newPost(asAuthor(a));
    const remark = await comment(asAuthor(a), post.id, 'my words');
    expect((await as(b.browser, 'DELETE', '/api/iam/posts/comment', { id: remark.id, uuid: b.profile.uuid })).status).toBe(403);
    expect((await as(b.browser, 'DELETE', '/api/iam/posts/comment', { id: remark.id, uuid: a.profile.uuid })).status).toBe(403);
    expect(await getItem(`comment#${remark.id}`, 'comment')).toMatchObject({ authorId: a.profile.uuid });
    expect(await getItem(`post#${post.id}`, 'post')).toMatchObject({ commentCount: 1 });
  },
  'DELETE /api/iam/posts/reaction': async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const post = await newPost(asAuthor(b));
    const reaction = await reactTo(asAuthor(a), { post_id: post.id });
    expect((await as(b.browser, 'DELETE', '/api/iam/posts/reaction', { id: reaction.id })).status).toBe(403);
    expect(await getItem(`post#${post.id}`, `reaction#${a.profile.uuid}`)).toBeDefined();
    expect(await getItem(`post#${post.id}`, 'post')).toMatchObject({ reactionCount: 1 });
  },
  // Events: a member who neither created the event nor runs its page (here: its page's plain member).
  'POST /api/iam/events/new-specifics': async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const p = await newPage(asAuthor(a));
    await join(asAuthor(b), p.id);
    const e = await newEvent(a, { pageId: p.id });
    expect((await as(b.browser, 'POST', '/api/iam/events/new-specifics', { eventId: e.id, specifics: [dateIn(20)] })).status).toBe(403);
    expect((await queryPartition(`event#${e.id}`)).filter((i) => String(i.sk).startsWith('date#'))).toHaveLength(1);
  },
  'PUT /api/iam/events/update': async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const e = await newEvent(a);
    expect((await as(b.browser, 'PUT', '/api/iam/events/update', { eventId: e.id, title: 'Mine now', capacity: 1 })).status).toBe(403);
    expect(await getItem(`event#${e.id}`, 'event')).toMatchObject({ title: e.title });
    expect(await getItem(`event#${e.id}`, 'event')).not.toHaveProperty('capacity');
  },
  'PUT /api/iam/events/update-specific': async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const e = await newEvent(a);
    expect((await as(b.browser, 'PUT', '/api/iam/events/update-specific', { specificId: e.specifics[0]!.id, cancelled: true })).status).toBe(403);
    expect(await getItem(`event#${e.id}`, `date#${e.specifics[0]!.id.split('.')[1]}`)).toMatchObject({ cancelled: false, startsAt: e.specifics[0]!.startsAt });
  },
  'PUT /api/iam/events/future-dates/update': async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const first = dateIn(2);
    const e = await newEvent(a, { specifics: [first], recurrence: { rrule: 'FREQ=WEEKLY' } });
    const res = await as(b.browser, 'PUT', '/api/iam/events/future-dates/update', { eventId: e.id, from: first.startsAt, first, recurrence: { rrule: 'FREQ=DAILY' } });
    expect(res.status).toBe(403);
    expect(await getItem(`event#${e.id}`, 'event')).toMatchObject({ rrule: 'FREQ=WEEKLY' });
  },
  'POST /api/iam/events/image-upload': async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const p = await newPage(asAuthor(a));
    await join(asAuthor(b), p.id);
    const pageEvent = await newEvent(a, { pageId: p.id });
    const own = await newEvent(a);
    for (const e of [pageEvent, own]) {
      expect((await as(b.browser, 'POST', '/api/iam/events/image-upload', { eventId: e.id, contentType: 'image/png', size: 100 })).status).toBe(403);
      expect((await as(a.browser, 'POST', '/api/iam/events/image-upload', { eventId: e.id, contentType: 'image/png', size: 100 })).status).toBe(200);
    }
  },
  'DELETE /api/iam/events': async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const e = await newEvent(a);
    expect((await as(b.browser, 'DELETE', '/api/iam/events', { eventId: e.id })).status).toBe(403);
    expect((await as(b.browser, 'DELETE', '/api/iam/events', { eventId: e.id, userId: a.profile.uuid })).status).toBe(403);
    expect(await getItem(`event#${e.id}`, 'event')).not.toHaveProperty('deletedAt');
    expect((await call('GET', `/api/events/${e.randomId}`)).status).toBe(200);
  },
  // ── Swaps: B, neither side of A's request on C's listing ──────────────────────────────────
  'PUT /api/iam/swaps/{id}/status': async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    const plant = await newPlant(asAuthor(c));
    const asked = await as<{ swap: { id: string } }>(a.browser, 'POST', '/api/iam/swaps/new', { plantId: plant.id, message: 'May I?' });
    expect(asked.status).toBe(201);
    for (const status of ['CANCELLED', 'ACCEPTED', 'DECLINED']) expect((await as(b.browser, 'PUT', `/api/iam/swaps/${asked.data.swap.id}/status`, { status })).status).toBe(404);
    expect(await getItem(`swap#${asked.data.swap.id}`, 'swap')).toMatchObject({ status: 'REQUESTED', version: 0 });
    expect((await as(a.browser, 'PUT', `/api/iam/swaps/${asked.data.swap.id}/status`, { status: 'CANCELLED' })).status).toBe(200);
  },
  // ── Wanted lists: B deletes A's entry ────────────────────────────────────────────────────
  'DELETE /api/iam/wanted/{id}': async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const made = await as<{ wanted: { id: string } }>(a.browser, 'POST', '/api/iam/wanted/new', { tag: 'ferns', radiusKm: 10 });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    expect((await as(b.browser, 'DELETE', `/api/iam/wanted/${made.data.wanted.id}`)).status).toBe(404);
    expect(await getItem(`user#${a.profile.uuid}`, `wanted#${made.data.wanted.id}`)).toBeTruthy();
    expect((await as(a.browser, 'DELETE', `/api/iam/wanted/${made.data.wanted.id}`)).status).toBe(200);
  },
  // ── Swap reviews: B, neither side of A's received swap of C's listing ───────────────────────
  'POST /api/iam/swaps/{id}/review': async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    const plant = await newPlant(asAuthor(c));
    const asked = await as<{ swap: { id: string } }>(a.browser, 'POST', '/api/iam/swaps/new', { plantId: plant.id, message: 'May I?' });
    const id = asked.data.swap.id;
    for (const [who, status] of [[c, 'ACCEPTED'], [c, 'HANDED_OVER'], [a, 'RECEIVED']] as const) {
      expect((await as(who.browser, 'PUT', `/api/iam/swaps/${id}/status`, { status })).status).toBe(200);
    }
    expect((await as(b.browser, 'POST', `/api/iam/swaps/${id}/review`, { rating: 1, wasSafe: false, text: 'not mine to say' })).status).toBe(404);
    expect(await getItem(`swap#${id}`, 'review#owner')).toBeUndefined();
    expect(await getItem(`swap#${id}`, 'review#requester')).toBeUndefined();
    expect((await as(a.browser, 'POST', `/api/iam/swaps/${id}/review`, { rating: 5, wasSafe: true })).status).toBe(201);
  },
};

function asAuthor(m: { profile: { uuid: string }; browser: Parameters<typeof as>[0] }) {
  return { uuid: m.profile.uuid, browser: m.browser };
}

