/** User settings over real HTTP: defaults, idempotent creation, partial updates, and the listing settings moving the user in the indexes. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS, type UserSettings } from '../../shared/schemas/users';
import { as } from '../support/accounts';
import { call } from '../support/api';
import { getItem } from '../support/db';
import { offset, randomPlace } from '../support/geo';
import { allPages, registeredUser, type TestUser } from '../support/users';

const SETTINGS = '/api/iam/users/user-settings';
const UPDATE = '/api/iam/users/update-user-settings';
const CREATE = '/api/iam/users/create-user-settings';

const storedSettings = (u: TestUser) => getItem(`user#${u.uuid}`, 'settings');
const storedUser = (u: TestUser) => getItem(`user#${u.uuid}`, 'profile');
const directory = () => allPages<{ uuid: string }>((q) => call('GET', `/api/users${q}`), 'users');

async function nearbyUuids(viewer: TestUser, at: { latitude: number; longitude: number }): Promise<string[]> {
  const res = await as<{ users: { uuid: string }[] }>(viewer.browser, 'PUT', '/api/users/nearby', { ...at, radiusKm: 5 });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.data.users.map((u) => u.uuid);
}

describe('GET /api/iam/users/user-settings', () => {
  it('answers the defaults while nothing is stored, and stores nothing', async () => {
    const u = await registeredUser();
    const res = await as<UserSettings>(u.browser, 'GET', SETTINGS);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ ...DEFAULT_USER_SETTINGS, calendarFeedUrl: null });
    expect(await storedSettings(u)).toBeUndefined();
  });

  it('answers what was stored', async () => {
    const u = await registeredUser();
    await as(u.browser, 'PUT', UPDATE, { units: 'imperial' });
    const res = await as<UserSettings>(u.browser, 'GET', SETTINGS);
    expect(res.data).toEqual({ ...DEFAULT_USER_SETTINGS, units: 'imperial', calendarFeedUrl: null });
  });

  it('refuses query parameters it does not know, naming them', async () => {
    const u = await registeredUser();
    const res = await as(u.browser, 'GET', `${SETTINGS}?userId=someone-else`);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { field: 'userId' } });
  });
});

describe('POST /api/iam/users/create-user-settings', () => {
  it('stores the defaults once (201) and then answers them unchanged (200)', async () => {
    const u = await registeredUser();
    const first = await as<UserSettings>(u.browser, 'POST', CREATE, {});
    expect(first.status).toBe(201);
    expect(first.data).toEqual(DEFAULT_USER_SETTINGS);
    expect(await storedSettings(u)).toMatchObject({ ...DEFAULT_USER_SETTINGS, userId: u.uuid });

    await as(u.browser, 'PUT', UPDATE, { nearby_radius_km: 100 });
    const again = await as<UserSettings>(u.browser, 'POST', CREATE, {});
    expect(again.status).toBe(200);
    expect(again.data.nearby_radius_km).toBe(100);
    expect(await storedSettings(u)).toMatchObject({ nearby_radius_km: 100 });
  });

  it('refuses a body with fields, naming the field', async () => {
    const u = await registeredUser();
    const res = await as(u.browser, 'POST', CREATE, { units: 'imperial' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { field: 'units' } });
    expect(await storedSettings(u)).toBeUndefined();
  });
});

describe('PUT /api/iam/users/update-user-settings', () => {
  it('changes only the fields given', async () => {
    const u = await registeredUser();
    const res = await as<UserSettings>(u.browser, 'PUT', UPDATE, { units: 'imperial', notify_email_comments: false });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ ...DEFAULT_USER_SETTINGS, units: 'imperial', notify_email_comments: false });
    const next = await as<UserSettings>(u.browser, 'PUT', UPDATE, { nearby_radius_km: 10 });
    expect(next.data).toEqual({ ...DEFAULT_USER_SETTINGS, units: 'imperial', notify_email_comments: false, nearby_radius_km: 10 });
    expect(await storedSettings(u)).toMatchObject({ units: 'imperial', notify_email_comments: false, nearby_radius_km: 10 });
  });

  it('keeps both of two concurrent changes of different fields', async () => {
    const u = await registeredUser();
    await Promise.all([as(u.browser, 'PUT', UPDATE, { units: 'imperial' }), as(u.browser, 'PUT', UPDATE, { notify_email_events: false })]);
    expect(await storedSettings(u)).toMatchObject({ units: 'imperial', notify_email_events: false });
  });

  it.each([
    [{ nearby_radius_km: 7 }, 'nearby_radius_km', 'nearby_radius_km must be one of 1, 5, 10, 25, 50, 100'],
    [{ units: 'kelvin' }, 'units', 'units must be metric or imperial'],
    [{ show_in_nearby: 'no' }, 'show_in_nearby', 'show_in_nearby must be true or false'],
    [{ theme: 'dark' }, 'theme', 'theme is not an accepted field'],
  ])('refuses %j with 400 naming the field and changes nothing', async (body, field, message) => {
    const u = await registeredUser();
    await as(u.browser, 'POST', CREATE, {});
    const res = await as(u.browser, 'PUT', UPDATE, body);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { field, message } });
    expect(await storedSettings(u)).toMatchObject(DEFAULT_USER_SETTINGS);
  });

  it('show_in_nearby false drops the user from nearby searches (and the geo indexes); true brings them back', async () => {
    const place = randomPlace();
    const hidden = await registeredUser(place);
    const viewer = await registeredUser(offset(place, 1));
    expect(await nearbyUuids(viewer, place)).toContain(hidden.uuid);

    const off = await as<UserSettings>(hidden.browser, 'PUT', UPDATE, { show_in_nearby: false });
    expect(off.data.show_in_nearby).toBe(false);
    const stored = await storedUser(hidden);
    expect(stored).toMatchObject({ nearbyVisible: false });
    expect(stored).not.toHaveProperty('geo5pk');
    expect(stored).not.toHaveProperty('geo3pk');
    expect(await nearbyUuids(viewer, place)).not.toContain(hidden.uuid);

    await as(hidden.browser, 'PUT', UPDATE, { show_in_nearby: true });
    expect(await storedUser(hidden)).toMatchObject({ nearbyVisible: true, geo5pk: expect.stringMatching(/^user#/) });
    expect(await nearbyUuids(viewer, place)).toContain(hidden.uuid);
  });

  it('show_in_directory false takes the user out of the public directory index; true puts them back', async () => {
    const u = await registeredUser();
    expect(await storedUser(u)).toMatchObject({ pubpk: 'users#directory' });
    await as(u.browser, 'PUT', UPDATE, { show_in_directory: false });
    const hidden = await storedUser(u);
    expect(hidden).toMatchObject({ directoryVisible: false });
    expect(hidden).not.toHaveProperty('pubpk');
    expect((await directory()).map((x) => x.uuid)).not.toContain(u.uuid);
    await as(u.browser, 'PUT', UPDATE, { show_in_directory: true });
    expect(await storedUser(u)).toMatchObject({ directoryVisible: true, pubpk: 'users#directory' });
    expect((await directory()).map((x) => x.uuid)).toContain(u.uuid);
  });

  it('changing other settings leaves the user item alone', async () => {
    const u = await registeredUser();
    const before = await storedUser(u);
    await as(u.browser, 'PUT', UPDATE, { units: 'imperial', show_in_nearby: true });
    expect((await storedUser(u))!.updatedAt).toBe(before!.updatedAt);
  });
});
