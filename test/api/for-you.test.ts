/** "For you": the posts of a member's interests' tags and their pages' news, newest first, each once across pages. */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ForYouPage } from '../../shared/answers/feeds';
import { as, type Browser } from '../support/accounts';
import { call } from '../support/api';
import { ids, newPost, uniqueTag } from '../support/content';
import { getItem } from '../support/db';
import { useHostTableAndBucket } from '../support/host-env';
import { newPage } from '../support/pages';
import { admin, registeredUser, signInAgain, unregisteredUser, type TestUser } from '../support/users';

beforeAll(() => useHostTableAndBucket());

const forYou = (b: Browser, cursor?: string) => as<ForYouPage>(b, 'GET', `/api/iam/posts/for-you${cursor ? `?cursorId=${encodeURIComponent(cursor)}` : ''}`);
const makeTags = (u: TestUser, names: string[]) => Promise.all(names.map(async (tagName) => expect((await as(u.browser, 'POST', '/api/iam/tags/new', { tagName })).status).toBeLessThan(300)));
const follow = async (u: TestUser, tagIdArr: string[], interestType = 'grow') => expect((await as(u.browser, 'POST', '/api/iam/tags/new-interests', { tagIdArr, interestType })).status).toBe(200);
const pageNews = async (u: TestUser, pageId: string, privacy: 'public' | 'members', tags: string[] = []) => {
  const res = await as<{ post: { id: string } }>(u.browser, 'POST', '/api/iam/posts/new', { id: randomUUID(), text: 'news', tags, photos: [], privacy, pageId });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.data.post.id;
};
const sortKey = async (id: string) => `${(await getItem(`post#${id}`, 'post'))!.updatedAt as string}#${id}`;

describe('GET /api/iam/posts/for-you', () => {
  it('merges followed tags and the member\'s pages\' news, newest first, each post once; leaves out private posts and other tags', async () => {
    const [me, author] = await Promise.all([registeredUser(), registeredUser()]);
    const [t1, t2, t3] = [uniqueTag(), uniqueTag(), uniqueTag()];
    await makeTags(author, [t1, t2, t3]);
    await follow(me, [t1]);
    await follow(me, [t2], 'swap');
    const page = await newPage(me);
    const both = await newPost(author, { tags: [t1, t2] });
    const one = await newPost(author, { tags: [t2], privacy: 'members' });
    await newPost(author, { tags: [t1], privacy: 'private' });
    await newPost(author, { tags: [t3] });
    const news = await pageNews(me, page.id, 'members', [t1]);
    const res = await forYou(me.browser);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(ids(res.data.contentItems)).toEqual([news, one.id, both.id]);
    expect(res.data).toMatchObject({ cursorId: null, pages: 1 });
    expect([...res.data.tags].sort()).toEqual([t1, t2].sort());
    // A member with no interests and no pages gets an empty feed, not an error.
    const fresh = await registeredUser();
    expect((await forYou(fresh.browser)).data).toEqual({ contentItems: [], cursorId: null, tags: [], pages: 0 });
  });

  it('answers 400 naming cursorId, 401 to a guest, nothing to a deleted account\'s cookie; an unfinished sign-up and a suspended member see public posts only', async () => {
    const me = await registeredUser();
    expect((await as(me.browser, 'GET', '/api/iam/posts/for-you?cursorId=nope')).json).toMatchObject({ error: { field: 'cursorId' } });
    expect((await call('GET', '/api/iam/posts/for-you')).status).toBe(401);

    const tag = uniqueTag();
    await makeTags(me, [tag]);
    const pub = await newPost(me, { tags: [tag] });
    await newPost(me, { tags: [tag], privacy: 'members' });
    const suspended = await registeredUser();
    await follow(suspended, [tag]);
    expect((await as((await admin()).browser, 'PUT', `/api/iam/users/${suspended.uuid}`, { suspended: true })).status).toBe(200);
    const again = await signInAgain(suspended);
    expect(ids((await forYou(again.browser)).data.contentItems)).toEqual([pub.id]);
    const inc = await unregisteredUser();
    expect((await forYou(inc.browser)).data.contentItems).toEqual([]);

    // A deleted account's old cookie reads nothing: its interests and memberships went with it.
    const gone = await registeredUser();
    await follow(gone, [tag]);
    expect(ids((await forYou(gone.browser)).data.contentItems)).toHaveLength(2);
    const kept = { cookies: new Map(gone.browser.cookies), csrf: gone.browser.csrf! };
    expect((await as(gone.browser, 'DELETE', '/api/iam/authn/delete', { uuid: gone.uuid })).status).toBe(200);
    const after = await forYou(kept);
    expect(after.status === 401 || (after.status === 200 && after.data.contentItems.length === 0), JSON.stringify(after.json)).toBe(true);
  });
});

type Action =
  | { op: 'post'; tags: number[]; privacy: 'public' | 'members' | 'private'; asPage: boolean }
  | { op: 'edit'; index: number }
  | { op: 'delete'; index: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('post' as const), tags: fc.subarray([0, 1, 2]), privacy: fc.constantFrom('public' as const, 'members' as const, 'private' as const), asPage: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('edit' as const), index: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), index: fc.nat() }) },
);

describe('"For you" paging (property)', () => {
  it('pages through exactly the recount, newest first, with no repeats and no gaps, whatever the page size', async () => {
    const { forYou: readForYou } = await import('../../functions/feeds/interest-feed');
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 9 }), fc.integer({ min: 1, max: 4 }), async (actions, take) => {
        const [me, author] = await Promise.all([registeredUser(), registeredUser()]);
        const tags = [uniqueTag(), uniqueTag(), uniqueTag()];
        await makeTags(author, tags);
        await follow(me, [tags[0]!]);
        await follow(me, [tags[1]!], 'learn');
        const page = await newPage(author);
        await as(me.browser, 'POST', '/api/iam/pages/join', { pageId: page.id });
        const live: { id: string; tags: string[]; privacy: string; asPage: boolean }[] = [];
        for (const a of actions) {
          if (a.op === 'post') {
            const t = a.tags.map((i) => tags[i]!);
            const asPage = a.asPage && a.privacy !== 'private';
            const id = asPage ? await pageNews(author, page.id, a.privacy as 'public' | 'members', t) : (await newPost(author, { tags: t, privacy: a.privacy })).id;
            live.push({ id, tags: t, privacy: a.privacy, asPage });
          } else if (live.length) {
            const target = live[a.index % live.length]!;
            if (a.op === 'edit') {
              const res = await as(author.browser, 'PUT', '/api/iam/posts/update/textandtags', { postId: target.id, userId: author.uuid, text: `edited ${randomUUID()}`, tags: target.tags });
              expect(res.status, JSON.stringify(res.json)).toBe(200);
            } else {
              expect((await as(author.browser, 'DELETE', '/api/iam/posts', { postId: target.id, userId: author.uuid })).status).toBe(200);
              live.splice(live.indexOf(target), 1);
            }
          }
        }
        const shown = live.filter((p) => p.privacy !== 'private' && (p.asPage || p.tags.includes(tags[0]!) || p.tags.includes(tags[1]!)));
        const keyed = await Promise.all(shown.map(async (p) => ({ id: p.id, key: await sortKey(p.id) })));
        const expected = keyed.sort((a, b) => (a.key < b.key ? 1 : -1)).map((p) => p.id);

        const viewer = { userId: me.uuid, admin: false, member: true, suspended: false };
        const seen: string[] = [];
        let cursor: string | undefined;
        for (let n = 0; n < 30; n++) {
          const p = await readForYou(viewer, cursor, take);
          expect(p.items.length).toBeLessThanOrEqual(take);
          seen.push(...p.items.map((i) => i.id));
          if (!p.cursorId) break;
          cursor = p.cursorId;
        }
        expect(seen).toEqual(expected);
        // The route's own page (20) agrees.
        expect(ids((await forYou(me.browser)).data.contentItems)).toEqual(expected.slice(0, 20));
      }),
      { numRuns: 5 },
    );
  }, 240_000);
});
