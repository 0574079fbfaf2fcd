/** Wanted lists: entries by tag or plant name around the member's place, and alerts when a matching listing becomes available near them, once. */
import { beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../functions/system/stream-dispatch';
import type { NotificationView } from '../../shared/answers/notifications';
import type { WantedView } from '../../shared/answers/wanted';
import type { GeoPoint } from '../../shared/site';
import { as } from '../support/accounts';
import { newPlant, notificationsOf } from '../support/content';
import { deleteItem, getItem, putItem, queryPartition } from '../support/db';
import { useHostTable } from '../support/host-env';
import { streamRecords } from '../support/stream';
import { offset, randomPlace } from '../support/geo';
import { outbox } from '../support/outbox';
import { dueThenSent, pendingKey } from '../support/pending-mail';
import { registeredUser, type TestUser } from '../support/users';

const want = (who: TestUser, body: Record<string, unknown>) => as<{ wanted: WantedView }>(who.browser, 'POST', '/api/iam/wanted/new', body);
const mine = async (who: TestUser) => (await as<{ wanted: WantedView[] }>(who.browser, 'GET', '/api/iam/wanted/mine')).data.wanted;
const alerts = async (who: TestUser): Promise<NotificationView[]> => (await notificationsOf(who)).filter((n) => n.kind === 'wanted');
const setAvailability = (who: TestUser, plantId: string, availability: string, commonName = 'Monstera deliciosa') =>
  as(who.browser, 'PUT', '/api/iam/plant/update/details', { postId: plantId, userId: who.uuid, plant: { commonName, availability }, privacy: 'public' });

async function wanting(home: GeoPoint, body: Record<string, unknown>): Promise<{ user: TestUser; entry: WantedView }> {
  const user = await registeredUser(home);
  const res = await want(user, body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { user, entry: res.data.wanted };
}

describe('POST /api/iam/wanted/new, GET mine, DELETE', () => {
  let member: TestUser;
  beforeAll(async () => {
    member = await registeredUser(randomPlace());
  });

  it('takes exactly one of tag and plant name with a radius of 1 to 100 km, naming the field it refuses', async () => {
    for (const [body, field] of [
      [{ radiusKm: 10 }, 'tag'],
      [{ tag: 'ferns', plantName: 'Fern', radiusKm: 10 }, 'tag'],
      [{ plantName: 'Fern', radiusKm: 0 }, 'radiusKm'],
      [{ plantName: 'Fern', radiusKm: 101 }, 'radiusKm'],
      [{ plantName: 'Fern', radiusKm: 2.5 }, 'radiusKm'],
      [{ plantName: '  ', radiusKm: 5 }, 'plantName'],
      [{ plantName: 'x', radiusKm: 5 }, 'plantName'],
      [{ tag: 'not a tag!', radiusKm: 5 }, 'tag'],
      [{ plantName: 'Fern', radiusKm: 5, userId: member.uuid }, 'userId'],
    ] as const) {
      const res = await want(member, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json, JSON.stringify(body)).toMatchObject({ error: { field } });
    }
    expect(await mine(member)).toEqual([]);
  });

  it('lists mine newest first, and deletes only mine, with its place in the index', async () => {
    const first = (await want(member, { tag: 'succulents', radiusKm: 5 })).data.wanted;
    const second = (await want(member, { plantName: 'Monstera deliciosa', radiusKm: 40 })).data.wanted;
    expect(second).toMatchObject({ tag: null, plantName: 'Monstera deliciosa', radiusKm: 40 });
    expect((await mine(member)).map((w) => w.id)).toEqual([second.id, first.id]);
    const stored = (await getItem(`user#${member.uuid}`, `wanted#${second.id}`))!;
    const cells = stored.cells as string[];
    expect(cells.length).toBeGreaterThan(0);
    expect(await getItem(`wantedidx#word#deliciosa#${cells[0]}`, `wanted#${second.id}`)).toBeTruthy();

    const other = await registeredUser(randomPlace());
    expect((await as(other.browser, 'DELETE', `/api/iam/wanted/${second.id}`)).status).toBe(404);
    expect((await as(member.browser, 'DELETE', `/api/iam/wanted/${second.id}`)).status).toBe(200);
    expect((await as(member.browser, 'DELETE', `/api/iam/wanted/${second.id}`)).status).toBe(404);
    expect((await mine(member)).map((w) => w.id)).toEqual([first.id]);
    for (const cell of cells) expect(await getItem(`wantedidx#word#deliciosa#${cell}`, `wanted#${second.id}`)).toBeUndefined();
    expect(await getItem(`user#${member.uuid}`, 'wanted-count')).toMatchObject({ n: 1 });
  });

  it('answers 409 no_place to a member without a place', async () => {
    const placeless = await registeredUser(randomPlace());
    const user = (await getItem(`user#${placeless.uuid}`, 'profile'))!;
    const { latitude: _a, longitude: _b, geohash: _c, ...rest } = user;
    await putItem(rest);
    const res = await want(placeless, { tag: 'ferns', radiusKm: 10 });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ error: { code: 'no_place' } });
  });
});

describe('matching a listing', () => {
  it('alerts a member once when a matching listing becomes available within the radius, and not beyond it nor across a block', async () => {
    const home = randomPlace();
    const b = await wanting(home, { plantName: 'Monstera', radiusKm: 10 });
    const tagFan = await wanting(offset(home, 2, 0), { tag: 'aroids', radiusKm: 5 });
    const far = await wanting(offset(home, 40, 0), { plantName: 'Monstera', radiusKm: 10 });
    const wrongName = await wanting(home, { plantName: 'Monstera adansonii', radiusKm: 10 });
    const blocker = await wanting(home, { plantName: 'Monstera', radiusKm: 10 });
    const a = await registeredUser(offset(home, 3, 0));
    expect((await as(blocker.user.browser, 'POST', '/api/iam/blocks/new', { userId: a.uuid })).status).toBeLessThan(300);

    const before = Date.now();
    const listing = await newPlant(a, { commonName: 'Monstera deliciosa', tags: ['aroids'] });
    const [got] = await alerts(b.user);
    expect(got).toMatchObject({ targetType: 'plant', targetId: listing.id, text: expect.stringMatching(/^Monstera deliciosa, which you want, is listed \d+ km from you$/) });
    expect((await alerts(tagFan.user)).map((n) => n.targetId)).toEqual([listing.id]);
    expect(await alerts(far.user)).toEqual([]);
    expect(await alerts(wrongName.user)).toEqual([]);
    expect(await alerts(blocker.user)).toEqual([]);
    // Its e-mail goes once it has waited, with the one-click unsubscribe of notify_email_wanted.
    await dueThenSent(pendingKey('wanted', b.user.uuid, 'user', b.user.uuid), before);
    const mail = (await outbox()).filter((m) => m.channel === 'email' && m.to === b.user.email && m.subject === 'A plant you want is listed near you');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(`/plant/${listing.id}`);
    expect(mail[0]!.text).toContain('Monstera deliciosa, which you want, is listed');
    expect(mail[0]!.headers?.['List-Unsubscribe']).toMatch(/\/api\/unsubscribe\//);

    // Edited, unavailable, available again: still one alert for the entry.
    expect((await setAvailability(a, listing.id, 'Available to swap')).status).toBe(200);
    expect((await setAvailability(a, listing.id, 'Not available')).status).toBe(200);
    expect((await setAvailability(a, listing.id, 'Free to a good home')).status).toBe(200);
    expect(await alerts(b.user)).toHaveLength(1);
    expect((await queryPartition(`user#${b.user.uuid}`)).filter((i) => String(i.sk).startsWith('wantedhit#'))).toHaveLength(1);
  });

  it('alerts an entry made while a listing was unavailable once it becomes available, and never the lister', async () => {
    const home = randomPlace();
    const a = await registeredUser(home);
    const listing = await newPlant(a, { commonName: 'Bird of paradise', availability: 'Not available' });
    expect((await want(a, { plantName: 'bird of paradise', radiusKm: 5 })).status).toBe(201);
    const b = await wanting(offset(home, 1, 1), { plantName: 'Paradise bird', radiusKm: 5 });
    expect(await alerts(b.user)).toEqual([]);
    expect((await setAvailability(a, listing.id, 'Swap only', 'Bird of paradise')).status).toBe(200);
    expect((await alerts(b.user)).map((n) => n.targetId)).toEqual([listing.id]);
    expect(await alerts(a)).toEqual([]);
  });

  it('matches a listing again for what it gains while it stays available (a tag, a name), and only for that', async () => {
    const home = randomPlace();
    const early = await wanting(home, { tag: 'hoyas', radiusKm: 10 });
    const later = await wanting(offset(home, 1, 0), { tag: 'trailing', radiusKm: 10 });
    const byName = await wanting(offset(home, 0, 1), { plantName: 'Hoya carnosa', radiusKm: 10 });
    const a = await registeredUser(offset(home, 2, 0));
    const listing = await newPlant(a, { commonName: 'Wax plant', tags: ['hoyas'] });
    expect((await alerts(early.user)).map((n) => n.targetId)).toEqual([listing.id]);
    expect(await alerts(later.user)).toEqual([]);

    // A tag added while it stays available: the entry wanting that tag hears of it, the first does not again.
    const retag = await as(a.browser, 'PUT', '/api/iam/posts/update/textandtags', { postId: listing.id, userId: a.uuid, text: 'Long vines', tags: ['hoyas', 'trailing'] });
    expect(retag.status, JSON.stringify(retag.json)).toBe(200);
    expect((await alerts(later.user)).map((n) => n.targetId)).toEqual([listing.id]);
    expect(await alerts(early.user)).toHaveLength(1);
    expect(await getItem(`post#${listing.id}`, 'wantedscan')).toMatchObject({ available: true, keys: ['tag#hoyas', 'tag#trailing', 'word#deliciosa', 'word#monstera', 'word#plant', 'word#wax'] });

    // Its name gains the words an entry wants: matched for those.
    expect(await alerts(byName.user)).toEqual([]);
    expect((await setAvailability(a, listing.id, 'Available to swap', 'Hoya carnosa')).status).toBe(200);
    expect((await alerts(byName.user)).map((n) => n.targetId)).toEqual([listing.id]);

    // A write that gains nothing reads no index.
    const { matchListing } = await import('../../functions/wanted/matching');
    const { getPostItem } = await import('../../functions/posts/post-item');
    expect(await matchListing((await getPostItem(listing.id))!)).toEqual({ queries: 0, read: 0, alerted: 0 });
  });

  it('leaves a private listing alone until it is shared', async () => {
    const home = randomPlace();
    const b = await wanting(home, { tag: 'cacti', radiusKm: 20 });
    const a = await registeredUser(offset(home, 5, 5));
    const listing = await newPlant(a, { commonName: 'Golden barrel', tags: ['cacti'], privacy: 'private' });
    expect(await alerts(b.user)).toEqual([]);
    expect((await as(a.browser, 'PUT', '/api/iam/posts/privacy', { id: listing.id, uuid: a.uuid, privacy: 'members' })).status).toBe(200);
    expect((await alerts(b.user)).map((n) => n.targetId)).toEqual([listing.id]);
  });
});

describe('deleting an account', () => {
  it('removes its wanted entries and their places in the index', async () => {
    const home = randomPlace();
    const { user, entry } = await wanting(home, { tag: 'orchids', radiusKm: 30 });
    const cells = (await getItem(`user#${user.uuid}`, `wanted#${entry.id}`))!.cells as string[];
    expect((await as(user.browser, 'DELETE', '/api/iam/authn/delete', { uuid: user.uuid })).status).toBe(200);
    for (const cell of cells) expect(await getItem(`wantedidx#tag#orchids#${cell}`, `wanted#${entry.id}`)).toBeUndefined();
    const a = await registeredUser(offset(home, 1, 0));
    await newPlant(a, { commonName: 'Moth orchid', tags: ['orchids'] });
    // Nothing filed is left to alert the deleted member: no alert's marker is written for them.
    expect((await queryPartition(`user#${user.uuid}`)).filter((i) => String(i.sk).startsWith('wantedhit#'))).toEqual([]);
  });
});

describe('matching in the cloud', () => {
  it('comes from the stream dispatcher, alerting once whatever the retries', async () => {
    useHostTable();
    const home = randomPlace();
    const b = await wanting(home, { tag: 'hoyas', radiusKm: 15 });
    const a = await registeredUser(offset(home, 4, -2));
    const listing = await newPlant(a, { commonName: 'Wax plant', tags: ['hoyas'] });
    // As in the cloud, where the request leaves matching to the stream: undo what the local host did.
    for (const hit of (await queryPartition(`user#${b.user.uuid}`)).filter((i) => String(i.sk).startsWith('wantedhit#'))) await deleteItem(String(hit.pk), String(hit.sk));
    await deleteItem(`post#${listing.id}`, 'wantedscan');

    const sink = { send: async () => 'sent' as const, close: async () => undefined };
    const inserted = await streamRecords(0, 'INSERT')(`post#${listing.id}`, 'post');
    for (let i = 0; i < 2; i++) expect(await dispatch({ Records: [inserted] }, { shortOfTime: () => false, sink })).toEqual({ batchItemFailures: [] });
    expect((await queryPartition(`user#${b.user.uuid}`)).filter((i) => String(i.sk).startsWith('wantedhit#'))).toHaveLength(1);
    expect(await getItem(`post#${listing.id}`, 'wantedscan')).toMatchObject({ available: true });
  });
});
