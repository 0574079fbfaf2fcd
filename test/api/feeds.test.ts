/** Feeds: cursor paging returns every item exactly once, merged lists, and counts that equal the real numbers after any sequence of actions. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FeedCounts } from '../../shared/answers/feeds';
import type { Privacy } from '../../shared/content-rules';
import { isAvailable } from '../../shared/content-rules';
import { as } from '../support/accounts';
import { call } from '../support/api';
import { ids, newPlant, newPost, uniqueTag, type FeedAnswer } from '../support/content';
import { registeredUser, type TestUser } from '../support/users';
import { getItem } from '../support/db';
import { coarsen } from '../../shared/geohash';

const guest = (path: string) => call<FeedAnswer>('GET', path);

async function everyPage(first: string, next: (cursor: string) => string, key: 'contentItems' | 'posts' | 'plants', get = guest): Promise<string[]> {
  const seen: string[] = [];
  let res = await get(first);
  for (let n = 0; n < 50; n++) {
    expect(res.status).toBe(200);
    seen.push(...ids(res.data[key]));
    if (!res.data.cursorId) return seen;
    res = await get(next(res.data.cursorId));
  }
  throw new Error('the list did not end');
}

describe('cursor paging', () => {
  it('returns every post of a tag and of a user exactly once, newest first, across pages', async () => {
    const u = await registeredUser();
    const tag = uniqueTag();
    const made: string[] = [];
    for (let i = 0; i < 23; i++) made.push((await newPost(u, { tags: [tag], text: `post ${i}` })).id);
    const plants: string[] = [];
    for (let i = 0; i < 3; i++) plants.push((await newPlant(u, { tags: [tag] })).id);
    const newestFirst = [...plants.reverse(), ...made.reverse()];

    const byTag = await everyPage(`/api/posts/tag/${tag}`, (c) => `/api/posts/tag/${tag}?cursorId=${encodeURIComponent(c)}`, 'contentItems');
    expect(byTag).toEqual(newestFirst);
    const byUser = await everyPage(`/api/posts/${u.profile.username}`, (c) => `/api/posts/more/by-user/${u.profile.username}?cursorId=${encodeURIComponent(c)}`, 'posts');
    expect(byUser).toEqual(made);
    const mine = await everyPage(
      `/api/iam/plantsbyuser/${u.uuid}/plantsAll/2`,
      (c) => `/api/iam/moreplantsbyuser/${u.uuid}/plantsAll/2/${encodeURIComponent(c)}`,
      'plants',
      (p) => as<FeedAnswer>(u.browser, 'GET', p),
    );
    expect(mine).toEqual(plants);
  });

  it('merges posts and plants newest first in content items, each once, whatever the page boundaries', async () => {
    const u = await registeredUser();
    const all: string[] = [];
    for (let i = 0; i < 6; i++) all.push(i % 2 ? (await newPlant(u)).id : (await newPost(u)).id);
    const feed = await everyPage('/api/content-items/recent', (c) => `/api/content-items/more/${encodeURIComponent(c)}`, 'contentItems');
    const ours = feed.filter((id) => all.includes(id));
    expect(ours).toEqual([...all].reverse());
    expect(new Set(feed).size).toBe(feed.length);
  });

  it('refuses a cursor that is not one, naming the field', async () => {
    const res = await guest('/api/content-items/more/not-a-cursor');
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { field: 'arg' } });
    const u = await registeredUser();
    const mine = await as(u.browser, 'GET', `/api/iam/posts/bymyuser/${Buffer.from('2026-01-01T00:00:00.000Z#nope').toString('base64url')}`);
    expect(mine.status).toBe(400);
  });
});

type Action =
  | { op: 'post'; privacy: Privacy; tagged: boolean }
  | { op: 'plant'; privacy: Privacy; available: boolean; tagged: boolean }
  | { op: 'privacy'; index: number; privacy: Privacy }
  | { op: 'availability'; index: number; available: boolean }
  | { op: 'delete'; index: number };

const privacy = fc.constantFrom<Privacy>('public', 'members', 'private');
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ op: fc.constant('post' as const), privacy, tagged: fc.boolean() }),
  fc.record({ op: fc.constant('plant' as const), privacy, available: fc.boolean(), tagged: fc.boolean() }),
  fc.record({ op: fc.constant('privacy' as const), index: fc.nat(), privacy }),
  fc.record({ op: fc.constant('availability' as const), index: fc.nat(), available: fc.boolean() }),
  fc.record({ op: fc.constant('delete' as const), index: fc.nat() }),
);

interface Model {
  id: string;
  kind: 'post' | 'plant';
  privacy: Privacy;
  availability: string;
  tagged: boolean;
}

function expected(items: Model[], sees: (p: Privacy) => boolean, onlyTagged = false): FeedCounts {
  const shown = items.filter((p) => sees(p.privacy) && (!onlyTagged || p.tagged));
  return {
    postsAll: shown.filter((p) => p.kind === 'post').length,
    plantsAll: shown.filter((p) => p.kind === 'plant').length,
    plantsAvail: shown.filter((p) => p.kind === 'plant' && isAvailable(p.availability)).length,
    news: 0,
  };
}

describe('counts kept on write', () => {
  it('equal the real numbers for every audience after a random sequence of actions', async () => {
    const reader = await registeredUser();
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 7 }), async (actions) => {
        const u: TestUser = await registeredUser();
        const tag = uniqueTag();
        const live: Model[] = [];
        for (const a of actions) {
          if (a.op === 'post') {
            const p = await newPost(u, { privacy: a.privacy, tags: a.tagged ? [tag] : [] });
            live.push({ id: p.id, kind: 'post', privacy: a.privacy, availability: '', tagged: a.tagged });
          } else if (a.op === 'plant') {
            const availability = a.available ? 'Available to swap' : 'Not available';
            const p = await newPlant(u, { privacy: a.privacy, availability, tags: a.tagged ? [tag] : [] });
            live.push({ id: p.id, kind: 'plant', privacy: a.privacy, availability, tagged: a.tagged });
          } else if (live.length) {
            const target = live[a.index % live.length]!;
            if (a.op === 'privacy') {
              expect((await as(u.browser, 'PUT', '/api/iam/posts/privacy', { id: target.id, uuid: u.uuid, privacy: a.privacy })).status).toBe(200);
              target.privacy = a.privacy;
            } else if (a.op === 'availability' && target.kind === 'plant') {
              const availability = a.available ? 'Free to a good home' : 'Not available';
              const res = await as(u.browser, 'PUT', '/api/iam/plant/update/details', { postId: target.id, userId: u.uuid, privacy: target.privacy, plant: { commonName: 'Fern', availability } });
              expect(res.status).toBe(200);
              target.availability = availability;
            } else if (a.op === 'delete') {
              expect((await as(u.browser, 'DELETE', '/api/iam/posts', { postId: target.id, userId: u.uuid })).status).toBe(200);
              live.splice(live.indexOf(target), 1);
            }
          }
        }
        const path = `/api/posts/${u.profile.username}`;
        expect((await guest(path)).data.counts).toEqual(expected(live, (p) => p === 'public'));
        expect((await as<FeedAnswer>(reader.browser, 'GET', path)).data.counts).toEqual(expected(live, (p) => p !== 'private'));
        expect((await as<FeedAnswer>(u.browser, 'GET', path)).data.counts).toEqual(expected(live, () => true));
        expect((await guest(`/api/posts/tag/${tag}`)).data.counts).toEqual(expected(live, (p) => p === 'public', true));
        expect((await as<FeedAnswer>(reader.browser, 'GET', `/api/posts/tag/${tag}`)).data.counts).toEqual(expected(live, (p) => p !== 'private', true));
        // And the lists hold exactly what the counts say.
        const listed = await everyPage(`/api/plants/by-user/${u.profile.username}?filter=plantsAvail`, (c) => `/api/plants/by-user/more/${u.profile.username}?filter=plantsAvail&cursorId=${encodeURIComponent(c)}`, 'plants');
        expect(listed.length).toBe(expected(live, (p) => p === 'public').plantsAvail);
      }),
      { numRuns: 6 },
    );
  }, 180_000);
});

describe('available plants near a point', () => {
  it('finds listings near the owner\'s position, nearest first, and hides members-only ones from guests', async () => {
    const far = await registeredUser({ latitude: -37.8136, longitude: 144.9631 });
    const near = await registeredUser({ latitude: -33.87, longitude: 151.21 });
    const pub = await newPlant(near, { availability: 'Available to swap' });
    const mem = await newPlant(near, { privacy: 'members' });
    const gone = await newPlant(near, { availability: 'Not available' });
    const melbourne = await newPlant(far);
    const point = { latitude: -33.8688, longitude: 151.2093 };
    const byGuest = await call<{ plants: { id: string; distance_km: number }[]; radius_km: number }>('PUT', '/api/plants/avail-nearby', { body: point });
    expect(byGuest.status).toBe(200);
    const found = byGuest.data.plants.map((p) => p.id);
    expect(found).toContain(pub.id);
    for (const hidden of [mem.id, gone.id, melbourne.id]) expect(found).not.toContain(hidden);
    expect(byGuest.data.plants.find((p) => p.id === pub.id)!.distance_km).toBeLessThanOrEqual(1);
    const member = await as<{ plants: { id: string }[] }>(far.browser, 'PUT', '/api/plants/avail-nearby', point);
    expect(member.data.plants.map((p) => p.id)).toEqual(expect.arrayContaining([pub.id, mem.id]));
  });

  it("says roughly where a listing is, its owner's suburb, in the nearby list and on the plant's page, and nothing of the kind on a post", async () => {
    const here = { latitude: -33.8712, longitude: 151.1945 };
    const owner = await registeredUser({ ...here, suburb_city: 'Pyrmont' });
    const [plant, post] = await Promise.all([newPlant(owner), newPost(owner)]);
    expect(plant.area).toBe('Pyrmont');
    const near = await call<{ plants: { id: string; area?: string; distance_km: number }[] }>('PUT', '/api/plants/avail-nearby', { body: { ...here, radiusKm: 1 } });
    const listed = near.data.plants.find((p) => p.id === plant.id);
    expect(listed?.area).toBe('Pyrmont');
    expect(listed?.distance_km).toBeLessThanOrEqual(1);
    const page = await call<{ plant: { area?: string } }>('GET', `/api/plant/${plant.id}`);
    expect(page.data.plant.area).toBe('Pyrmont');
    expect((await call<{ post: object }>('GET', `/api/post/${post.id}`)).data.post).not.toHaveProperty('area');
  });

  it('lists plants at the centre of the owner\'s ~1 km cell, never the exact home, and not at all for members hidden from nearby', async () => {
    const exact = { latitude: -33.884217, longitude: 151.199713 };
    const owner = await registeredUser(exact);
    const plant = await newPlant(owner);
    const stored = await getItem(`post#${plant.id}`, 'post');
    expect(stored).toMatchObject(coarsen(exact));
    expect(stored!.latitude).not.toBe(exact.latitude);
    expect(Math.abs(Number(stored!.latitude) - exact.latitude)).toBeLessThan(0.01);

    const hidden = await registeredUser(exact);
    expect((await as(hidden.browser, 'PUT', '/api/iam/users/update-user-settings', { show_in_nearby: false })).status).toBe(200);
    const unseen = await newPlant(hidden);
    expect(await getItem(`post#${unseen.id}`, 'post')).not.toHaveProperty('geohash');
    const found = await call<{ plants: { id: string }[] }>('PUT', '/api/plants/avail-nearby', { body: { ...exact, radiusKm: 3 } });
    expect(found.data.plants.map((p) => p.id)).toContain(plant.id);
    expect(found.data.plants.map((p) => p.id)).not.toContain(unseen.id);
    const fine = await call('PUT', '/api/plants/avail-nearby', { body: { ...exact, radiusKm: 2.5 } });
    expect(fine.status).toBe(400);
    expect(fine.json).toMatchObject({ error: { field: 'radiusKm' } });
  });
});
