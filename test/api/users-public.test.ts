/** The public user routes: the directory, a profile by uuid, members nearby, and a guest's place. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { coarsen, distanceKm } from '../../shared/geohash';
import type { Profile } from '../../shared/answers/auth';
import type { MemberProfile, PublicUser } from '../../shared/answers/users';
import type { PublicSite } from '../../shared/site';
import { as, newBrowser, signUp } from '../support/accounts';
import { call } from '../support/api';
import { offset, randomPlace } from '../support/geo';
import { join, newPage } from '../support/pages';
import { admin, allPages, lastSmsTo, registeredUser, signInAgain, unregisteredUser, type TestUser } from '../support/users';

const PUBLIC_FIELDS = ['uuid', 'username', 'first_name', 'last_name', 'avatar', 'bio', 'suburb_city', 'state', 'country'].sort();
const directory = () => allPages<PublicUser>((q) => call('GET', `/api/users${q}`), 'users');

describe('GET /api/users', () => {
  it('pages through registered members newest first, every one exactly once, showing only public fields', async () => {
    const made = [await registeredUser(), await registeredUser()];
    const firstPage = () => call<{ users: PublicUser[]; cursorId: string | null }>('GET', '/api/users');
    while (!(await firstPage()).data.cursorId) made.push(await registeredUser()); // at least two pages
    const first = await firstPage();
    expect(first.data.users).toHaveLength(20);
    for (const u of first.data.users) expect(Object.keys(u).sort()).toEqual(PUBLIC_FIELDS);

    const all = await directory();
    const uuids = all.map((u) => u.uuid);
    expect(new Set(uuids).size).toBe(uuids.length);
    const positions = made.map((m) => uuids.indexOf(m.uuid));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => b - a)).toEqual(positions);
    expect(all.find((u) => u.uuid === made[0]!.uuid)).toMatchObject({ username: made[0]!.profile.username, first_name: 'Ada', suburb_city: 'Newtown' });
    expect(JSON.stringify(all)).not.toMatch(/email|latitude|longitude|passwordHash/);
  });

  it('leaves out unregistered accounts, members who chose not to be listed, and suspended members', async () => {
    const pending = await unregisteredUser();
    const unlisted = await registeredUser();
    await as(unlisted.browser, 'PUT', '/api/iam/users/update-user-settings', { show_in_directory: false });
    const suspended = await registeredUser();
    await as((await admin()).browser, 'PUT', `/api/iam/users/${suspended.uuid}`, { suspended: true });
    const listed = await registeredUser();
    const uuids = (await directory()).map((u) => u.uuid);
    expect(uuids).toContain(listed.uuid);
    expect(uuids).not.toContain(pending.uuid);
    expect(uuids).not.toContain(unlisted.uuid);
    expect(uuids).not.toContain(suspended.uuid);
  });

  it('refuses a cursor that is not one of its own, and unknown parameters', async () => {
    const forged = Buffer.from(JSON.stringify({ pubpk: 'users#directory', pk: 'user#x', sk: 'profile', pubsk: 5 })).toString('base64url');
    const res = await call('GET', `/api/users?cursorId=${forged}`);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { field: 'cursorId' } });
    expect((await call('GET', '/api/users?take=5')).json).toMatchObject({ error: { field: 'take' } });
  });
});

describe('GET /api/user/get-user-by-uuid/{uuid}', () => {
  it('answers a member\'s public profile to guests', async () => {
    const u = await registeredUser({ first_name: 'grace' });
    const res = await call<PublicUser>('GET', `/api/user/get-user-by-uuid/${u.uuid}`);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      uuid: u.uuid,
      username: u.profile.username,
      first_name: 'Grace',
      last_name: 'Lovelace',
      avatar: null,
      bio: null,
      suburb_city: 'Newtown',
      state: 'NSW',
      country: 'Australia',
      motivations: ['swap'],
      phone_verified: false,
      member_since: u.profile.created_at,
      pages: null,
    });
  });

  /** Verifies a phone number on the account as the member does (the texted code). */
  async function verifyPhone(u: TestUser): Promise<string> {
    const phoneNo = `+61412${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    const started = await as<{ recordId: string }>(u.browser, 'POST', '/api/iam/authn/init-phone-and-check', { phoneNo, userId: u.uuid });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const code = /\b(\d{6})\b/.exec((await lastSmsTo(phoneNo)) ?? '')?.[1];
    const confirmed = await as(u.browser, 'PUT', '/api/iam/authn/confirm-phone-and-record', { phoneNo, userId: u.uuid, recordId: started.data.recordId, code });
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    return phoneNo;
  }

  it('tells what the forms say others see: motivations, a verified phone (never the number), when they joined, and to members the pages they belong to', async () => {
    const u = await registeredUser({ motivations: ['learn', 'give-away'] });
    await as(u.browser, 'PUT', '/api/iam/authn/update', { bio: 'Ferns on a shady balcony.' });
    const phoneNo = await verifyPhone(u);
    const other = await registeredUser();
    const own = await newPage(u, { name: 'Balcony Ferns' });
    const joined = await newPage(other, { name: 'Wattle Lane Garden' });
    await join(u, joined.id);
    const asked = await newPage(other, { name: 'Closed Circle', openness: 'moderated' });
    expect(JSON.stringify((await as(u.browser, 'POST', '/api/iam/pages/join', { pageId: asked.id })).json)).toContain('"requested"');
    const gone = await newPage(other, { name: 'Gone Garden' });
    await join(u, gone.id);
    expect((await as(other.browser, 'DELETE', '/api/iam/pages/page', { pageId: gone.id })).status).toBe(200);

    const seen = await as<MemberProfile>(other.browser, 'GET', `/api/user/get-user-by-uuid/${u.uuid}`);
    expect(seen.status).toBe(200);
    expect(seen.data).toMatchObject({ bio: 'Ferns on a shady balcony.', suburb_city: 'Newtown', phone_verified: true, member_since: u.profile.created_at });
    expect([...seen.data.motivations!].sort()).toEqual(['give-away', 'learn']);
    // Newest membership first; a join request and a deleted page are not memberships shown.
    expect(seen.data.pages).toEqual([
      { id: joined.id, handle: joined.handle, name: 'Wattle Lane Garden' },
      { id: own.id, handle: own.handle, name: 'Balcony Ferns' },
    ]);
    const guest = await call<MemberProfile>('GET', `/api/user/get-user-by-uuid/${u.uuid}`);
    expect(guest.data).toMatchObject({ phone_verified: true, pages: null });
    for (const answer of [seen.json, guest.json]) {
      const text = JSON.stringify(answer);
      expect(text).not.toContain(phoneNo.slice(3));
      expect(text).not.toMatch(/email|phone"|latitude|longitude/);
    }
  });

  it('names at most 20 pages, the newest memberships', async () => {
    const u = await registeredUser();
    // A member starts a few pages a day: five of them start the 21 pages u joins.
    const founders = await Promise.all([0, 1, 2, 3, 4].map(() => registeredUser()));
    for (let i = 0; i < 21; i++) await join(u, (await newPage(founders[i % 5]!, { name: `Garden ${i}` })).id);
    const seen = await as<MemberProfile>((await registeredUser()).browser, 'GET', `/api/user/get-user-by-uuid/${u.uuid}`);
    expect(seen.data.pages).toHaveLength(20);
    expect(seen.data.pages![0]!.name).toBe('Garden 20');
  });

  it('tells no more of a suspended member than before: the new fields are null', async () => {
    const u = await registeredUser();
    await newPage(u);
    await as((await admin()).browser, 'PUT', `/api/iam/users/${u.uuid}`, { suspended: true });
    const seen = await as<MemberProfile>((await registeredUser()).browser, 'GET', `/api/user/get-user-by-uuid/${u.uuid}`);
    expect(seen.status).toBe(200);
    expect(seen.data).toMatchObject({ username: u.profile.username, suburb_city: 'Newtown', motivations: null, phone_verified: null, member_since: null, pages: null });
  });

  it('answers 404 for an unknown uuid and for an account not registered yet, 400 for a malformed uuid', async () => {
    expect((await call('GET', `/api/user/get-user-by-uuid/${randomUUID()}`)).status).toBe(404);
    const pending = await unregisteredUser();
    expect((await call('GET', `/api/user/get-user-by-uuid/${pending.uuid}`)).status).toBe(404);
    const bad = await call('GET', '/api/user/get-user-by-uuid/1234');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { field: 'uuid' } });
  });
});

describe('PUT /api/users/nearby', () => {
  type Near = PublicUser & { distance_km: number; cell: { latitude: number; longitude: number } };

  it('answers members within the radius, nearest first, with rounded distances and only their ~1 km cell, never their place; not the caller', async () => {
    const centre = randomPlace();
    const viewer = await registeredUser(centre);
    const near = await registeredUser(offset(centre, 3.2));
    const mid = await registeredUser(offset(centre, -14, 9));
    const far = await registeredUser(offset(centre, 40, 0));
    const res = await as<{ users: Near[]; radius_km: number }>(viewer.browser, 'PUT', '/api/users/nearby', { ...centre, radiusKm: 25 });
    expect(res.status).toBe(200);
    expect(res.data.radius_km).toBe(25);
    const uuids = res.data.users.map((u) => u.uuid);
    expect(uuids).toEqual([near.uuid, mid.uuid]);
    expect(uuids).not.toContain(far.uuid);
    expect(uuids).not.toContain(viewer.uuid);
    // Distances are measured to the centre of each member's ~1 km cell, never their exact home.
    expect(res.data.users[0]!.distance_km).toBe(Math.round(distanceKm(centre, coarsen(offset(centre, 3.2)))));
    expect(res.data.users[1]!.distance_km).toBe(Math.round(distanceKm(centre, coarsen(offset(centre, -14, 9)))));
    for (const u of res.data.users) {
      expect(Object.keys(u).sort()).toEqual([...PUBLIC_FIELDS, 'distance_km', 'cell'].sort());
      expect(Number.isInteger(u.distance_km)).toBe(true);
    }
    // A map shows each member at the centre of their ~1 km cell: the only position answered.
    expect(res.data.users[0]!.cell).toEqual(coarsen(offset(centre, 3.2)));
    expect(JSON.stringify(res.data.users.map(({ cell: _, ...rest }) => rest))).not.toMatch(/latitude|longitude|geohash|email/);
  });

  it('finds members across cell edges: every member within the radius, none beyond it', async () => {
    const centre = randomPlace();
    const viewer = await registeredUser(centre);
    // Clear of the radius by more than a cell, inside and out, so the ~1 km coarsening cannot move anyone across it.
    const points = [offset(centre, 0, 3.6), offset(centre, 0, -3.6), offset(centre, 3.6, 0), offset(centre, -2.5, -2.5), offset(centre, 0, 6.4), offset(centre, 6.5, 0)];
    const members = [];
    for (const p of points) members.push({ user: await registeredUser(p), km: distanceKm(centre, coarsen(p)) });
    const res = await as<{ users: Near[] }>(viewer.browser, 'PUT', '/api/users/nearby', { ...centre, radiusKm: 5 });
    const inside = members.filter((m) => m.km <= 5).map((m) => m.user.uuid).sort();
    expect(res.data.users.map((u) => u.uuid).sort()).toEqual(inside);
    expect(inside).toHaveLength(4);
    expect(res.data.users.every((u) => u.distance_km <= 5)).toBe(true);
  });

  it('uses the caller\'s nearby radius setting when no radius is given', async () => {
    const centre = randomPlace();
    const viewer = await registeredUser(centre);
    const close = await registeredUser(offset(centre, 2));
    const further = await registeredUser(offset(centre, 20));
    const byDefault = await as<{ users: Near[]; radius_km: number }>(viewer.browser, 'PUT', '/api/users/nearby', centre);
    expect(byDefault.data.radius_km).toBe(25);
    expect(byDefault.data.users.map((u) => u.uuid)).toEqual([close.uuid, further.uuid]);
    await as(viewer.browser, 'PUT', '/api/iam/users/update-user-settings', { nearby_radius_km: 5 });
    const narrow = await as<{ users: Near[]; radius_km: number }>(viewer.browser, 'PUT', '/api/users/nearby', centre);
    expect(narrow.data.radius_km).toBe(5);
    expect(narrow.data.users.map((u) => u.uuid)).toEqual([close.uuid]);
  });

  it('leaves out unregistered accounts that have a location', async () => {
    const centre = randomPlace();
    const viewer = await registeredUser(centre);
    const pending = await unregisteredUser();
    expect((await as(pending.browser, 'PUT', '/api/iam/authn/update', offset(centre, 1))).status).toBe(200);
    const res = await as<{ users: Near[] }>(viewer.browser, 'PUT', '/api/users/nearby', { ...centre, radiusKm: 5 });
    expect(res.data.users.map((u) => u.uuid)).not.toContain(pending.uuid);
  });

  it('is for members only: an unverified sign-up, an unfinished registration and a suspended member get 403 (access: reg)', async () => {
    const centre = randomPlace();
    await registeredUser(offset(centre, 1));
    const unverified = newBrowser();
    const { email, password } = await signUp();
    const login = await as<Profile>(unverified, 'POST', '/api/iam/authn/login', { email, password });
    unverified.csrf = login.data.csrf_token;
    const pending = await unregisteredUser();
    const suspended = await registeredUser(centre);
    expect((await as((await admin()).browser, 'PUT', `/api/iam/users/${suspended.uuid}`, { suspended: true })).status).toBe(200);
    const stale = await signInAgain(suspended);
    for (const b of [unverified, pending.browser, stale.browser]) {
      const res = await as<{ users: Near[] }>(b, 'PUT', '/api/users/nearby', { ...centre, radiusKm: 5 });
      expect(res.status).toBe(403);
      expect(res.data).toBeUndefined();
    }
  });

  it('refuses missing or out-of-range coordinates and radii, naming the field', async () => {
    const viewer = await registeredUser();
    for (const [body, field] of [
      [{ longitude: 10 }, 'latitude'],
      [{ latitude: 91, longitude: 10 }, 'latitude'],
      [{ latitude: 10, longitude: '10' }, 'longitude'],
      [{ latitude: 10, longitude: 10, radiusKm: 0 }, 'radiusKm'],
      [{ latitude: 10, longitude: 10, radiusKm: 5000 }, 'radiusKm'],
      [{ latitude: 10, longitude: 10, userId: viewer.uuid }, 'userId'],
    ] as const) {
      const res = await as(viewer.browser, 'PUT', '/api/users/nearby', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toMatchObject({ error: { field } });
    }
  });
});

describe('GET /api/location/from-ip', () => {
  it('answers the site\'s default place locally (CloudFront headers from a viewer are not trusted)', async () => {
    const site = await call<PublicSite>('GET', '/api/site-settings/get-site');
    const res = await call('GET', '/api/location/from-ip', {
      headers: { 'cloudfront-viewer-latitude': '48.85', 'cloudfront-viewer-longitude': '2.35', 'cloudfront-viewer-city': 'Paris', 'cloudfront-viewer-country': 'FR' },
    });
    expect(res.status).toBe(200);
    const { latitude, longitude, suburb_city, state, country } = site.data.defaultLocation;
    expect(res.data).toEqual({ latitude, longitude, suburb_city, state, country, source: 'site' });
  });

  it('refuses query parameters', async () => {
    const res = await call('GET', '/api/location/from-ip?ip=1.2.3.4');
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { field: 'ip' } });
  });
});
