/**
 * Pages: creation with the handle claimed in one namespace with usernames, places from the
 * gazetteer, the position shown at a ~1 km cell unless the address is public, roles (creator,
 * admin, moderator, member) and openness (open, moderated, invite-only), counts kept on write,
 * tags and the directory, posting as the page (news), moderation, deletion and its sweep.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PostView } from '../../shared/answers/posts';
import type { JoinRequests, MembershipAnswer, NearbyPages, NearYou, PageCards, PageDetails, PageMembers, PageView, PlaceList, PlacesNear } from '../../shared/answers/pages';
import { ACCESS_COOKIE, NEAR_YOU_CACHE_SECONDS, NEAR_YOU_CELL_HEADER, NEAR_YOU_INVALID } from '../../shared/constants';
import { coarsen, encodeGeohash } from '../../shared/geohash';
import { panelPoint } from '../../shared/panel-point';
import { as } from '../support/accounts';
import { call } from '../support/api';
import { objectExists } from '../support/bucket';
import { comment, newPost, uniqueTag, uploadPhoto } from '../support/content';
import { getItem, queryPartition } from '../support/db';
import { useHostTableAndBucket } from '../support/host-env';
import { outbox } from '../support/outbox';
import { join, newPage, uniqueHandle, withRole } from '../support/pages';
import { admin, registeredUser, signInAgain, unregisteredUser, type TestUser } from '../support/users';

beforeAll(() => useHostTableAndBucket());

const page = (who: TestUser, id: string) => as<{ page: PageView }>(who.browser, 'GET', `/api/iam/pages/single-page/${id}`);
const stored = (id: string) => getItem(`page#${id}`, 'page');

/** A 1×1 transparent PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

async function uploadPageImage(who: TestUser, pageId: string): Promise<string> {
  const res = await as<{ url: string; key: string; headers: Record<string, string> }>(who.browser, 'POST', '/api/iam/pages/image-upload', { pageId, contentType: 'image/png', size: PNG.length });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(res.data.key).toMatch(new RegExp(`^images/pages/${pageId}/[0-9a-f-]{36}\\.png$`));
  expect((await fetch(res.data.url, { method: 'PUT', headers: res.data.headers, body: new Uint8Array(PNG) })).status).toBe(200);
  return res.data.key;
}

describe('GET /api/location/places and place-at', () => {
  it('finds places by the start of their name with their time zone, for guests, with the attribution', async () => {
    const res = await call<PlaceList>('GET', '/api/location/places?q=newtown%2C%20new%20south');
    expect(res.status).toBe(200);
    expect(res.data.places[0]).toMatchObject({ name: 'Newtown', admin1: 'New South Wales', country: 'AU', countryName: 'Australia', timeZone: 'Australia/Sydney' });
    expect(res.data.attribution).toMatch(/GeoNames/);
    expect((await call<PlaceList>('GET', '/api/location/places?q=n')).data.places).toEqual([]);
  });

  it('names a position after the nearest place, and refuses a position off the globe naming the field', async () => {
    const res = await call<{ place: { name: string; timeZone: string } }>('GET', '/api/location/place-at?lat=-33.8978&long=151.1785');
    expect(res.data.place).toMatchObject({ name: 'Newtown', timeZone: 'Australia/Sydney' });
    const bad = await call('GET', '/api/location/place-at?lat=91&long=0');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { field: 'lat' } });
  });
});

describe('GET /api/location/places-near', () => {
  it('names the suburbs around Newtown, most populous first, and no far town, with the attribution', async () => {
    const res = await call<PlacesNear>('GET', '/api/location/places-near?lat=-33.8978&long=151.1785&radiusKm=5');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const names = res.data.places.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Sydney', 'Newtown', 'Marrickville', 'Glebe']));
    expect(names).not.toContain('Parramatta');
    expect(names).not.toContain('Melbourne');
    expect(res.data.places.length).toBeLessThanOrEqual(40);
    const pops = res.data.places.map((p) => p.population);
    expect(pops).toEqual([...pops].sort((a, b) => b - a));
    expect(Object.keys(res.data.places[0]!).sort()).toEqual(['latitude', 'longitude', 'name', 'population']);
    for (const p of res.data.places) expect(Math.hypot((p.latitude + 33.8978) * 111, (p.longitude - 151.1785) * 92)).toBeLessThan(5.2);
    expect(res.data.attribution).toMatch(/GeoNames/);
    // The same for everyone, changed only by a release: browsers keep it a day.
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    // 40 at most, even where a wide circle holds hundreds.
    expect((await call<PlacesNear>('GET', '/api/location/places-near?lat=-33.8978&long=151.1785&radiusKm=100')).data.places).toHaveLength(40);
    // Open sea: nothing to name.
    expect((await call<PlacesNear>('GET', '/api/location/places-near?lat=-40&long=-120&radiusKm=10')).data.places).toEqual([]);
  });

  it('refuses a position off the globe or a radius outside 1-100, naming the field', async () => {
    for (const [query, field] of [
      ['lat=91&long=151&radiusKm=5', 'lat'],
      ['lat=-33.9&long=181&radiusKm=5', 'long'],
      ['lat=-33.9&long=151.2', 'radiusKm'],
      ['lat=-33.9&long=151.2&radiusKm=0', 'radiusKm'],
      ['lat=-33.9&long=151.2&radiusKm=101', 'radiusKm'],
      ['lat=x&long=151.2&radiusKm=5', 'lat'],
    ] as const) {
      const bad = await call('GET', `/api/location/places-near?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.json, query).toMatchObject({ error: { field } });
      // A refusal is never kept.
      expect(bad.headers.get('cache-control'), query).toBe('no-store');
    }
  });
});

describe('POST /api/iam/pages/new', () => {
  it('creates the page with its creator as first admin, its handle claimed, its place from the gazetteer; a retry answers the same page', async () => {
    const a = await registeredUser();
    const id = randomUUID();
    const handle = uniqueHandle();
    const body = { id, handle, name: 'Crème Swap Club', about: 'Cuttings every Saturday', place: { placeId: '2155386' }, category: 'group' };
    const res = await as<{ page: PageView }>(a.browser, 'POST', '/api/iam/pages/new', body);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.data.page).toMatchObject({
      id, handle, name: 'Crème Swap Club', memberCount: 1, openness: 'open', my: { status: 'member', role: 'creator' },
      location: { label: 'Newtown, New South Wales, Australia', timeZone: 'Australia/Sydney', exact: true },
    });
    expect(await getItem(`handle#${handle}`, 'handle')).toMatchObject({ ownerType: 'page', ownerId: id });
    expect(await getItem(`page#${id}`, `member#${a.uuid}`)).toMatchObject({ status: 'member', role: 'creator' });
    expect(await stored(id)).toMatchObject({ nameKey: 'creme swap club', adminCount: 1, memberCount: 1, timeZone: 'Australia/Sydney' });
    const again = await as<{ page: PageView }>(a.browser, 'POST', '/api/iam/pages/new', body);
    expect(again.status).toBe(200);
    expect(again.data.page.id).toBe(id);
    expect((await queryPartition(`page#${id}`)).length).toBe(2);
  });

  it('shares the handle namespace with usernames: a member\'s username or another page\'s handle is 409, a reserved word 400', async () => {
    const a = await registeredUser();
    const taken = await as(a.browser, 'POST', '/api/iam/pages/new', { id: randomUUID(), handle: a.profile.username, name: 'Mine' });
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({ error: { field: 'handle' } });
    const first = await newPage(a);
    expect((await as(a.browser, 'POST', '/api/iam/pages/new', { id: randomUUID(), handle: first.handle.toUpperCase(), name: 'Copy' })).status).toBe(409);
    for (const reserved of ['pages', 'nearby', 'events', 'messages']) {
      const res = await as(a.browser, 'POST', '/api/iam/pages/new', { id: randomUUID(), handle: reserved, name: 'Squat' });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ error: { field: 'handle' } });
    }
  });

  it('refuses another member\'s id (409), an unknown place id (400 naming place), unfinished sign-ups and suspended members (403)', async () => {
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const p = await newPage(a);
    expect((await as(b.browser, 'POST', '/api/iam/pages/new', { id: p.id, handle: uniqueHandle(), name: 'Hijack' })).status).toBe(409);
    const nowhere = await as(a.browser, 'POST', '/api/iam/pages/new', { id: randomUUID(), handle: uniqueHandle(), name: 'Nowhere', place: { placeId: '999999999999' } });
    expect(nowhere.status).toBe(400);
    expect(nowhere.json).toMatchObject({ error: { field: 'place' } });
    const incomplete = await unregisteredUser();
    expect((await as(incomplete.browser, 'POST', '/api/iam/pages/new', { id: randomUUID(), handle: uniqueHandle(), name: 'X' })).status).toBe(403);
    const suspended = await registeredUser();
    expect((await as((await admin()).browser, 'PUT', `/api/iam/users/${suspended.uuid}`, { suspended: true })).status).toBe(200);
    const id = randomUUID();
    expect((await as((await signInAgain(suspended)).browser, 'POST', '/api/iam/pages/new', { id, handle: uniqueHandle(), name: 'X' })).status).toBe(403);
    expect(await stored(id)).toBeUndefined();
  });

  it('takes an avatar uploaded for the new page\'s id; another member\'s upload is refused naming avatar', async () => {
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const id = randomUUID();
    const avatar = await uploadPageImage(a, id);
    const theirs = await as(b.browser, 'POST', '/api/iam/pages/new', { id, handle: uniqueHandle(), name: 'Thief', avatar });
    expect(theirs.status).toBe(400);
    expect(theirs.json).toMatchObject({ error: { field: 'avatar' } });
    const p = await newPage(a, { id, avatar });
    expect(p.avatar).toBe(avatar);
    expect(await getItem(`upload#${avatar}`, 'upload')).toBeUndefined();
  });

  it('changes the category and removes the avatar while keeping the cover; the removed image is deleted', async () => {
    const a = await registeredUser();
    const id = randomUUID();
    const [avatar, cover] = [await uploadPageImage(a, id), await uploadPageImage(a, id)];
    await newPage(a, { id, avatar, cover });
    const res = await as<{ page: PageView }>(a.browser, 'PUT', '/api/iam/pages/update', { pageId: id, category: 'organisation', avatar: null });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.data.page).toMatchObject({ category: 'organisation', avatar: null, cover });
    expect(await stored(id)).not.toHaveProperty('avatar');
    // The removed image is deleted by the request (a record due at once backs it up until then).
    await expect.poll(() => objectExists(avatar)).toBe(false);
    expect(await objectExists(cover)).toBe(true);
  });
});

describe('who sees what of a page\'s place', () => {
  it('shows the ~1 km cell to others unless the address is public; the page\'s staff see the exact place and the address', async () => {
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const p = await newPage(a, { place: { latitude: -33.89123, longitude: 151.17456 }, address: '12 Garden Lane' });
    const mine = (await page(a, p.id)).data.page.location!;
    expect(mine).toMatchObject({ latitude: -33.89123, longitude: 151.17456, exact: true, address: '12 Garden Lane' });
    const theirs = (await page(b, p.id)).data.page.location!;
    expect(theirs.exact).toBe(false);
    expect(theirs.address).toBeNull();
    expect(theirs.latitude).not.toBe(-33.89123);
    expect(Math.abs(theirs.latitude - -33.89123)).toBeLessThan(0.01);
    expect((await as(a.browser, 'PUT', '/api/iam/pages/update-page-settings', { pageId: p.id, addressPublic: true })).status).toBe(200);
    expect((await page(b, p.id)).data.page.location).toMatchObject({ latitude: -33.89123, exact: true, address: '12 Garden Lane' });
  });
});

describe('roles: who may change, post as and delete a page', () => {
  it('lets admins edit; members and moderators get 403 and change nothing', async () => {
    const [a, mod, plain] = await Promise.all([registeredUser(), registeredUser(), registeredUser()]);
    const p = await newPage(a);
    await withRole(a, mod, p.id, 'moderator');
    await withRole(a, plain, p.id, 'member');
    for (const who of [mod, plain]) {
      expect((await as(who.browser, 'PUT', '/api/iam/pages/update', { pageId: p.id, name: 'Taken over' })).status).toBe(403);
      expect((await as(who.browser, 'PUT', '/api/iam/pages/update-page-settings', { pageId: p.id, openness: 'invite' })).status).toBe(403);
      expect((await as(who.browser, 'DELETE', '/api/iam/pages/page', { pageId: p.id })).status).toBe(403);
      expect((await as(who.browser, 'PUT', '/api/iam/pages/member-role', { pageId: p.id, userId: who.uuid, role: 'admin' })).status).toBe(403);
    }
    expect(await stored(p.id)).toMatchObject({ name: 'Newtown Community Garden', openness: 'open', adminCount: 1, memberCount: 3 });
    const renamed = await as<{ page: PageView }>(a.browser, 'PUT', '/api/iam/pages/update', { pageId: p.id, name: 'Newtown Growers', about: 'Grow together' });
    expect(renamed.status).toBe(200);
    expect(renamed.data.page).toMatchObject({ name: 'Newtown Growers', about: 'Grow together', memberCount: 3 });
  });

  it('moves the handle in one transaction: the old one is free again, the new one names the page', async () => {
    const a = await registeredUser();
    const p = await newPage(a);
    const handle = uniqueHandle();
    expect((await as(a.browser, 'PUT', '/api/iam/pages/update', { pageId: p.id, handle })).status).toBe(200);
    expect(await getItem(`handle#${p.handle}`, 'handle')).toBeUndefined();
    expect(await getItem(`handle#${handle}`, 'handle')).toMatchObject({ ownerId: p.id });
    expect((await call<PageDetails>('GET', `/api/page/all-details/${handle}`)).data.page.id).toBe(p.id);
  });

  it('posts news as the page for moderators and up; plain members and strangers get 403 and nothing is posted', async () => {
    const [a, mod, plain, stranger] = await Promise.all([registeredUser(), registeredUser(), registeredUser(), registeredUser()]);
    const p = await newPage(a);
    await withRole(a, mod, p.id, 'moderator');
    await withRole(a, plain, p.id, 'member');
    for (const who of [plain, stranger]) {
      const id = randomUUID();
      const res = await as(who.browser, 'POST', '/api/iam/posts/new', { id, text: 'as the page', tags: [], photos: [], privacy: 'public', pageId: p.id });
      expect(res.status).toBe(403);
      expect(await getItem(`post#${id}`, 'post')).toBeUndefined();
    }
    const res = await as<{ post: PostView }>(mod.browser, 'POST', '/api/iam/posts/new', { id: randomUUID(), text: 'Working bee on Sunday', tags: [], photos: [], privacy: 'public', pageId: p.id });
    expect(res.status).toBe(201);
    expect(res.data.post).toMatchObject({ owner: { type: 'page', id: p.id, handle: p.handle, name: p.name }, authorId: mod.uuid });
    // The page's profile lists it with its counts.
    const details = await call<PageDetails>('GET', `/api/page/all-details/${p.handle}`);
    expect(details.data.posts.map((x) => x.id)).toEqual([res.data.post.id]);
    expect(details.data.counts.news).toBe(1);
    // Its own page names the page as its owner, as the lists do (not a former member).
    const own = await call<{ post: PostView }>('GET', `/api/post/${res.data.post.id}`);
    expect(own.status).toBe(200);
    expect(own.data.post.owner).toEqual(res.data.post.owner);
  });

  it('lets moderators remove the page\'s posts and comments on them, not other members\' posts', async () => {
    const [a, mod, visitor] = await Promise.all([registeredUser(), registeredUser(), registeredUser()]);
    const p = await newPage(a);
    await withRole(a, mod, p.id, 'moderator');
    const news = await as<{ post: PostView }>(a.browser, 'POST', '/api/iam/posts/new', { id: randomUUID(), text: 'news', tags: [], photos: [], privacy: 'public', pageId: p.id });
    const remark = await comment({ uuid: visitor.uuid, browser: visitor.browser }, news.data.post.id, 'rude words');
    expect((await as(mod.browser, 'DELETE', '/api/iam/posts/comment', { id: remark.id, uuid: mod.uuid })).status).toBe(200);
    expect(await getItem(`post#${news.data.post.id}`, 'post')).toMatchObject({ commentCount: 0 });
    const own = await newPost({ uuid: visitor.uuid, browser: visitor.browser });
    expect((await as(mod.browser, 'DELETE', '/api/iam/posts', { postId: own.id, userId: mod.uuid })).status).toBe(403);
    expect((await as(mod.browser, 'DELETE', '/api/iam/posts', { postId: news.data.post.id, userId: mod.uuid })).status).toBe(200);
    expect(await getItem(`post#${news.data.post.id}`, 'post')).toBeUndefined();
  });

  it('keeps at least one admin: the last admin can neither leave nor be demoted; with a second admin they can', async () => {
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const p = await newPage(a);
    const leave = await as(a.browser, 'POST', '/api/iam/pages/leave', { pageId: p.id });
    expect(leave.status).toBe(409);
    expect(await stored(p.id)).toMatchObject({ adminCount: 1, memberCount: 1 });
    await withRole(a, b, p.id, 'admin');
    expect(await stored(p.id)).toMatchObject({ adminCount: 2, memberCount: 2 });
    expect((await as(b.browser, 'PUT', '/api/iam/pages/member-role', { pageId: p.id, userId: a.uuid, role: 'member' })).status).toBe(403);
    expect((await as(a.browser, 'POST', '/api/iam/pages/leave', { pageId: p.id })).status).toBe(200);
    expect(await stored(p.id)).toMatchObject({ adminCount: 1, memberCount: 1 });
    const demote = await as(b.browser, 'PUT', '/api/iam/pages/member-role', { pageId: p.id, userId: b.uuid, role: 'member' });
    expect(demote.status).toBe(409);
    expect(await stored(p.id)).toMatchObject({ adminCount: 1 });
  });
});

describe('plant listings as the page', () => {
  const listing = async (who: TestUser, pageId: string, over: Record<string, unknown> = {}) =>
    as<{ plant: PostView }>(who.browser, 'POST', '/api/iam/plant/new', {
      id: randomUUID(), plant: { commonName: 'Staghorn fern', availability: 'Available to swap' }, plant_photos: [{ key: await uploadPhoto(who) }], tags: [], privacy: 'public', pageId, ...over,
    });
  const nearby = async (point: { latitude: number; longitude: number }) =>
    (await call<{ plants: { id: string }[] }>('PUT', '/api/plants/avail-nearby', { body: { ...point, radiusKm: 5 } })).data.plants.map((x) => x.id);
  /** What a page whose address is not public lists its plants at: its ~1 km cell. */
  const cellOf = (p: { latitude: number; longitude: number }) => coarsen(p);

  it('lets those who may post as the page list plants as it, placed at the page; plain members and strangers get 403', async () => {
    const [a, mod, plain, stranger] = await Promise.all([registeredUser(), registeredUser(), registeredUser(), registeredUser()]);
    const here = { latitude: -42.8826, longitude: 147.3257 };
    const p = await newPage(a, { place: here });
    await withRole(a, mod, p.id, 'moderator');
    await withRole(a, plain, p.id, 'member');
    for (const who of [plain, stranger]) {
      const id = randomUUID();
      const res = await listing(who, p.id, { id });
      expect(res.status, JSON.stringify(res.json)).toBe(403);
      expect(await getItem(`post#${id}`, 'post')).toBeUndefined();
    }
    const res = await listing(mod, p.id);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.data.plant).toMatchObject({ kind: 'plant', owner: { type: 'page', id: p.id, handle: p.handle }, authorId: mod.uuid });
    const cell = cellOf(here);
    expect(await getItem(`post#${res.data.plant.id}`, 'post')).toMatchObject({ ownerType: 'page', ownerId: p.id, authorId: mod.uuid, latitude: cell.latitude, longitude: cell.longitude, geohash: encodeGeohash(cell) });
    expect(await nearby(here)).toContain(res.data.plant.id);
    // On the page's own list of plants, and counted there; never private.
    const plants = await as<{ posts: PostView[] }>(plain.browser, 'GET', `/api/iam/pages/morepostsbypage/${p.id}/plant/first`);
    expect(plants.data.posts.map((x) => x.id)).toEqual([res.data.plant.id]);
    expect((await call<PageDetails>('GET', `/api/page/all-details/${p.handle}`)).data.counts).toMatchObject({ plantsAll: 1, plantsAvail: 1, news: 0 });
    expect((await listing(mod, p.id, { privacy: 'private' })).status).toBe(400);
    // A page whose posting role is "member" lets its plain members list too.
    expect((await as(a.browser, 'PUT', '/api/iam/pages/update-page-settings', { pageId: p.id, postingRole: 'member' })).status).toBe(200);
    expect((await listing(plain, p.id)).status).toBe(201);
    expect((await listing(stranger, p.id)).status).toBe(403);
    // One whose posting role is "admin" refuses its moderators.
    expect((await as(a.browser, 'PUT', '/api/iam/pages/update-page-settings', { pageId: p.id, postingRole: 'admin' })).status).toBe(200);
    expect((await listing(mod, p.id)).status).toBe(403);
    expect((await listing(a, p.id)).status).toBe(201);
  });

  it('moves the page\'s listings with the page (and to its exact place while its address is public)', async () => {
    const a = await registeredUser();
    const first = { latitude: -42.8826, longitude: 147.3257 };
    const then = { latitude: -41.4332, longitude: 147.1441 };
    const p = await newPage(a, { place: first });
    const res = await listing(a, p.id);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const id = res.data.plant.id;
    expect(await nearby(first)).toContain(id);
    const moved = await as<{ page: PageView }>(a.browser, 'PUT', '/api/iam/pages/update', { pageId: p.id, place: then });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(await nearby(then)).toContain(id);
    expect(await nearby(first)).not.toContain(id);
    expect(await getItem(`post#${id}`, 'post')).toMatchObject({ geohash: encodeGeohash(cellOf(then)), version: 1 });
    expect(await getItem(`user#${p.id}`, 'relist')).toBeUndefined();
    expect((await as(a.browser, 'PUT', '/api/iam/pages/update-page-settings', { pageId: p.id, addressPublic: true })).status).toBe(200);
    expect(await getItem(`post#${id}`, 'post')).toMatchObject({ latitude: then.latitude, longitude: then.longitude, geohash: encodeGeohash(then) });
  });

  it('refuses a moderator\'s old cookie once their account is deleted', async () => {
    const [a, mod] = await Promise.all([registeredUser(), registeredUser()]);
    const p = await newPage(a, { place: { latitude: -42.8826, longitude: 147.3257 } });
    await withRole(a, mod, p.id, 'moderator');
    const photo = await uploadPhoto(mod);
    expect((await as(mod.browser, 'DELETE', '/api/iam/authn/delete', { uuid: mod.uuid })).status).toBe(200);
    const id = randomUUID();
    const late = await as(mod.browser, 'POST', '/api/iam/plant/new', {
      id, plant: { commonName: 'Staghorn fern', availability: 'Available to swap' }, plant_photos: [{ key: photo }], tags: [], privacy: 'public', pageId: p.id,
    });
    expect(late.status, JSON.stringify(late.json)).toBe(401);
    expect(await getItem(`post#${id}`, 'post')).toBeUndefined();
    expect((await call<PageDetails>('GET', `/api/page/all-details/${p.handle}`)).data.counts.plantsAll).toBe(0);
  });

  it('goes with the page when the page is deleted', async () => {
    const [a, mod] = await Promise.all([registeredUser(), registeredUser()]);
    const p = await newPage(a, { place: { latitude: -42.8826, longitude: 147.3257 } });
    await withRole(a, mod, p.id, 'moderator');
    const plant = await listing(mod, p.id);
    expect(plant.status).toBe(201);
    expect((await as(a.browser, 'DELETE', '/api/iam/pages/page', { pageId: p.id })).status).toBe(200);
    expect(await getItem(`post#${plant.data.plant.id}`, 'post')).toBeUndefined();
    expect(await nearby({ latitude: -42.8826, longitude: 147.3257 })).not.toContain(plant.data.plant.id);
    // A listing as the deleted page is refused, naming the page.
    const late = await listing(mod, p.id);
    expect(late.status).toBe(404);
    expect(JSON.stringify(late.json)).toContain('pageId');
  });
});

describe('joining: open, moderated and invite-only pages', () => {
  it('joins an open page at once and leaves it, the count following', async () => {
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const p = await newPage(a);
    expect(await join(b, p.id)).toMatchObject({ membership: { status: 'member', role: 'member' }, memberCount: 2 });
    expect(await join(b, p.id)).toMatchObject({ memberCount: 2 });
    expect(await stored(p.id)).toMatchObject({ memberCount: 2 });
    const left = await as<MembershipAnswer>(b.browser, 'POST', '/api/iam/pages/leave', { pageId: p.id });
    expect(left.data).toMatchObject({ membership: { status: 'none' }, memberCount: 1 });
    expect(await stored(p.id)).toMatchObject({ memberCount: 1 });
  });

  it('records a request on a moderated page; a moderator sees and approves it, the member is notified', async () => {
    const [a, mod, b, c] = await Promise.all([registeredUser(), registeredUser(), registeredUser(), registeredUser()]);
    const p = await newPage(a);
    await withRole(a, mod, p.id, 'moderator');
    expect((await as(a.browser, 'PUT', '/api/iam/pages/update-page-settings', { pageId: p.id, openness: 'moderated' })).status).toBe(200);
    expect(await join(b, p.id)).toMatchObject({ membership: { status: 'requested', role: null }, memberCount: 2 });
    await join(c, p.id);
    expect(await stored(p.id)).toMatchObject({ requestCount: 2, memberCount: 2 });
    // Only staff see requests.
    expect((await as(b.browser, 'GET', `/api/iam/pages/join-requests/${p.id}`)).status).toBe(403);
    const requests = await as<JoinRequests>(mod.browser, 'GET', `/api/iam/pages/join-requests/${p.id}`);
    expect(requests.data.requests.map((r) => r.user.uuid)).toEqual([b.uuid, c.uuid]);
    const approved = await as<MembershipAnswer>(mod.browser, 'POST', '/api/iam/pages/approve-request', { pageId: p.id, userId: b.uuid });
    expect(approved.data).toMatchObject({ membership: { status: 'member', role: 'member' }, memberCount: 3 });
    expect((await as(mod.browser, 'POST', '/api/iam/pages/decline-request', { pageId: p.id, userId: c.uuid })).status).toBe(200);
    expect(await stored(p.id)).toMatchObject({ requestCount: 0, memberCount: 3 });
    expect((await as(mod.browser, 'POST', '/api/iam/pages/approve-request', { pageId: p.id, userId: c.uuid })).status).toBe(404);
    const notes = await as<{ notifications: { kind: string; targetId: string }[] }>(b.browser, 'GET', '/api/iam/notifications/all');
    expect(notes.data.notifications.some((n) => n.kind === 'page-approved' && n.targetId === p.id)).toBe(true);
  });

  it('refuses joining an invite-only page without an invitation; an invited member joins', async () => {
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const p = await newPage(a, { openness: 'invite' });
    const refused = await as(b.browser, 'POST', '/api/iam/pages/join', { pageId: p.id });
    expect(refused.status).toBe(403);
    expect(await getItem(`page#${p.id}`, `member#${b.uuid}`)).toBeUndefined();
    expect((await as(a.browser, 'POST', '/api/iam/pages/invite', { pageId: p.id, userId: b.uuid })).status).toBe(200);
    expect(await join(b, p.id)).toMatchObject({ membership: { status: 'member' }, memberCount: 2 });
    expect((await as(a.browser, 'POST', '/api/iam/pages/invite', { pageId: p.id, userId: b.uuid })).status).toBe(409);
  });

  it('lists members by role for members, and a member\'s pages; moderators remove plain members only', async () => {
    const [a, mod, m1, m2] = await Promise.all([registeredUser(), registeredUser(), registeredUser(), registeredUser()]);
    const p = await newPage(a);
    await withRole(a, mod, p.id, 'moderator');
    await withRole(a, m1, p.id, 'member');
    await withRole(a, m2, p.id, 'admin');
    const members = await as<PageMembers>(m1.browser, 'GET', `/api/iam/pages/members/${p.id}`);
    expect(members.data.members.map((m) => [m.user.uuid, m.role])).toEqual([[a.uuid, 'creator'], [m2.uuid, 'admin'], [mod.uuid, 'moderator'], [m1.uuid, 'member']]);
    expect((await call('GET', `/api/iam/pages/members/${p.id}`)).status).toBe(401);
    expect((await as(mod.browser, 'DELETE', '/api/iam/pages/member', { pageId: p.id, userId: m2.uuid })).status).toBe(403);
    expect((await as(mod.browser, 'DELETE', '/api/iam/pages/member', { pageId: p.id, userId: a.uuid })).status).toBe(403);
    expect((await as(mod.browser, 'DELETE', '/api/iam/pages/member', { pageId: p.id, userId: m1.uuid })).status).toBe(200);
    expect(await stored(p.id)).toMatchObject({ memberCount: 3, adminCount: 2 });
    const mine = await as<PageCards>(m2.browser, 'GET', `/api/iam/pages/get-all-by-user/${m2.uuid}`);
    expect(mine.data.pages.map((x) => [x.id, x.my.role])).toEqual([[p.id, 'admin']]);
  });
});

describe('tags, the directory and pages nearby', () => {
  it('links tags in the page\'s transaction: pages by tag and by name prefix are one Query each', async () => {
    const a = await registeredUser();
    const tag = uniqueTag();
    const p = await newPage(a, { name: 'Zebra Fern Society' });
    const q = await newPage(a, { name: 'Zucchini Growers' });
    expect((await as(a.browser, 'POST', '/api/iam/pages/connect-tags', { pageId: p.id, tagIdArr: [tag] })).status).toBe(200);
    expect((await as(a.browser, 'POST', '/api/iam/pages/connect-tags', { pageId: q.id, tagIdArr: [tag] })).status).toBe(200);
    expect(await getItem('tags', `tag#${tag}`)).toMatchObject({ usageCount: 2 });
    const byTag = await call<PageCards>('GET', `/api/page/get-all/${tag}`);
    expect(byTag.data.pages.map((x) => x.id)).toEqual([p.id, q.id]);
    expect((await call<PageCards>('GET', `/api/page/get-all/${tag}?q=zuc`)).data.pages.map((x) => x.id)).toEqual([q.id]);
    expect((await call<PageCards>('GET', '/api/page/get-all/all?q=zebra%20fern%20soc')).data.pages.map((x) => x.id)).toContain(p.id);
    expect((await as(a.browser, 'POST', '/api/iam/pages/disconnect-tags', { pageId: p.id, tagIdArr: [tag] })).status).toBe(200);
    expect((await call<PageCards>('GET', `/api/page/get-all/${tag}`)).data.pages.map((x) => x.id)).toEqual([q.id]);
    expect(await getItem('tags', `tag#${tag}`)).toMatchObject({ usageCount: 1 });
  });

  it('finds pages near a point, nearest first, at their cell, with rounded distances; the panel answers plants and pages at once', async () => {
    const a = await registeredUser();
    // Somewhere of this test's own (the Chatham Islands), so other tests' pages are not near.
    const here = { latitude: -43.95, longitude: -176.56 };
    const near = await newPage(a, { place: { latitude: -43.951, longitude: -176.561 } });
    const far = await newPage(a, { place: { latitude: -44.05, longitude: -176.4 } });
    const res = await call<NearbyPages>('GET', `/api/page/location/nearby-pages?lat=${here.latitude}&long=${here.longitude}&radiusKm=5`);
    expect(res.status).toBe(200);
    expect(res.data.pages.map((p) => p.id)).toEqual([near.id]);
    expect(res.data.pages[0]!.distance_km).toBeLessThanOrEqual(1);
    const wide = await call<NearbyPages>('GET', `/api/page/location/nearby-pages?lat=${here.latitude}&long=${here.longitude}&radiusKm=50`);
    expect(wide.data.pages.map((p) => p.id)).toEqual([near.id, far.id]);
    const panel = await call<NearYou>('GET', `/api/nearby/near-you?lat=${here.latitude}&long=${here.longitude}`);
    expect(panel.data.origin).toMatchObject({ source: 'query' });
    expect(panel.data.pages.map((p) => p.id)).toEqual([near.id, far.id]);
    expect(panel.data.plants).toEqual([]);
    const guest = await call<NearYou>('GET', '/api/nearby/near-you');
    expect(guest.data.origin.source).toBe('site');
    expect(guest.data.radius_km).toBe(20);
    // A member's panel searches as far as their "nearby means within" setting: 5 km leaves the far page out, 100 km takes it.
    expect((await as(a.browser, 'PUT', '/api/iam/users/update-user-settings', { nearby_radius_km: 5 })).status).toBe(200);
    const close = await as<NearYou>(a.browser, 'GET', `/api/nearby/near-you?lat=${here.latitude}&long=${here.longitude}`);
    expect(close.data.radius_km).toBe(5);
    expect(close.data.pages.map((p) => p.id)).toEqual([near.id]);
    expect((await as(a.browser, 'PUT', '/api/iam/users/update-user-settings', { nearby_radius_km: 100 })).status).toBe(200);
    const wideOpen = await as<NearYou>(a.browser, 'GET', `/api/nearby/near-you?lat=${here.latitude}&long=${here.longitude}`);
    expect(wideOpen.data.radius_km).toBe(100);
    expect(wideOpen.data.pages.map((p) => p.id)).toEqual([near.id, far.id]);
  });

  it('answers a guest\'s panel for the centre of their ~5 km cell, for the CDN to keep a minute; never a member\'s', async () => {
    const a = await registeredUser();
    const here = { latitude: -43.9512, longitude: -176.5577 };
    const cell = panelPoint(here);
    const guest = await call<NearYou>('GET', `/api/nearby/near-you?lat=${here.latitude}&long=${here.longitude}`);
    expect(guest.headers.get('cache-control')).toBe(`public, max-age=0, s-maxage=${NEAR_YOU_CACHE_SECONDS}`);
    expect(guest.data.origin).toMatchObject({ latitude: cell.latitude, longitude: cell.longitude, source: 'query' });
    // Anyone in the cell gets the same answer: the one a cache keeps.
    const neighbour = await call<NearYou>('GET', `/api/nearby/near-you?lat=${here.latitude + 0.005}&long=${here.longitude - 0.005}`);
    expect(neighbour.data).toEqual(guest.data);
    expect((await call('GET', '/api/nearby/near-you')).headers.get('cache-control')).toBe(`public, max-age=0, s-maxage=${NEAR_YOU_CACHE_SECONDS}`);
    // A member's answer holds members-only events and their own radius: never kept, never rounded.
    const member = await as<NearYou>(a.browser, 'GET', `/api/nearby/near-you?lat=${here.latitude}&long=${here.longitude}`);
    expect(member.headers.get('cache-control')).toBe('no-store');
    expect(member.data.origin).toMatchObject({ latitude: here.latitude, longitude: here.longitude });
    // A session cookie that no longer signs anyone in: CloudFront keys it as a member's, so it is not kept either.
    const stale = await call<NearYou>('GET', `/api/nearby/near-you?lat=${here.latitude}&long=${here.longitude}`, { headers: { cookie: `${ACCESS_COOKIE}=stale` } });
    expect(stale.status).toBe(200);
    expect(stale.headers.get('cache-control')).toBe('no-store');
    // A query CloudFront keyed apart (`invalid`: its key names no cell) that the API reads all the same: not kept.
    const odd = await call<NearYou>('GET', '/api/nearby/near-you?radiusKm=2e1', { headers: { [NEAR_YOU_CELL_HEADER]: NEAR_YOU_INVALID } });
    expect(odd.status).toBe(200);
    expect(odd.headers.get('cache-control')).toBe('no-store');
  });
});

describe('deleting a page', () => {
  it('removes its images first, then frees its handle, drops its tag links, and sweeps its posts and members', async () => {
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const id = randomUUID();
    const avatar = await uploadPageImage(a, id);
    const tag = uniqueTag();
    const p = await newPage(a, { id, avatar, tags: [tag] });
    await join(b, p.id);
    const news = await as<{ post: PostView }>(a.browser, 'POST', '/api/iam/posts/new', { id: randomUUID(), text: 'bye', tags: [], photos: [], privacy: 'public', pageId: p.id });
    expect((await as(b.browser, 'DELETE', '/api/iam/pages/page', { pageId: p.id })).status).toBe(403);
    const res = await as(a.browser, 'DELETE', '/api/iam/pages/page', { pageId: p.id });
    expect(res.status).toBe(200);
    expect(await objectExists(avatar)).toBe(false);
    expect(await getItem(`handle#${p.handle}`, 'handle')).toBeUndefined();
    expect(await queryPartition(`tagpages#${tag}`)).toEqual([]);
    expect(await getItem('tags', `tag#${tag}`)).toMatchObject({ usageCount: 0 });
    expect(await queryPartition(`page#${p.id}`)).toEqual([expect.objectContaining({ sk: 'page', deletedAt: expect.any(String) })]);
    expect(await getItem(`post#${news.data.post.id}`, 'post')).toBeUndefined();
    expect((await call('GET', `/api/page/all-details/${p.handle}`)).status).toBe(404);
    expect((await as<PageCards>(b.browser, 'GET', `/api/iam/pages/get-all-by-user/${b.uuid}`)).data.pages).toEqual([]);
  });
});

describe('what an outside review tried', () => {
  it('adds a tag to a page that has tags (a kept tag\'s link is not written twice in one transaction)', async () => {
    const a = await registeredUser();
    const [t1, t2] = [uniqueTag(), uniqueTag()];
    const p = await newPage(a, { tags: [t1] });
    const res = await as<{ page: PageView }>(a.browser, 'POST', '/api/iam/pages/connect-tags', { pageId: p.id, tagIdArr: [t2] });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.data.page.tags).toEqual([t1, t2]);
    expect((await call<PageCards>('GET', `/api/page/get-all/${t1}`)).data.pages.map((x) => x.id)).toEqual([p.id]);
    expect((await as(a.browser, 'PUT', '/api/iam/pages/update', { pageId: p.id, name: 'Renamed Growers' })).status).toBe(200);
    expect(await queryPartition(`tagpages#${t2}`)).toEqual([expect.objectContaining({ sk: `renamed growers#${p.id}` })]);
  });

  it('stops a removed moderator from rewriting or hiding the news they posted as the page; news is never private', async () => {
    const [a, mod] = await Promise.all([registeredUser(), registeredUser()]);
    const p = await newPage(a);
    await withRole(a, mod, p.id, 'moderator');
    const hidden = await as(mod.browser, 'POST', '/api/iam/posts/new', { id: randomUUID(), text: 'secret', tags: [], photos: [], privacy: 'private', pageId: p.id });
    expect(hidden.status).toBe(400);
    const news = await as<{ post: PostView }>(mod.browser, 'POST', '/api/iam/posts/new', { id: randomUUID(), text: 'Open day', tags: [], photos: [], privacy: 'public', pageId: p.id });
    expect((await as(mod.browser, 'PUT', '/api/iam/posts/privacy', { id: news.data.post.id, uuid: mod.uuid, privacy: 'private' })).status).toBe(400);
    expect((await as(a.browser, 'DELETE', '/api/iam/pages/member', { pageId: p.id, userId: mod.uuid })).status).toBe(200);
    const edit = await as(mod.browser, 'PUT', '/api/iam/posts/update/textandtags', { postId: news.data.post.id, userId: mod.uuid, text: 'DEFACED', tags: [] });
    expect(edit.status).toBe(403);
    expect(await getItem(`post#${news.data.post.id}`, 'post')).toMatchObject({ text: 'Open day', privacy: 'public' });
  });

  it('stops a removed author from deleting the news they posted as the page; its staff still may', async () => {
    const [a, mod] = await Promise.all([registeredUser(), registeredUser()]);
    const p = await newPage(a);
    await withRole(a, mod, p.id, 'moderator');
    const news = await as<{ post: PostView }>(mod.browser, 'POST', '/api/iam/posts/new', { id: randomUUID(), text: 'Open day', tags: [], photos: [], privacy: 'public', pageId: p.id });
    expect(news.status).toBe(201);
    expect((await as(a.browser, 'DELETE', '/api/iam/pages/member', { pageId: p.id, userId: mod.uuid })).status).toBe(200);
    const gone = await as(mod.browser, 'DELETE', '/api/iam/posts', { postId: news.data.post.id, userId: mod.uuid });
    expect(gone.status).toBe(403);
    expect((await getItem(`post#${news.data.post.id}`, 'post'))!.deletedAt).toBeUndefined();
    expect((await as(a.browser, 'DELETE', '/api/iam/posts', { postId: news.data.post.id, userId: a.uuid })).status).toBe(200);
    expect((await as(a.browser, 'GET', `/api/iam/posts/${news.data.post.id}`)).status).toBe(404);
  });

  it('lets an admin step down to moderator while another admin remains', async () => {
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const p = await newPage(a);
    await withRole(a, b, p.id, 'admin');
    const res = await as<MembershipAnswer>(b.browser, 'PUT', '/api/iam/pages/member-role', { pageId: p.id, userId: b.uuid, role: 'moderator' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await stored(p.id)).toMatchObject({ adminCount: 1 });
  });

  it('limits invitations of one member to one page: an invite-remove loop stops notifying', async () => {
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const p = await newPage(a, { openness: 'invite' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await as(a.browser, 'POST', '/api/iam/pages/invite', { pageId: p.id, userId: b.uuid })).status);
      await as(a.browser, 'DELETE', '/api/iam/pages/member', { pageId: p.id, userId: b.uuid });
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const notes = await as<{ notifications: { kind: string }[] }>(b.browser, 'GET', '/api/iam/notifications/all');
    expect(notes.data.notifications.filter((n) => n.kind === 'page-invite')).toHaveLength(3);
  });

  it('tells no one of an invitation or a join request when either side blocks the other; both still succeed', async () => {
    const notices = async (who: TestUser, kind: string, pageId: string) =>
      (await as<{ notifications: { kind: string; targetId: string }[] }>(who.browser, 'GET', '/api/iam/notifications/all')).data.notifications.filter((n) => n.kind === kind && n.targetId === pageId);
    // The member blocks the inviter: the invitation stands, unannounced.
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const p = await newPage(a, { openness: 'invite' });
    expect((await as(b.browser, 'POST', '/api/iam/blocks/new', { userId: a.uuid })).status).toBe(200);
    const invited = await as<MembershipAnswer>(a.browser, 'POST', '/api/iam/pages/invite', { pageId: p.id, userId: b.uuid });
    expect(invited.status).toBe(200);
    expect(await getItem(`page#${p.id}`, `member#${b.uuid}`)).toMatchObject({ status: 'invited' });
    expect(await notices(b, 'page-invite', p.id)).toEqual([]);
    // The creator blocks a member: the member's request is recorded, the creator is not told.
    const [c, d] = await Promise.all([registeredUser(), registeredUser()]);
    const q = await newPage(c, { openness: 'moderated' });
    expect((await as(c.browser, 'POST', '/api/iam/blocks/new', { userId: d.uuid })).status).toBe(200);
    const asked = await as<MembershipAnswer>(d.browser, 'POST', '/api/iam/pages/join', { pageId: q.id });
    expect(asked.status).toBe(200);
    expect(await getItem(`page#${q.id}`, `member#${d.uuid}`)).toMatchObject({ status: 'requested' });
    expect(await notices(c, 'page-request', q.id)).toEqual([]);
    // Without a block, both are told as before.
    const e = await registeredUser();
    expect((await as(a.browser, 'POST', '/api/iam/pages/invite', { pageId: p.id, userId: e.uuid })).status).toBe(200);
    expect(await notices(e, 'page-invite', p.id)).toHaveLength(1);
    expect((await as(e.browser, 'POST', '/api/iam/pages/join', { pageId: q.id })).status).toBe(200);
    expect(await notices(c, 'page-request', q.id)).toHaveLength(1);
  });

  it('pages members past the first page with the cursor it hands out', async () => {
    const a = await registeredUser();
    const p = await newPage(a);
    const others = await Promise.all(Array.from({ length: 20 }, () => registeredUser()));
    await Promise.all(others.map((o) => join(o, p.id)));
    const first = await as<PageMembers>(a.browser, 'GET', `/api/iam/pages/members/${p.id}`);
    expect(first.data.members).toHaveLength(20);
    expect(first.data.cursorId).not.toBeNull();
    const second = await as<PageMembers>(a.browser, 'GET', `/api/iam/pages/members/${p.id}?cursorId=${first.data.cursorId}`);
    expect(second.status, JSON.stringify(second.json)).toBe(200);
    expect(new Set([...first.data.members, ...second.data.members].map((m) => m.user.uuid)).size).toBe(21);
  });

  it('acts on a site admin\'s powers only while they hold them: a demoted admin\'s old cookie cannot delete a page', async () => {
    const [a, boss] = await Promise.all([registeredUser(), admin()]);
    const p = await newPage(a);
    const promoted = await registeredUser();
    expect((await as(boss.browser, 'PUT', `/api/iam/users/${promoted.uuid}`, { is_admin: true })).status).toBe(200);
    const asAdmin = await signInAgain(promoted);
    expect((await as(boss.browser, 'PUT', `/api/iam/users/${promoted.uuid}`, { is_admin: false })).status).toBe(200);
    const res = await as(asAdmin.browser, 'DELETE', '/api/iam/pages/page', { pageId: p.id });
    expect([401, 403]).toContain(res.status);
    expect(await stored(p.id)).not.toHaveProperty('deletedAt');
  });

  it('never gives a deleted page\'s id to a new page (its item stays as a tombstone)', async () => {
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const p = await newPage(a);
    expect((await as(a.browser, 'DELETE', '/api/iam/pages/page', { pageId: p.id })).status).toBe(200);
    expect(await stored(p.id)).toHaveProperty('deletedAt');
    expect((await as(b.browser, 'POST', '/api/iam/pages/new', { id: p.id, handle: uniqueHandle(), name: 'Reuse' })).status).toBe(409);
  });
});

describe('deleting the account of a page\'s member', () => {
  it('waits while the member alone runs a page; afterwards their memberships go and the pages\' counts follow', async () => {
    const [a, b, c] = await Promise.all([registeredUser(), registeredUser(), registeredUser()]);
    const p = await newPage(a);
    const q = await newPage(b, { openness: 'moderated' });
    await join(a, q.id);
    await join(c, p.id);
    const refused = await as(a.browser, 'DELETE', '/api/iam/authn/delete', { uuid: a.uuid });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ error: { message: expect.stringContaining(`@${p.handle}`) } });
    expect(await getItem(`user#${a.uuid}`, 'profile')).not.toHaveProperty('deletedAt');
    // Another admin named: the account goes, and with it A's membership and request.
    expect((await as(a.browser, 'PUT', '/api/iam/pages/member-role', { pageId: p.id, userId: c.uuid, role: 'admin' })).status).toBe(200);
    expect((await as(a.browser, 'DELETE', '/api/iam/authn/delete', { uuid: a.uuid })).status).toBe(200);
    expect(await getItem(`page#${p.id}`, `member#${a.uuid}`)).toBeUndefined();
    expect(await getItem(`page#${q.id}`, `member#${a.uuid}`)).toBeUndefined();
    expect(await stored(p.id)).toMatchObject({ memberCount: 1, adminCount: 1 });
    expect(await stored(q.id)).toMatchObject({ memberCount: 1, requestCount: 0 });
  });

  it('keeps an admin when the page\'s two admins delete their accounts at the same moment: one goes, the other is refused', async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
      const p = await newPage(a);
      await withRole(a, b, p.id, 'admin');
      expect(await stored(p.id)).toMatchObject({ adminCount: 2 });
      const [ra, rb] = await Promise.all([
        as(a.browser, 'DELETE', '/api/iam/authn/delete', { uuid: a.uuid }),
        as(b.browser, 'DELETE', '/api/iam/authn/delete', { uuid: b.uuid }),
      ]);
      expect([ra.status, rb.status].sort()).toEqual([200, 409]);
      const page = await stored(p.id);
      expect(page).toMatchObject({ adminCount: 1, memberCount: 1 });
      const kept = ra.status === 409 ? a : b;
      expect(await getItem(`page#${p.id}`, `member#${kept.uuid}`)).toMatchObject({ role: expect.stringMatching(/creator|admin/) });
    }
  });
});

describe('POST /api/iam/emails/new-page', () => {
  it('tells the site\'s admins once per page, and only when a page admin asks', async () => {
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const p = await newPage(a, { name: `Mail test ${randomUUID().slice(0, 8)}` });
    expect((await as(b.browser, 'POST', '/api/iam/emails/new-page', { pageId: p.id })).status).toBe(403);
    expect((await as(a.browser, 'POST', '/api/iam/emails/new-page', { pageId: p.id })).data).toEqual({ sent: true });
    expect((await as(a.browser, 'POST', '/api/iam/emails/new-page', { pageId: p.id })).data).toEqual({ sent: false });
    expect((await outbox()).filter((m) => m.subject === `New page: ${p.name}`).length).toBeGreaterThanOrEqual(1);
  });
});
