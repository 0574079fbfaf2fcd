/**
 * Plant listings follow their owner: a listing carries the owner's ~1 km cell (none while they
 * hide from nearby searches), so when the owner turns "show me nearby" off, or moves, their
 * existing listings are rewritten to the new place (or to none). Locally the request does it
 * in-process; in the cloud the request only records a relisting job, and the table's stream
 * runs functions/system/relist-plants.ts, driven here with a stream record built from the job
 * item as the stream would deliver it.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_COOKIE } from '../../shared/constants';
import { coarsen, encodeGeohash } from '../../shared/geohash';
import type { GeoPoint } from '../../shared/site';
import { as } from '../support/accounts';
import { call } from '../support/api';
import { newPlant, uploadPhoto } from '../support/content';
import { newPage } from '../support/pages';
import { getItem, liveFamilyIdOf } from '../support/db';
import { offset, randomPlace } from '../support/geo';
import { useHostTableAndBucket } from '../support/host-env';
import { streamRecords } from '../support/stream';
import { registeredUser, type TestUser } from '../support/users';

/** Points this worker's own copy of the domain code at the test host's table, as the host does for handlers. */
beforeAll(() => {
  useHostTableAndBucket({ LOG_LEVEL: 'CRITICAL' });
  delete process.env.SWEEPS;
});
afterEach(() => {
  delete process.env.SWEEPS;
});

async function nearbyIds(point: GeoPoint, radiusKm = 5): Promise<string[]> {
  const res = await call<{ plants: { id: string }[] }>('PUT', '/api/plants/avail-nearby', { body: { ...point, radiusKm } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.data.plants.map((p) => p.id);
}

const stored = (id: string) => getItem(`post#${id}`, 'post');

/** What a listing stores for an owner at `home`: the centre of the ~1 km cell and its geohash. */
function listedAt(home: GeoPoint) {
  const cell = coarsen(home);
  return { latitude: cell.latitude, longitude: cell.longitude, geohash: encodeGeohash(cell) };
}

const settings = (u: TestUser, body: object) => as(u.browser, 'PUT', '/api/iam/users/update-user-settings', body);
const moveTo = (u: TestUser, p: GeoPoint) => as(u.browser, 'PUT', '/api/iam/authn/update', { latitude: p.latitude, longitude: p.longitude });

describe('plant listings and "show me nearby"', () => {
  it('leave nearby searches when the owner turns it off, and come back at the owner\'s cell when it is on again', async () => {
    const home = randomPlace();
    const owner = await registeredUser(home);
    const plant = await newPlant(owner);
    const members = await newPlant(owner, { privacy: 'members' });
    expect(await nearbyIds(home)).toContain(plant.id);

    expect((await settings(owner, { show_in_nearby: false })).status).toBe(200);
    expect(await nearbyIds(home)).not.toContain(plant.id);
    for (const id of [plant.id, members.id]) {
      const item = await stored(id);
      for (const field of ['latitude', 'longitude', 'geohash', 'geo5pk', 'geo4pk', 'geo3pk']) expect(item, `${id} ${field}`).not.toHaveProperty(field);
    }

    expect((await settings(owner, { show_in_nearby: true })).status).toBe(200);
    expect(await nearbyIds(home)).toContain(plant.id);
    expect(await stored(plant.id)).toMatchObject(listedAt(home));
    expect(await stored(members.id)).toMatchObject(listedAt(home));
  });
});

describe('plant listings and the owner\'s place', () => {
  it('move to the owner\'s new ~1 km cell when they move, and are no longer found at the old place', async () => {
    const home = randomPlace();
    const away = offset(home, 60, 10);
    const owner = await registeredUser(home);
    const available = await newPlant(owner);
    const taken = await newPlant(owner, { availability: 'Not available' });
    const before = (await stored(available.id))!;
    expect(await nearbyIds(home)).toContain(available.id);

    expect((await moveTo(owner, away)).status).toBe(200);
    expect(await nearbyIds(home, 25)).not.toContain(available.id);
    expect(await nearbyIds(away)).toContain(available.id);
    // Every listing moves, available or not (it is found there once it is available again).
    expect(await stored(available.id)).toMatchObject({ ...listedAt(away), geo5pk: `plant#${listedAt(away).geohash.slice(0, 5)}` });
    expect(await stored(taken.id)).toMatchObject(listedAt(away));
    // Only the place changed: the listing keeps its place in the feeds and its other fields.
    const after = (await stored(available.id))!;
    expect(after).toMatchObject({ updatedAt: before.updatedAt, text: before.text, privacy: before.privacy, memsk: before.memsk });
    expect(after.version).toBe(Number(before.version) + 1);
  });

  it('a hidden owner who moves stays out of nearby searches, and shows up at the new place when shown again', async () => {
    const home = randomPlace();
    const away = offset(home, -40);
    const owner = await registeredUser(home);
    const plant = await newPlant(owner);
    expect((await settings(owner, { show_in_nearby: false })).status).toBe(200);
    expect((await moveTo(owner, away)).status).toBe(200);
    expect(await stored(plant.id)).not.toHaveProperty('geohash');
    expect(await nearbyIds(away)).not.toContain(plant.id);
    expect((await settings(owner, { show_in_nearby: true })).status).toBe(200);
    expect(await nearbyIds(away)).toContain(plant.id);
    expect(await nearbyIds(home, 25)).not.toContain(plant.id);
  });

  it('listings written while the owner moves all end at the new place', async () => {
    const home = randomPlace();
    const away = offset(home, 80);
    const owner = await registeredUser(home);
    const first = await newPlant(owner);
    const racing = Array.from({ length: 6 }, () => newPlant(owner));
    const [moved] = await Promise.all([moveTo(owner, away), ...racing]);
    expect(moved.status).toBe(200);
    const plants = [first, ...(await Promise.all(racing))];
    for (const p of plants) expect(await stored(p.id), p.id).toMatchObject(listedAt(away));
    const found = await nearbyIds(away);
    for (const p of plants) expect(found).toContain(p.id);
    const old = await nearbyIds(home, 25);
    for (const p of plants) expect(old).not.toContain(p.id);
  });
});

describe('relisting in the cloud (the table\'s stream runs the job)', () => {
  /** The stream record DynamoDB writes for the stored item `pk`/`sk` (new image), by default an INSERT. */
  const recordOf = streamRecords(2_000_000, 'INSERT');

  /** Moves the owner as the profile route runs in the cloud (SWEEPS=stream), in this worker. */
  async function moveInCloud(u: TestUser, p: GeoPoint): Promise<void> {
    const { main } = await import('../../functions/auth/handlers/update-profile');
    // The member's own live session (the profile route checks that its family is live).
    const familyId = u.browser.cookies.get(REFRESH_COOKIE)!.split('.')[1]!;
    const session = { userId: u.uuid, familyId, csrfToken: u.csrf, role: 'user', emailVerified: true, registered: true, suspended: false } as const;
    process.env.SWEEPS = 'stream';
    try {
      await main({ input: { latitude: p.latitude, longitude: p.longitude }, session, event: {} as never, clientIp: '127.0.0.1' });
    } finally {
      delete process.env.SWEEPS;
    }
  }

  const plenty = { getRemainingTimeInMillis: () => 600_000 };

  it('the request only records the job; its record moves the listings to where the owner is when it runs, then the job item goes', async () => {
    const home = randomPlace();
    const first = offset(home, 50);
    const second = offset(home, -50);
    const owner = await registeredUser(home);
    const plants = [await newPlant(owner), await newPlant(owner), await newPlant(owner)];

    await moveInCloud(owner, first);
    for (const p of plants) expect(await stored(p.id)).toMatchObject(listedAt(home));
    expect(await getItem(`user#${owner.uuid}`, 'relist')).toMatchObject({ userId: owner.uuid, __edb_e__: 'relistJob' });
    const record = await recordOf(`user#${owner.uuid}`, 'relist');

    // The owner moves again before the stream delivers the first job: the job reads where they are now.
    await moveInCloud(owner, second);
    const { handler } = await import('../../functions/system/stream-dispatch');
    expect(await handler({ Records: [record] }, plenty)).toEqual({ batchItemFailures: [] });
    for (const p of plants) expect(await stored(p.id)).toMatchObject(listedAt(second));
    expect(await nearbyIds(second)).toEqual(expect.arrayContaining(plants.map((p) => p.id)));
    // The first job leaves the second's item alone (it is not the one it was handed).
    expect(await getItem(`user#${owner.uuid}`, 'relist')).toBeDefined();

    // The second move's record finds nothing left to change, and removes its job item.
    const latest = await recordOf(`user#${owner.uuid}`, 'relist', 'MODIFY');
    const versions = await Promise.all(plants.map(async (p) => (await stored(p.id))!.version));
    expect(await handler({ Records: [latest] }, plenty)).toEqual({ batchItemFailures: [] });
    expect(await Promise.all(plants.map(async (p) => (await stored(p.id))!.version))).toEqual(versions);
    expect(await getItem(`user#${owner.uuid}`, 'relist')).toBeUndefined();
  });

  it('a page that moves records its own job; its record moves the page\'s listings to the page\'s new cell', async () => {
    const owner = await registeredUser();
    const first = { latitude: -42.8826, longitude: 147.3257 };
    const then = { latitude: -41.4332, longitude: 147.1441 };
    const page = await newPage(owner, { place: first });
    const plant = await as<{ plant: { id: string } }>(owner.browser, 'POST', '/api/iam/plant/new', {
      id: randomUUID(), plant: { commonName: 'Elkhorn fern', availability: 'Available to swap' }, plant_photos: [{ key: await uploadPhoto(owner) }], tags: [], privacy: 'public', pageId: page.id,
    });
    expect(plant.status, JSON.stringify(plant.json)).toBe(201);
    const { main } = await import('../../functions/pages/handlers/update-page');
    // The owner's own session: a page's powers end with the session (its family is read).
    const session = { userId: owner.uuid, familyId: await liveFamilyIdOf(owner.uuid), csrfToken: owner.csrf, role: 'user', emailVerified: true, registered: true, suspended: false } as const;
    process.env.SWEEPS = 'stream';
    try {
      await main({ input: { pageId: page.id, place: then }, session, event: {} as never, clientIp: '127.0.0.1' });
    } finally {
      delete process.env.SWEEPS;
    }
    expect(await stored(plant.data.plant.id)).toMatchObject(listedAt(first));
    expect(await getItem(`page#${page.id}`, 'relist')).toMatchObject({ userId: page.id, ownerType: 'page' });
    const { handler } = await import('../../functions/system/stream-dispatch');
    expect(await handler({ Records: [await recordOf(`page#${page.id}`, 'relist')] }, plenty)).toEqual({ batchItemFailures: [] });
    expect(await stored(plant.data.plant.id)).toMatchObject(listedAt(then));
    expect(await nearbyIds(then)).toContain(plant.data.plant.id);
    expect(await getItem(`page#${page.id}`, 'relist')).toBeUndefined();
  });

  it('works in bounded pages from a cursor, and out of time hands the rest to the next run through the job item', async () => {
    const home = randomPlace();
    const away = offset(home, 70);
    const owner = await registeredUser(home);
    const plants = [await newPlant(owner), await newPlant(owner), await newPlant(owner)];
    await moveInCloud(owner, away);

    const { relistPlantsOf } = await import('../../functions/listings/relist');
    // One listing per page, stopped after the first page.
    let pages = 0;
    const partial = await relistPlantsOf(owner.uuid, { pageSize: 1, shouldStop: () => pages++ >= 1 });
    expect(partial).toMatchObject({ done: false, moved: 1, cursor: expect.any(String) });
    const places = await Promise.all(plants.map(async (p) => (await stored(p.id))!.geohash));
    expect(places.filter((g) => g === listedAt(away).geohash)).toHaveLength(1);
    const rest = await relistPlantsOf(owner.uuid, { pageSize: 1, cursor: partial.cursor });
    expect(rest).toMatchObject({ done: true, cursor: null, moved: 2 });
    for (const p of plants) expect(await stored(p.id)).toMatchObject(listedAt(away));

    // The handler with too little time left answers the record as failed without starting it.
    const { handler } = await import('../../functions/system/stream-dispatch');
    const record = await recordOf(`user#${owner.uuid}`, 'relist');
    expect(await handler({ Records: [record] }, { getRemainingTimeInMillis: () => 1_000 })).toEqual({ batchItemFailures: [{ itemIdentifier: record.dynamodb!.SequenceNumber! }] });

    // Time running out during the job: it stops between pages and writes where it stopped onto the
    // job item, whose own stream record is the next run; that one finishes and removes the item.
    await moveInCloud(owner, home);
    const moving = await recordOf(`user#${owner.uuid}`, 'relist', 'MODIFY');
    let calls = 0;
    const shortOfTime = { getRemainingTimeInMillis: () => (calls++ === 0 ? 600_000 : 1_000) };
    expect(await handler({ Records: [moving] }, shortOfTime)).toEqual({ batchItemFailures: [] });
    for (const p of plants) expect(await stored(p.id)).toMatchObject(listedAt(away));
    const handedOn = await getItem(`user#${owner.uuid}`, 'relist');
    expect(handedOn).toMatchObject({ runs: 1 });
    const next = await recordOf(`user#${owner.uuid}`, 'relist', 'MODIFY');
    expect(await handler({ Records: [next] }, plenty)).toEqual({ batchItemFailures: [] });
    for (const p of plants) expect(await stored(p.id)).toMatchObject(listedAt(home));
    expect(await getItem(`user#${owner.uuid}`, 'relist')).toBeUndefined();
  });
});
