/**
 * Filters where people browse: nearby plants by availability and words; the pages directory by
 * any word of a page's name; the members directory by name. Each matches as search does (every
 * word starts a word of the item, case and accents folded) and leaves the unfiltered list as it was.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { as } from '../support/accounts';
import { call } from '../support/api';
import { newPlant } from '../support/content';
import { useHostTable } from '../support/host-env';
import { registeredUser, type TestUser } from '../support/users';

/** A word no other test writes: letters only, so it is a valid name. */
const word = (n = 10) => Array.from(randomUUID().replace(/-/g, '').slice(0, n), (c) => String.fromCharCode(97 + (parseInt(c, 16) % 26))).join('');
const ids = (items: { id: string }[]) => items.map((i) => i.id);

/** This worker's own copy of the domain code on the host's table, its DynamoDB calls counted. */
async function counted<T>(run: () => Promise<T>): Promise<{ out: T; ops: Record<string, number> }> {
  useHostTable();
  process.env.DDB_METRICS = 'true';
  const { ddbMetrics, resetDdbMetrics } = await import('../../functions/db/metrics');
  resetDdbMetrics();
  const out = await run();
  return { out, ops: { ...ddbMetrics().byOperation } };
}

describe('PUT /api/plants/avail-nearby with availability and q', () => {
  // A spot of its own in the outback, so no other test's listings are near it.
  const base = { latitude: -26 - Math.random() * 3, longitude: 126 + Math.random() * 8 };
  const at = (km: number) => ({ latitude: base.latitude + km / 111, longitude: base.longitude });
  const W = `zq${word()}`;
  type Nearby = { plants: { id: string; distance_km: number }[]; radius_km: number };
  const nearby = (body: object) => call<Nearby>('PUT', '/api/plants/avail-nearby', { body: { ...base, radiusKm: 25, ...body } });
  let owners: TestUser[];
  let swapFern: string, saleFern: string, freeCactus: string, taggedSwap: string, gone: string;

  beforeAll(async () => {
    owners = await Promise.all([0, 3, 6, 9].map((km) => registeredUser(at(km))));
    // Nearest first: 0 km, 3 km, 6 km, 9 km.
    [swapFern, saleFern, freeCactus, taggedSwap, gone] = ids(
      await Promise.all([
        newPlant(owners[0]!, { commonName: `Boston ${W}fern`, availability: 'Available to swap' }),
        newPlant(owners[1]!, { commonName: `Ŝtaghorn ${W}fern`, availability: 'Available for sale' }),
        newPlant(owners[2]!, { commonName: 'Golden barrel', text: `A fat ${W} cactus, needs sun`, availability: 'Free to a good home' }),
        newPlant(owners[3]!, { commonName: 'Pothos', tags: [`${W}-cuttings`], availability: 'Swap or sale, ask me' }),
        newPlant(owners[0]!, { commonName: `Dead ${W}fern`, availability: 'Not available' }),
      ]),
    ) as [string, string, string, string, string];
  });

  it('answers every available listing nearest first without a filter, as before', async () => {
    const res = await nearby({});
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(ids(res.data.plants)).toEqual([swapFern, saleFern, freeCactus, taggedSwap]);
    expect(ids(res.data.plants)).not.toContain(gone);
  });

  it('keeps the listings of a kind of availability, told by the words of its free text', async () => {
    expect(ids((await nearby({ availability: 'swap' })).data.plants)).toEqual([swapFern, taggedSwap]);
    expect(ids((await nearby({ availability: 'sale' })).data.plants)).toEqual([saleFern, taggedSwap]);
    expect(ids((await nearby({ availability: 'free' })).data.plants)).toEqual([freeCactus]);
  });

  it('keeps the listings whose names, text or tags start with every word of q, case and accents folded', async () => {
    // A word's prefix in the common name (accents folded: "Ŝtaghorn" is "staghorn").
    expect(ids((await nearby({ q: `${W}FE` })).data.plants)).toEqual([swapFern, saleFern]);
    expect(ids((await nearby({ q: `staghorn ${W}` })).data.plants)).toEqual([saleFern]);
    // Words of the text, and of a tag.
    expect(ids((await nearby({ q: `${W} cact` })).data.plants)).toEqual([freeCactus]);
    expect(ids((await nearby({ q: `${W.slice(0, 6)} cuttings` })).data.plants)).toEqual([taggedSwap]);
    // Every word must match: one that starts no word of the plant leaves it out.
    expect((await nearby({ q: `${W}fern orchid` })).data.plants).toEqual([]);
    // Inside a word is not a match (prefixes only), nor is a dropped listing found by its words.
    expect((await nearby({ q: W.slice(3) })).data.plants).toEqual([]);
    expect(ids((await nearby({ q: 'dead' })).data.plants)).not.toContain(gone);
    // Blank words are no filter.
    expect(ids((await nearby({ q: '  ' })).data.plants)).toEqual([swapFern, saleFern, freeCactus, taggedSwap]);
  });

  it('combines both filters, for guests and members alike', async () => {
    expect(ids((await nearby({ availability: 'sale', q: W })).data.plants)).toEqual([saleFern, taggedSwap]);
    expect((await nearby({ availability: 'free', q: `${W}fern` })).data.plants).toEqual([]);
    const member = await as<Nearby>(owners[3]!.browser, 'PUT', '/api/plants/avail-nearby', { ...base, radiusKm: 25, availability: 'swap', q: W });
    expect(ids(member.data.plants)).toEqual([swapFern, taggedSwap]);
  });

  it('fills the answer with the nearest matching listings when the filter drops nearer ones', async () => {
    const { plantsNear } = await import('../../functions/feeds/nearby-plants');
    const guest = { userId: null, admin: false, member: false, suspended: false };
    // The nearest is for swap only: a cap of 2 is filled by the next matches, nearest first.
    const { out: two, ops } = await counted(() => plantsNear(base, 25, guest, 2, { availability: 'sale' }));
    expect(ids(two.plants)).toEqual([saleFern, taggedSwap]);
    // The same Queries as without a filter: the covering cells (at most 9).
    const { ops: unfiltered } = await counted(() => plantsNear(base, 25, guest, 2));
    expect(ops.Query).toBe(unfiltered.Query);
    expect(ops.Query).toBeLessThanOrEqual(9);
    const one = await plantsNear(base, 25, guest, 1, { q: 'pothos' });
    expect(ids(one.plants)).toEqual([taggedSwap]);
    expect(one.plants[0]!.distance_km).toBe(9);
  });

  it('refuses a bad availability or q naming the field', async () => {
    const bad = await nearby({ availability: 'cheap' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { field: 'availability', message: expect.stringContaining('swap, sale or free') } });
    const long = await nearby({ q: 'a'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.json).toMatchObject({ error: { field: 'q', message: expect.stringContaining('at most 100') } });
    const short = await nearby({ q: 'é' });
    expect(short.status).toBe(400);
    expect(short.json).toMatchObject({ error: { field: 'q' } });
    expect((await nearby({ q: 42 })).json).toMatchObject({ error: { field: 'q' } });
  });
});

describe('GET /api/page/get-all/{arg} with q: any word of the name', () => {
  const W = `zp${word()}`;
  type Cards = { pages: { id: string; name: string }[]; cursorId: string | null };
  const directory = (arg: string, q: string, cursorId?: string) =>
    call<Cards>('GET', `/api/page/get-all/${arg}?q=${encodeURIComponent(q)}${cursorId ? `&cursorId=${encodeURIComponent(cursorId)}` : ''}`);
  let owner: TestUser;
  let sydney: string, friends: string, elan: string, cactus: string;
  const tag = `t${word(8)}`;

  beforeAll(async () => {
    owner = await registeredUser();
    const { newPage } = await import('../support/pages');
    [sydney, friends, elan, cactus] = ids(
      await Promise.all([
        newPage(owner, { name: `Sydney ${W}fern Society` }),
        newPage(owner, { name: `${W}fern Friends` }),
        newPage(owner, { name: `Old Élan ${W}ferny Club` }),
        newPage(owner, { name: `Cactus ${W} Lovers` }),
      ]),
    ) as [string, string, string, string];
    expect((await as(owner.browser, 'POST', '/api/iam/pages/connect-tags', { pageId: sydney, tagIdArr: [tag] })).status).toBe(200);
  });

  it('finds a page by any word of its name, each word once, case and accents folded', async () => {
    const res = await directory('all', `${W}FERN`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(ids(res.data.pages).sort()).toEqual([sydney, friends, elan].sort());
    expect(res.data.cursorId).toBeNull();
    expect(ids((await directory('all', `ÉLAN ${W}`)).data.pages)).toEqual([elan]);
    expect(ids((await directory('all', `soc ${W}f`)).data.pages)).toEqual([sydney]);
    // Every word must start a word of the name; inside a word is no match.
    expect((await directory('all', `${W}fern orchid`)).data.pages).toEqual([]);
    expect((await directory('all', W.slice(2))).data.pages).toEqual([]);
  });

  it('finds a long name by its last word: the first word and common words take no token', async () => {
    const owner = await registeredUser();
    const { newPage } = await import('../support/pages');
    const V = `zl${word()}`;
    const page = await newPage(owner, { name: `The Society of Fern and Orchid Growers of ${V}` });
    expect(ids((await directory('all', V)).data.pages)).toEqual([page.id]);
    expect(ids((await directory('all', `growers ${V}`)).data.pages)).toEqual([page.id]);
  });

  it('keeps a name prefix (and a single letter) finding what it found, and a tag narrowing it', async () => {
    expect(ids((await directory('all', `${W}fern fr`)).data.pages)).toEqual([friends]);
    expect(ids((await directory(tag, `${W}f`)).data.pages)).toEqual([sydney]);
    expect((await directory(tag, 'cactus')).data.pages).toEqual([]);
    // One letter is too short to read by word: the name prefix, as before.
    const one = await directory('all', 'z');
    expect(one.status).toBe(200);
    expect(one.data.pages.every((p) => p.name.toLowerCase().startsWith('z'))).toBe(true);
    // No q: the directory as ever.
    expect((await call<Cards>('GET', `/api/page/get-all/${tag}`)).data.pages.map((p) => p.id)).toEqual([sydney]);
    expect(ids((await directory('all', `cactus ${W}`)).data.pages)).toEqual([cactus]);
  });

  it('pages through many matches with no repeats and no gaps, each page counted at one of its words', async () => {
    const V = `zv${word()}`;
    const owners = await Promise.all([0, 1, 2, 3, 4].map(() => registeredUser()));
    const { newPage } = await import('../support/pages');
    // Each name holds three words starting with V, so each page has three tokens the list reads: the
    // whole name (its first word needs none of its own) and its two later words.
    const made = ids(await Promise.all(owners.flatMap((o, i) => [0, 1, 2, 3, 4].map((j) => newPage(o, { name: `${V} ${V}ish ${V}ling Club ${i * 5 + j}` })))));
    const seen: string[] = [];
    let cursor: string | undefined;
    let calls = 0;
    for (let n = 0; n < 10; n++) {
      calls++;
      const res = await directory('all', V, cursor);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.data.pages.length).toBeLessThanOrEqual(20);
      seen.push(...ids(res.data.pages));
      if (!res.data.cursorId) break;
      cursor = res.data.cursorId;
    }
    expect(calls).toBeGreaterThan(1);
    // One Query of the index and one BatchGet per round. The whole names sort first, so a first page is one round;
    // the second reads past the 25 pages' other two tokens (counted already): two rounds.
    const { main } = await import('../../functions/pages/handlers/pages-directory');
    const first = await counted(() => main({ input: { arg: 'all', q: V }, session: null } as never));
    expect(first.ops).toEqual({ Query: 1, BatchGetItem: 1 });
    const cursorId = (first.out as { cursorId: string }).cursorId;
    const second = await counted(() => main({ input: { arg: 'all', q: V, cursorId }, session: null } as never));
    expect(second.ops).toEqual({ Query: 2, BatchGetItem: 2 });
    expect((second.out as { pages: unknown[] }).pages).toHaveLength(5);
    expect(seen.length).toBe(made.length);
    expect(new Set(seen)).toEqual(new Set(made));
    // A cursor of another list is refused, naming it.
    const other = await directory('all', `${W}fern`, cursor ?? 'eyJ4IjoieSJ9');
    expect(other.status).toBe(400);
    expect(other.json).toMatchObject({ error: { field: 'cursorId' } });
    // It is sealed: it names no token, page or key (the next page may start at one the caller was
    // not shown), and a changed byte, or a plain key as cursors of other lists hold, is refused.
    const plain = Buffer.from(cursorId, 'base64url').toString('latin1');
    for (const secret of [V.toLowerCase(), 'gsi3', 'search#', ...made]) expect(plain).not.toContain(secret);
    const flipped = cursorId.slice(0, 20) + (cursorId[20] === 'A' ? 'B' : 'A') + cursorId.slice(21);
    for (const bad of [flipped, Buffer.from(JSON.stringify({ pk: 'x', sk: 'y' })).toString('base64url')]) {
      const res = await directory('all', V, bad);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ error: { field: 'cursorId' } });
    }
  });

  it('refuses a too-long q naming it', async () => {
    const long = await directory('all', 'a'.repeat(200));
    expect(long.status).toBe(400);
    expect(long.json).toMatchObject({ error: { field: 'q' } });
  });
});

describe('GET /api/users with q: members by name or username', () => {
  const U = `zu${word()}`;
  type Directory = { users: { uuid: string; username: string }[]; cursorId: string | null };
  const path = (q: string) => `/api/users?q=${encodeURIComponent(q)}`;
  const uuids = (d: Directory) => d.users.map((u) => u.uuid).sort();

  it('finds members by words of their name or username, case and accents folded, as search does: listed, live, neither side blocking', async () => {
    const { setAttributes } = await import('../support/db');
    const [me, avila, handle, blocker, blocked, suspended, gone, shy] = (await Promise.all([
      registeredUser({ first_name: 'Noor', last_name: `${U} Haddad` }),
      registeredUser({ first_name: 'Inés', last_name: `${U} Ávila` }),
      registeredUser({ username: `${U}_grows`, first_name: 'Sam', last_name: 'Lee' }),
      registeredUser({ last_name: U }),
      registeredUser({ last_name: U }),
      registeredUser({ last_name: U }),
      registeredUser({ last_name: U }),
      registeredUser({ last_name: U }),
    ])) as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];
    const id = (m: TestUser) => m.profile.uuid;
    expect((await as(blocker.browser, 'POST', '/api/iam/blocks/new', { userId: id(me) })).status).toBeLessThan(300);
    expect((await as(me.browser, 'POST', '/api/iam/blocks/new', { userId: id(blocked) })).status).toBeLessThan(300);
    expect((await as(shy.browser, 'PUT', '/api/iam/users/update-user-settings', { show_in_directory: false })).status).toBe(200);
    await setAttributes(`user#${id(suspended)}`, 'profile', { suspended: true });
    await setAttributes(`user#${id(gone)}`, 'profile', { deletedAt: new Date().toISOString() });

    // A guest: everyone listed and live, however many of their words hold U.
    const guest = await call<Directory>('GET', path(U.toUpperCase()));
    expect(guest.status, JSON.stringify(guest.json)).toBe(200);
    expect(uuids(guest.data)).toEqual([me, avila, handle, blocker, blocked].map(id).sort());
    expect(guest.data.cursorId).toBeNull();
    // Accents and case, a word's prefix, every word, the username's words.
    expect(uuids((await call<Directory>('GET', path(`AVI ${U}`))).data)).toEqual([id(avila)]);
    expect(uuids((await call<Directory>('GET', path(`ines ${U.slice(0, 5)}`))).data)).toEqual([id(avila)]);
    expect(uuids((await call<Directory>('GET', path(`${U}_gr`))).data)).toEqual([id(handle)]);
    expect((await call<Directory>('GET', path(`${U} orchid`))).data.users).toEqual([]);
    expect((await call<Directory>('GET', path(U.slice(2)))).data.users).toEqual([]);
    // Blocks either side wall both; the member out of the directory finds themself.
    const mine = await as<Directory>(me.browser, 'GET', path(U));
    expect(uuids(mine.data)).toEqual([me, avila, handle].map(id).sort());
    expect(uuids((await as<Directory>(blocker.browser, 'GET', path(U))).data)).toEqual([avila, handle, blocker, blocked].map(id).sort());
    expect(uuids((await as<Directory>(shy.browser, 'GET', path(U))).data)).toContain(id(shy));
    // One Query of the index, one BatchGet of the members with the block items either way.
    const { main } = await import('../../functions/users/handlers/directory');
    const cost = await counted(() => main({ input: { q: `avi ${U}` }, session: { userId: id(me) } } as never));
    expect(cost.ops).toEqual({ Query: 1, BatchGetItem: 1 });
    // It is public: a suspended, a deleted or an unregistered account's cookie reads it as a guest does.
    const { unregisteredUser } = await import('../support/users');
    for (const who of [suspended, gone, await unregisteredUser()]) {
      const res = await as<Directory>(who.browser, 'GET', path(U));
      expect(res.status).toBe(200);
      expect(uuids(res.data)).toEqual(uuids(guest.data));
    }
  });

  it('lists the directory as before without q, and refuses a too-long or one-letter q naming it', async () => {
    // Other test files register members meanwhile (newest first), so the two reads are compared
    // as a pair read together, a few times over, until no registration fell between them.
    const ids = (d: Directory) => d.users.map((u) => u.uuid);
    let pair: [Directory, Directory] | null = null;
    for (let attempt = 0; attempt < 5; attempt++) {
      const [plain, blank] = await Promise.all([call<Directory>('GET', '/api/users'), call<Directory>('GET', '/api/users?q=')]);
      expect(plain.status).toBe(200);
      expect(blank.status).toBe(200);
      expect(plain.data.users.length).toBeGreaterThan(0);
      pair = [plain.data, blank.data];
      if (JSON.stringify(ids(plain.data)) === JSON.stringify(ids(blank.data))) break;
    }
    expect(ids(pair![1])).toEqual(ids(pair![0]));
    const long = await call('GET', path('a'.repeat(101)));
    expect(long.status).toBe(400);
    expect(long.json).toMatchObject({ error: { field: 'q', message: expect.stringContaining('at most 100') } });
    const one = await call('GET', path('é'));
    expect(one.status).toBe(400);
    expect(one.json).toMatchObject({ error: { field: 'q' } });
    // Lone letters only, however many: no word to read by, so no filter to apply (not the whole list).
    for (const letters of ['a b', 'x-y z']) {
      const res = await call('GET', path(letters));
      expect(res.status, letters).toBe(400);
      expect(res.json).toMatchObject({ error: { field: 'q', message: expect.stringContaining('a word of at least 2') } });
    }
  });
});
