/** Tags: normalised unique names, idempotent create, autocomplete, paging by name, lookups, and removal of unused tags. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TagView } from '../../shared/schemas/tags';
import { as } from '../support/accounts';
import { call } from '../support/api';
import { getItem } from '../support/db';
import { useHostTable } from '../support/host-env';
import { admin, allPages, registeredUser, signInAgain, unregisteredUser, type TestUser } from '../support/users';

/** A prefix of this run's own, so other tests' tags never get in the way. */
const unique = () => `t${randomUUID().replace(/-/g, '').slice(0, 10)}`;

let u: TestUser;
/** A registered member made an admin (tag routes are for registered members; parents for admins). */
let boss: TestUser;
beforeAll(async () => {
  useHostTable();
  u = await registeredUser();
  const promoted = await registeredUser();
  expect((await as((await admin()).browser, 'PUT', `/api/iam/users/${promoted.uuid}`, { is_admin: true })).status).toBe(200);
  boss = await signInAgain(promoted);
});

const newTag = (body: object, who = u) => as<TagView>(who.browser, 'POST', '/api/iam/tags/new', body);

describe('POST /api/iam/tags/new', () => {
  it('stores the name trimmed, spaces collapsed, lower case, and answers 201 with the name as id', async () => {
    const base = unique();
    const res = await newTag({ tagName: `  ${base.toUpperCase()}   Climbing  Rose `, isParent: true, returnAnId: true }, boss);
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ id: `${base} climbing rose`, name: `${base} climbing rose`, isParent: true, usageCount: 0 });
    expect(await getItem('tags', `tag#${base} climbing rose`)).toMatchObject({ name: `${base} climbing rose`, isParent: true, usageCount: 0 });
  });

  it('is idempotent: the same name in another case or spacing answers 200 with the existing tag, unchanged', async () => {
    const base = unique();
    expect((await newTag({ tagName: `${base} fern` })).status).toBe(201);
    const again = await newTag({ tagName: ` ${base.toUpperCase()}\t FERN`, isParent: true }, boss);
    expect(again.status).toBe(200);
    expect(again.data).toMatchObject({ id: `${base} fern`, isParent: false });
    const list = await as<{ tags: TagView[] }>(u.browser, 'GET', `/api/iam/tags/prefix/${base}/false`);
    expect(list.data.tags.map((t) => t.name)).toEqual([`${base} fern`]);
  });

  it('needs a member: an unfinished sign-up or a suspended member gets 403 and creates nothing (access: reg)', async () => {
    const inc = await unregisteredUser();
    const name = unique();
    const res = await newTag({ tagName: name }, inc);
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: { message: 'Complete your registration first' } });
    const suspended = await registeredUser();
    expect((await as((await admin()).browser, 'PUT', `/api/iam/users/${suspended.uuid}`, { suspended: true })).status).toBe(200);
    const again = await signInAgain(suspended);
    expect((await newTag({ tagName: name }, again)).status).toBe(403);
    expect((await as(again.browser, 'PUT', '/api/iam/tags/check-if-last', { tagIdArr: [name] })).status).toBe(403);
    expect(await getItem('tags', `tag#${name}`)).toBeUndefined();
  });

  it('makes parent tags for admins only: a member asking for one gets 403 naming isParent', async () => {
    const name = unique();
    const res = await newTag({ tagName: name, isParent: true });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: { field: 'isParent' } });
    expect(await getItem('tags', `tag#${name}`)).toBeUndefined();
    expect((await newTag({ tagName: name, isParent: false })).status).toBe(201);
  });

  it('answers 400 naming the field for a bad name, an unknown field or a wrong type, and creates nothing', async () => {
    const cases: [object, string][] = [
      [{}, 'tagName'],
      [{ tagName: '   ' }, 'tagName'],
      [{ tagName: 'x'.repeat(41) }, 'tagName'],
      [{ tagName: 'rose!' }, 'tagName'],
      [{ tagName: 'ok', isParent: 'yes' }, 'isParent'],
      [{ tagName: 'ok', returnAnId: 1 }, 'returnAnId'],
      [{ tagName: 'ok', colour: 'red' }, 'colour'],
    ];
    for (const [body, field] of cases) {
      const res = await newTag(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toMatchObject({ error: { field } });
    }
    expect(await getItem('tags', 'tag#rose!')).toBeUndefined();
  });

  it('answers 401 without a session and 403 without the csrf_token', async () => {
    expect((await call('POST', '/api/iam/tags/new', { body: { tagName: unique() } })).status).toBe(401);
    const name = unique();
    expect((await as(u.browser, 'POST', '/api/iam/tags/new', { tagName: name }, { noCsrf: true })).status).toBe(403);
    expect(await getItem('tags', `tag#${name}`)).toBeUndefined();
  });
});

describe('GET /api/iam/tags/prefix/{prefix}/{flag}', () => {
  it('autocompletes by prefix in name order, at most 20, parents only when the flag is true', async () => {
    const base = unique();
    for (let i = 0; i < 22; i++) await newTag({ tagName: `${base} ${String(i).padStart(2, '0')}`, isParent: i % 3 === 0 }, i % 3 === 0 ? boss : u);
    await newTag({ tagName: `${unique()} other` });
    const all = await as<{ tags: TagView[] }>(u.browser, 'GET', `/api/iam/tags/prefix/${encodeURIComponent(base.toUpperCase() + ' ')}/false`);
    expect(all.status).toBe(200);
    expect(all.data.tags.map((t) => t.name)).toEqual(Array.from({ length: 20 }, (_, i) => `${base} ${String(i).padStart(2, '0')}`));
    const parents = await as<{ tags: TagView[] }>(u.browser, 'GET', `/api/iam/tags/prefix/${base}/true`);
    expect(parents.data.tags.map((t) => t.name)).toEqual([0, 3, 6, 9, 12, 15, 18, 21].map((i) => `${base} ${String(i).padStart(2, '0')}`));
    expect(parents.data.tags.every((t) => t.isParent)).toBe(true);
  });

  it('answers 400 naming the field for a bad flag or prefix, 401 without a session', async () => {
    const flag = await as(u.browser, 'GET', '/api/iam/tags/prefix/rose/maybe');
    expect(flag.status).toBe(400);
    expect(flag.json).toMatchObject({ error: { field: 'flag' } });
    const prefix = await as(u.browser, 'GET', `/api/iam/tags/prefix/${encodeURIComponent('ro$e')}/false`);
    expect(prefix.json).toMatchObject({ error: { field: 'prefix' } });
    expect((await call('GET', '/api/iam/tags/prefix/rose/false')).status).toBe(401);
  });
});

describe('GET /api/iam/tags/all/{arg}', () => {
  it('lists every tag exactly once across pages, sorted by name; parents lists parent tags only', async () => {
    const base = unique();
    const made: string[] = [];
    for (let i = 0; i < 23; i++) {
      const name = `${base}-${String(i).padStart(2, '0')}`;
      made.push(name);
      await newTag({ tagName: name, isParent: i < 3 }, i < 3 ? boss : u);
    }
    const first = await as<{ tags: TagView[]; cursorId: string | null }>(u.browser, 'GET', '/api/iam/tags/all/all');
    expect(first.data.tags).toHaveLength(20);
    expect(first.data.cursorId).toEqual(expect.any(String));

    const all = (await allPages<TagView>((q) => as(u.browser, 'GET', `/api/iam/tags/all/all${q}`), 'tags')).map((t) => t.name);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual([...all].sort());
    expect(all.filter((n) => n.startsWith(base))).toEqual(made);

    const parents = await allPages<TagView>((q) => as(u.browser, 'GET', `/api/iam/tags/all/parents${q}`), 'tags');
    expect(parents.every((t) => t.isParent)).toBe(true);
    expect(parents.map((t) => t.name).filter((n) => n.startsWith(base))).toEqual(made.slice(0, 3));
  });

  it('answers 400 naming arg or cursorId, 401 without a session', async () => {
    const arg = await as(u.browser, 'GET', '/api/iam/tags/all/everything');
    expect(arg.json).toMatchObject({ error: { field: 'arg' } });
    const cursor = (await as<{ cursorId: string }>(u.browser, 'GET', '/api/iam/tags/all/all')).data.cursorId;
    const wrong = await as(u.browser, 'GET', `/api/iam/tags/all/parents?cursorId=${encodeURIComponent(cursor)}`);
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ error: { field: 'cursorId' } });
    expect((await call('GET', '/api/iam/tags/all/all')).status).toBe(401);
  });
});

describe('GET /api/iam/tags/get-single/{type}/{data}', () => {
  it('finds a tag by id or by name (normalised), and answers 404 for an unknown one', async () => {
    const name = `${unique()} moss`;
    await newTag({ tagName: name });
    const byId = await as<TagView>(u.browser, 'GET', `/api/iam/tags/get-single/id/${encodeURIComponent(name)}`);
    expect(byId.data).toMatchObject({ id: name, name });
    const byName = await as<TagView>(u.browser, 'GET', `/api/iam/tags/get-single/name/${encodeURIComponent(name.toUpperCase())}`);
    expect(byName.data).toMatchObject({ id: name });
    const missing = await as(u.browser, 'GET', `/api/iam/tags/get-single/name/${unique()}`);
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ error: { code: 'not_found' } });
  });

  it('answers 400 naming type or data, 401 without a session', async () => {
    expect((await as(u.browser, 'GET', '/api/iam/tags/get-single/uuid/rose')).json).toMatchObject({ error: { field: 'type' } });
    expect((await as(u.browser, 'GET', `/api/iam/tags/get-single/name/${'x'.repeat(41)}`)).json).toMatchObject({ error: { field: 'data' } });
    expect((await call('GET', '/api/iam/tags/get-single/name/rose')).status).toBe(401);
  });
});

describe('PUT /api/iam/tags/check-if-last', () => {
  it('never removes a parent tag an admin made, used or not', async () => {
    const parent = unique();
    expect((await newTag({ tagName: parent, isParent: true }, boss)).status).toBe(201);
    const res = await as<{ removed: string[] }>(u.browser, 'PUT', '/api/iam/tags/check-if-last', { tagIdArr: [parent] });
    expect(res.status).toBe(200);
    expect(res.data.removed).toEqual([]);
    expect(await getItem('tags', `tag#${parent}`)).toMatchObject({ isParent: true, usageCount: 0 });
  });

  it('removes only the listed tags no content uses; a used tag stays until released', async () => {
    const { useTags, releaseTags } = await import('../../functions/tags/tags');
    const base = unique();
    const [unused, used, created] = [`${base} unused`, `${base} used`, `${base} made by use`];
    await newTag({ tagName: unused });
    await newTag({ tagName: used });
    await useTags([used, created, used.toUpperCase()]);
    expect(await getItem('tags', `tag#${used}`)).toMatchObject({ usageCount: 1 });
    expect(await getItem('tags', `tag#${created}`)).toMatchObject({ usageCount: 1, isParent: false });
    await useTags([used]);
    expect(await getItem('tags', `tag#${used}`)).toMatchObject({ usageCount: 2 });

    const res = await as<{ removed: string[] }>(u.browser, 'PUT', '/api/iam/tags/check-if-last', { tagIdArr: [unused, used, created, `${base} never existed`] });
    expect(res.status).toBe(200);
    expect(res.data.removed).toEqual([unused]);
    expect(await getItem('tags', `tag#${unused}`)).toBeUndefined();
    expect(await getItem('tags', `tag#${used}`)).toMatchObject({ usageCount: 2 });

    await releaseTags([used, created]);
    await releaseTags([used]);
    const again = await as<{ removed: string[] }>(u.browser, 'PUT', '/api/iam/tags/check-if-last', { tagIdArr: [used, created] });
    expect(again.data.removed.sort()).toEqual([created, used].sort());
    expect(await getItem('tags', `tag#${used}`)).toBeUndefined();
  });

  it('keeps a parent\'s children under it (T1b)', async () => {
    const { db } = await import('../../functions/db/service');
    const { tagChildren } = await import('../../functions/tags/tags');
    const parent = `${unique()} parent`;
    await db().entities.tag.create({ name: `${parent} b`, parentName: parent }).go();
    await db().entities.tag.create({ name: `${parent} a`, parentName: parent }).go();
    expect((await tagChildren(parent)).map((t) => t.name)).toEqual([`${parent} a`, `${parent} b`]);
  });

  it('answers 400 naming tagIdArr for more than 50 names or a bad one, 401 without a session', async () => {
    const name = unique();
    await newTag({ tagName: name });
    const many = await as(u.browser, 'PUT', '/api/iam/tags/check-if-last', { tagIdArr: Array.from({ length: 51 }, (_, i) => `${name}${i}`) });
    expect(many.status).toBe(400);
    expect(many.json).toMatchObject({ error: { field: 'tagIdArr' } });
    const bad = await as(u.browser, 'PUT', '/api/iam/tags/check-if-last', { tagIdArr: [name, 'no!'] });
    expect(bad.json).toMatchObject({ error: { field: 'tagIdArr.1' } });
    const missing = await as(u.browser, 'PUT', '/api/iam/tags/check-if-last', {});
    expect(missing.json).toMatchObject({ error: { field: 'tagIdArr' } });
    expect(await getItem('tags', `tag#${name}`)).toBeDefined();
    expect((await call('PUT', '/api/iam/tags/check-if-last', { body: { tagIdArr: [name] } })).status).toBe(401);
  });
});
