/**
 * Editing events after creation: a date's own place in another time zone, a series ended earlier
 * (its later dates cancelled or removed as a rewrite does), tags changed, and the cover photo
 * (uploaded, set, replaced, removed, refused to others).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventLocationView, EventView } from '../../shared/answers/events';
import type { NotificationView } from '../../shared/answers/notifications';
import { extendSeries } from '../../functions/events/series';
import { as } from '../support/accounts';
import { call } from '../support/api';
import { objectExists } from '../support/bucket';
import { getItem, queryPartition } from '../support/db';
import { attend, dateIn, NEWTOWN, newEvent } from '../support/events';
import { useHostTableAndBucket } from '../support/host-env';
import { join, newPage, withRole } from '../support/pages';
import { registeredUser, unregisteredUser, type TestUser } from '../support/users';

beforeAll(() => useHostTableAndBucket());

const HOUR = 3_600_000;

/** A 1×1 transparent PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const askUpload = (who: TestUser, eventId: string) => as<{ url: string; key: string; headers: Record<string, string> }>(who.browser, 'POST', '/api/iam/events/image-upload', { eventId, contentType: 'image/png', size: PNG.length });

async function uploadCover(who: TestUser, eventId: string): Promise<string> {
  const res = await askUpload(who, eventId);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(res.data.key).toMatch(new RegExp(`^images/events/${eventId}/[0-9a-f-]{36}\\.png$`));
  expect((await fetch(res.data.url, { method: 'PUT', headers: res.data.headers, body: new Uint8Array(PNG) })).status).toBe(200);
  return res.data.key;
}

const storedDates = async (eventId: string) => (await queryPartition(`event#${eventId}`)).filter((i) => String(i.sk).startsWith('date#'));
const keyOf = (specificId: string) => specificId.split('.')[1]!;

async function notificationsOf(who: TestUser): Promise<NotificationView[]> {
  const res = await as<{ notifications: NotificationView[] }>(who.browser, 'GET', '/api/iam/notifications/all');
  expect(res.status).toBe(200);
  return res.data.notifications;
}

describe('PUT /api/iam/events/update-specific with a place of its own', () => {
  it('gives the place the time zone of where it is, not the event\'s', async () => {
    const a = await registeredUser();
    const e = await newEvent(a, { specifics: [dateIn(3), dateIn(10)] });
    expect(e.timeZone).toBe('Australia/Sydney');
    const perth = { name: `Kings Park ${randomUUID().slice(0, 6)}`, address: `${randomUUID().slice(0, 4)} Fraser Ave`, suburbCity: 'Perth', state: 'Western Australia', latitude: -31.9614, longitude: 115.8325 };
    const moved = await as(a.browser, 'PUT', '/api/iam/events/update-specific', { specificId: e.specifics[1]!.id, location: perth });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    const res = await as<{ locations: EventLocationView[] }>(a.browser, 'GET', `/api/iam/events/get-event-locations/event/${e.id}/null`);
    const zones = Object.fromEntries(res.data.locations.map((l) => [l.name, l.timeZone]));
    expect(zones).toEqual({ [NEWTOWN.name]: 'Australia/Sydney', [perth.name]: 'Australia/Perth' });
  });
});

describe('PUT /api/iam/events/update with an earlier seriesUntil', () => {
  it('cancels the later dates people attend (telling them), removes the others, keeps dates edited by hand, and the job adds none back', async () => {
    const [owner, b] = await Promise.all([registeredUser(), registeredUser()]);
    const e = await newEvent(owner, { specifics: [dateIn(2)], recurrence: { rrule: 'FREQ=WEEKLY' } });
    const d = e.specifics;
    expect(d.length).toBeGreaterThanOrEqual(8);
    await attend(b, d[3]!.id, 'GOING');
    // d[4] moved an hour by hand: kept past the new end, as a rewrite keeps it.
    const later = new Date(Date.parse(d[4]!.startsAt) + HOUR).toISOString();
    const edit = await as(owner.browser, 'PUT', '/api/iam/events/update-specific', { specificId: d[4]!.id, startsAt: later, endsAt: new Date(Date.parse(later) + HOUR).toISOString() });
    expect(edit.status, JSON.stringify(edit.json)).toBe(200);

    const until = d[2]!.endsAt;
    const res = await as<{ event: EventView }>(owner.browser, 'PUT', '/api/iam/events/update', { eventId: e.id, seriesUntil: until });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.data.event.recurrence?.until).toBe(until);
    const shown = res.data.event.specifics;
    expect(shown.map((s) => s.id)).toEqual([d[0]!.id, d[1]!.id, d[2]!.id, d[3]!.id, d[4]!.id]);
    expect(shown.map((s) => s.cancelled)).toEqual([false, false, false, true, false]);
    expect(shown[4]).toMatchObject({ startsAt: later, edited: true });
    const cancelled = (await notificationsOf(b)).filter((n) => n.kind === 'event-cancelled' && n.targetId === e.randomId);
    expect(cancelled).toHaveLength(1);

    // The stored dates and the template's count agree, and the series left the job's index.
    expect((await storedDates(e.id)).map((i) => String(i.sk).slice('date#'.length)).sort()).toEqual([0, 1, 2, 3, 4].map((i) => keyOf(d[i]!.id)).sort());
    expect(await getItem(`event#${e.id}`, 'event')).toMatchObject({ dateCount: 5, seriesUntil: until, materialisedUntil: '9999-12-31T00:00:00.000Z' });
    await extendSeries({ nowMs: Date.now() + 30 * 86_400_000 });
    expect(await storedDates(e.id)).toHaveLength(5);

    // Extended again: the series goes on from its end, past the kept dates.
    const longer = new Date(Date.parse(d[7]!.endsAt)).toISOString();
    const again = await as<{ event: EventView }>(owner.browser, 'PUT', '/api/iam/events/update', { eventId: e.id, seriesUntil: longer });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(again.data.event.specifics.filter((s) => !s.cancelled && s.startsAt > d[4]!.endsAt).map((s) => s.startsAt)).toEqual([d[5]!.startsAt, d[6]!.startsAt, d[7]!.startsAt]);
  });
});

describe('event cover photos', () => {
  it('a new event takes an uploaded cover; update replaces it (the old object deleted) and removes it', async () => {
    const a = await registeredUser();
    const id = randomUUID();
    const first = await uploadCover(a, id);
    const e = await newEvent(a, { id, cover: first });
    expect(e.cover).toBe(first);
    expect(await getItem(`event#${id}`, 'event')).toMatchObject({ cover: first });
    expect(await getItem(`upload#${first}`, 'upload')).toBeUndefined();
    // Shown to guests too.
    expect((await call<{ event: EventView }>('GET', `/api/events/${e.randomId}`)).data.event.cover).toBe(first);

    const second = await uploadCover(a, id);
    const replaced = await as<{ event: EventView }>(a.browser, 'PUT', '/api/iam/events/update', { eventId: id, cover: second });
    expect(replaced.status, JSON.stringify(replaced.json)).toBe(200);
    expect(replaced.data.event.cover).toBe(second);
    expect(await objectExists(first)).toBe(false);
    expect(await objectExists(second)).toBe(true);
    // The same key again is no change, and a used key cannot be claimed twice.
    expect((await as(a.browser, 'PUT', '/api/iam/events/update', { eventId: id, cover: second })).status).toBe(200);
    expect(await objectExists(second)).toBe(true);
    const reused = await as(a.browser, 'PUT', '/api/iam/events/update', { eventId: id, cover: first });
    expect(reused.status).toBe(400);
    expect(reused.json).toMatchObject({ error: { field: 'cover' } });

    const removed = await as<{ event: EventView }>(a.browser, 'PUT', '/api/iam/events/update', { eventId: id, cover: null });
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    expect(removed.data.event.cover).toBeNull();
    expect(await getItem(`event#${id}`, 'event')).not.toHaveProperty('cover');
    expect(await objectExists(second)).toBe(false);
    // Its upload URL may still work for minutes: a record keeps the sweep coming for anything PUT through it.
    const watch = await getItem(`upload#${second}`, 'upload');
    expect(Number(watch?.expiresAt)).toBeGreaterThan(Date.now() / 1000 + 5 * 60);

    // Deleting the event deletes its cover.
    const third = await uploadCover(a, id);
    expect((await as(a.browser, 'PUT', '/api/iam/events/update', { eventId: id, cover: third })).status).toBe(200);
    expect((await as(a.browser, 'DELETE', '/api/iam/events', { eventId: id })).status).toBe(200);
    expect(await objectExists(third)).toBe(false);
    expect(await getItem(`upload#${third}`, 'upload')).toBeDefined();
  });

  it('refuses a cover from another event\'s prefix or another member\'s upload, naming cover, and writes nothing', async () => {
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const mine = await newEvent(a);
    const elsewhere = await uploadCover(a, mine.id);
    const id = randomUUID();
    const res = await as(a.browser, 'POST', '/api/iam/events/new', { id, title: 'X', location: NEWTOWN, specifics: [dateIn(3)], cover: elsewhere });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { field: 'cover' } });
    expect(await getItem(`event#${id}`, 'event')).toBeUndefined();
    // b uploads under a fresh id, and a may not use it for an event of that id.
    const theirs = await uploadCover(b, id);
    const stolen = await as(a.browser, 'POST', '/api/iam/events/new', { id, title: 'X', location: NEWTOWN, specifics: [dateIn(3)], cover: theirs });
    expect(stolen.status).toBe(400);
    expect(stolen.json).toMatchObject({ error: { field: 'cover' } });
    const bad = await as(a.browser, 'PUT', '/api/iam/events/update', { eventId: mine.id, cover: 'images/avatars/x.png' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { field: 'cover' } });
  });

  it('the upload is for those who may change the event: not another member, not a page\'s plain member, not a guest or an unfinished sign-up', async () => {
    const [a, b, mod] = await Promise.all([registeredUser(), registeredUser(), registeredUser()]);
    const e = await newEvent(a);
    expect((await askUpload(b, e.id)).status).toBe(403);
    const page = await newPage(a);
    await join(b, page.id);
    const pe = await newEvent(a, { pageId: page.id });
    expect((await askUpload(b, pe.id)).status).toBe(403);
    await withRole(a, mod, page.id, 'moderator');
    expect((await askUpload(mod, pe.id)).status).toBe(200);
    const guest = await call('POST', '/api/iam/events/image-upload', { body: { eventId: e.id, contentType: 'image/png', size: PNG.length } });
    expect(guest.status).toBe(401);
    const incomplete = await unregisteredUser();
    expect((await askUpload(incomplete, randomUUID())).status).toBe(403);
    const tooBig = await as(a.browser, 'POST', '/api/iam/events/image-upload', { eventId: e.id, contentType: 'image/png', size: 6 * 1024 * 1024 });
    expect(tooBig.status).toBe(400);
    expect(tooBig.json).toMatchObject({ error: { field: 'size' } });
  });
});

describe('PUT /api/iam/events/update with tags', () => {
  it('adds and removes tags after creation: the event page shows them at once, and bad lists are refused naming tags', async () => {
    const a = await registeredUser();
    const e = await newEvent(a, { tags: ['succulents', 'swap'] });
    expect(e.tags).toEqual(['succulents', 'swap']);
    const res = await as<{ event: EventView }>(a.browser, 'PUT', '/api/iam/events/update', { eventId: e.id, tags: ['swap', 'ferns'] });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.data.event.tags).toEqual(['swap', 'ferns']);
    expect((await call<{ event: EventView }>('GET', `/api/events/${e.randomId}`)).data.event.tags).toEqual(['swap', 'ferns']);
    const cleared = await as<{ event: EventView }>(a.browser, 'PUT', '/api/iam/events/update', { eventId: e.id, tags: [] });
    expect(cleared.data.event.tags).toEqual([]);
    const tooMany = await as(a.browser, 'PUT', '/api/iam/events/update', { eventId: e.id, tags: Array.from({ length: 9 }, (_, i) => `tag${i}`) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json).toMatchObject({ error: { field: 'tags' } });
    expect(await getItem(`event#${e.id}`, 'event')).toMatchObject({ tags: [] });
  });
});
