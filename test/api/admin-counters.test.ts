/** The admin's counters check: a scope's feed counters recounted from its lists, in resumable batches, and a drifted one repaired guarded on its stored value. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CounterRepair, RecountProgress, RecountRow } from '../../shared/answers/admin';
import { as } from '../support/accounts';
import { newPlant, newPost, uniqueTag } from '../support/content';
import { getItem, setAttributes } from '../support/db';
import { newPage } from '../support/pages';
import { admin, registeredUser, type TestUser } from '../support/users';

let boss: TestUser;
let author: TestUser;
const tag = uniqueTag();

const recountCall = (body: Record<string, unknown>) => as<RecountProgress>(boss.browser, 'POST', '/api/iam/admin/counters/recount', body);

/** Every batch of a check until it is done: the rows, and how many calls it took. */
async function recountAll(scope: string, limit?: number): Promise<{ rows: RecountRow[]; calls: number; reads: number[] }> {
  let cursorId: string | undefined;
  const reads: number[] = [];
  for (let calls = 1; calls < 50; calls++) {
    const res = await recountCall({ scope, ...(limit ? { limit } : {}), ...(cursorId ? { cursorId } : {}) });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    reads.push(res.data.read);
    if (res.data.rows) {
      expect(res.data.cursorId).toBeNull();
      return { rows: res.data.rows, calls, reads };
    }
    cursorId = res.data.cursorId!;
  }
  throw new Error('the check never finished');
}

const valueOf = (rows: RecountRow[], counter: string) => rows.find((r) => r.counter === counter);

beforeAll(async () => {
  [boss, author] = await Promise.all([admin(), registeredUser()]);
  await newPost(author, { privacy: 'public', tags: [tag] });
  await newPost(author, { privacy: 'members', tags: [tag] });
  await newPost(author, { privacy: 'private', tags: [tag] });
  await newPlant(author, { privacy: 'public', tags: [tag] });
});

describe('POST /api/iam/admin/counters/recount', () => {
  it('recounts a member\'s counters per audience from their lists, in agreement with what is stored', async () => {
    const { rows } = await recountAll(`user#${author.uuid}`);
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r.stored === r.recounted), JSON.stringify(rows)).toBe(true);
    expect(valueOf(rows, 'owner.postsAll')).toMatchObject({ recounted: 3, key: `counter#user#${author.uuid} owner` });
    expect(valueOf(rows, 'members.postsAll')?.recounted).toBe(2);
    expect(valueOf(rows, 'public.postsAll')?.recounted).toBe(1);
    expect(valueOf(rows, 'public.plantsAll')?.recounted).toBe(1);
    expect(valueOf(rows, 'public.plantsAvail')?.recounted).toBe(1);
    expect(valueOf(rows, 'owner.news')?.recounted).toBe(0);
  });

  it('walks a tag in batches with a cursor that resumes, each call reading at most its limit', async () => {
    const { rows, calls, reads } = await recountAll(`TAG#${tag.toUpperCase()}`, 1);
    expect(calls).toBeGreaterThanOrEqual(5); // 2 public and 3 members links, one a call
    expect(reads).toEqual([...reads].sort((a, b) => a - b));
    expect(rows).toHaveLength(8);
    expect(rows.map((r) => r.audience)).not.toContain('owner');
    expect(valueOf(rows, 'members.postsAll')).toMatchObject({ stored: 2, recounted: 2, key: `counter#tag#${tag} members` });
    expect(valueOf(rows, 'public.plantsAvail')).toMatchObject({ stored: 1, recounted: 1 });
  });

  it('recounts a page with no posts as zero, and takes a first batch of the whole site with a cursor to go on', async () => {
    const page = await newPage(author);
    const { rows } = await recountAll(`page#${page.id}`);
    expect(rows.every((r) => r.recounted === 0 && r.stored === 0)).toBe(true);
    const first = await recountCall({ scope: 'global', limit: 2 });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ scope: 'global', read: 2, rows: null });
    const second = await recountCall({ scope: 'global', limit: 1, cursorId: first.data.cursorId });
    expect(second.data.read).toBe(3); // this file's 2 members' posts and a plant at least
    const { rows: site } = await recountAll('global');
    expect(site.map((r) => r.counter).sort()).toEqual(['members', 'public'].flatMap((a) => ['news', 'plantsAll', 'plantsAvail', 'postsAll'].map((f) => `${a}.${f}`)).sort());
    expect(site.find((r) => r.counter === 'members.postsAll')!.recounted).toBeGreaterThanOrEqual(2);
  });

  it('refuses a scope it does not know, a cursor of another scope, a bad limit, and members', async () => {
    const bad = await recountCall({ scope: 'user#42' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { field: 'scope' } });
    const other = await recountCall({ scope: `user#${author.uuid}`, limit: 1 });
    const foreign = await recountCall({ scope: 'global', cursorId: other.data.cursorId });
    expect(foreign.status).toBe(400);
    expect(foreign.json).toMatchObject({ error: { field: 'cursorId' } });
    const forged = Buffer.from(JSON.stringify({ scope: 'global', source: 0, start: null, read: 0, counts: { members: { postsAll: -5 } } })).toString('base64url');
    expect((await recountCall({ scope: 'global', cursorId: forged })).json).toMatchObject({ error: { field: 'cursorId' } });
    const limit = await recountCall({ scope: 'global', limit: 5000 });
    expect(limit.status).toBe(400);
    expect(limit.json).toMatchObject({ error: { field: 'limit' } });
    const member = await as(author.browser, 'POST', '/api/iam/admin/counters/recount', { scope: 'global' });
    expect(member.status).toBe(403);
  });
});

describe('POST /api/iam/admin/counters/repair', () => {
  it('shows a drifted counter and repairs it only while it still holds the stored value', async () => {
    const scope = `user#${author.uuid}`;
    await setAttributes(`counter#${scope}`, 'members', { postsAll: 7 });
    const { rows } = await recountAll(scope);
    const drift = valueOf(rows, 'members.postsAll')!;
    expect(drift).toMatchObject({ stored: 7, recounted: 2 });
    expect(rows.filter((r) => r.stored !== r.recounted)).toHaveLength(1);

    const repair = (stored: number) =>
      as<CounterRepair>(boss.browser, 'POST', '/api/iam/admin/counters/repair', { scope, audience: 'members', field: 'postsAll', stored, recounted: drift.recounted });
    const stale = await repair(6);
    expect(stale.data).toEqual({ outcome: 'changed' });
    expect((await getItem(`counter#${scope}`, 'members'))?.postsAll).toBe(7);

    const fixed = await repair(7);
    expect(fixed.data).toEqual({ outcome: 'repaired' });
    expect((await getItem(`counter#${scope}`, 'members'))?.postsAll).toBe(2);
    expect((await recountAll(scope)).rows.every((r) => r.stored === r.recounted)).toBe(true);
    expect((await repair(2)).data).toEqual({ outcome: 'unchanged' });
  });

  it('repairs a counter item that is missing, and refuses what is not a counter', async () => {
    const page = await newPage(author);
    const scope = `page#${page.id}`;
    const res = await as<CounterRepair>(boss.browser, 'POST', '/api/iam/admin/counters/repair', { scope, audience: 'owner', field: 'news', stored: 0, recounted: 3 });
    expect(res.data).toEqual({ outcome: 'repaired' });
    expect((await getItem(`counter#${scope}`, 'owner'))?.news).toBe(3);
    const back = await as<CounterRepair>(boss.browser, 'POST', '/api/iam/admin/counters/repair', { scope, audience: 'owner', field: 'news', stored: 3, recounted: 0 });
    expect(back.data).toEqual({ outcome: 'repaired' });

    const tagOwner = await as(boss.browser, 'POST', '/api/iam/admin/counters/repair', { scope: `tag#${tag}`, audience: 'owner', field: 'news', stored: 0, recounted: 1 });
    expect(tagOwner.status).toBe(400);
    expect(tagOwner.json).toMatchObject({ error: { field: 'audience' } });
    const negative = await as(boss.browser, 'POST', '/api/iam/admin/counters/repair', { scope, audience: 'members', field: 'news', stored: 0, recounted: -1 });
    expect(negative.json).toMatchObject({ error: { field: 'recounted' } });
    const field = await as(boss.browser, 'POST', '/api/iam/admin/counters/repair', { scope, audience: 'members', field: 'likes', stored: 0, recounted: 1 });
    expect(field.json).toMatchObject({ error: { field: 'field' } });
    const member = await as(author.browser, 'POST', '/api/iam/admin/counters/repair', { scope, audience: 'members', field: 'news', stored: 0, recounted: 1 });
    expect(member.status).toBe(403);
  });

  it('takes the site scope\'s members, pages and events under the audience all, and nothing else there', async () => {
    const { rows } = await recountAll('SITE');
    expect(rows.map((r) => [r.counter, r.audience, r.key])).toEqual(['members', 'pages', 'events'].map((f) => [`all.${f}`, 'all', 'counter#site all']));
    expect(rows.find((r) => r.field === 'members')!.recounted).toBeGreaterThanOrEqual(2);
    const repair = (body: Record<string, unknown>) => as(boss.browser, 'POST', '/api/iam/admin/counters/repair', { stored: 0, recounted: 0, ...body });
    expect((await repair({ scope: 'site', audience: 'members', field: 'members' })).json).toMatchObject({ error: { field: 'audience' } });
    expect((await repair({ scope: 'site', audience: 'all', field: 'postsAll' })).json).toMatchObject({ error: { field: 'field' } });
    expect((await repair({ scope: 'global', audience: 'all', field: 'postsAll' })).json).toMatchObject({ error: { field: 'audience' } });
    expect((await repair({ scope: 'global', audience: 'members', field: 'events' })).json).toMatchObject({ error: { field: 'field' } });
    const forged = Buffer.from(JSON.stringify({ scope: 'site', source: 0, start: null, read: 0, counts: { all: { postsAll: 3 } } })).toString('base64url');
    expect((await recountCall({ scope: 'site', cursorId: forged })).json).toMatchObject({ error: { field: 'cursorId' } });
  });
});
