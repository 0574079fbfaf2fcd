/**
 * GET /api/iam/search/term/{term}: what is found, in what order, and that nothing comes back to
 * someone who may not see it, for every kind and audience. Items are hidden by setting `hiddenAt`
 * on them directly, as moderation does.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../functions/system/stream-dispatch';
import { rateLimitKey } from '../../functions/db/entities/rate-limit';
import { DEFAULT_LIMITS } from '../../functions/lib/rate-limit';
import type { SearchResults } from '../../shared/answers/search';
import { as, newBrowser } from '../support/accounts';
import { call } from '../support/api';
import { newPlant, newPost } from '../support/content';
import { deleteItem, getItem, putItem, queryPartition, setAttributes } from '../support/db';
import { useHostTable } from '../support/host-env';
import { streamRecords } from '../support/stream';
import { dateIn, newEvent } from '../support/events';
import { newPage, uniqueHandle } from '../support/pages';
import { registeredUser as member, unregisteredUser, type TestUser as Member } from '../support/users';

/** A word no other test writes: letters only, so it is a valid name. */
const word = (n = 10) => Array.from(randomUUID().replace(/-/g, '').slice(0, n), (c) => String.fromCharCode(97 + (parseInt(c, 16) % 26))).join('');
const W = `zq${word()}`;
const find = (m: Member, term: string) => as<SearchResults>(m.browser, 'GET', `/api/iam/search/term/${encodeURIComponent(term)}`);
const ids = (hits: { id: string }[]) => hits.map((h) => h.id);

let viewer: Member;
let author: Member;
let exact: Member;
beforeAll(async () => {
  [viewer, author, exact] = await Promise.all([member({ last_name: W }), member({ last_name: `${W} Ávila` }), member({ username: W, first_name: 'Noor', last_name: 'Haddad' })]);
});

describe('GET /api/iam/search/term/{term}', () => {
  it('finds members, pages, tags, posts, plants and upcoming events, best match first, case and accents folded', async () => {
    const page = await newPage(author, { name: `${W} Growers`, handle: uniqueHandle() });
    const post = await newPost(author, { text: `Cuttings of my ${W}ish fern, free to a good home`, tags: [`${W}tag`] });
    const plant = await newPlant(author, { commonName: `${W}ia`, text: 'A rare one' });
    const event = await newEvent(author, { title: `${W.toUpperCase()} swap`, specifics: [dateIn(5)] });

    const res = await find(viewer, W.toUpperCase());
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    // Exact (the username) before word matches (the last names).
    expect(ids(res.data.users)[0]).toBe(exact.profile.uuid);
    expect(ids(res.data.users)).toEqual(expect.arrayContaining([viewer.profile.uuid, author.profile.uuid]));
    expect(res.data.pages).toEqual([expect.objectContaining({ id: page.id, name: `${W} Growers` })]);
    expect(res.data.tags).toEqual([{ name: `${W}tag`, usageCount: 1 }]);
    expect(ids(res.data.posts)).toEqual([post.id]);
    expect(res.data.posts[0]).toMatchObject({ snippet: expect.stringContaining('Cuttings'), owner: { type: 'user', id: author.profile.uuid } });
    expect(res.data.plants).toEqual([expect.objectContaining({ id: plant.id, commonName: `${W}ia`, photo: expect.any(String), available: true })]);
    expect(res.data.events).toEqual([expect.objectContaining({ id: event.id, title: `${W.toUpperCase()} swap` })]);

    // Accents and case: "ÁVILA" finds "Ávila"; a prefix of 2+ letters of a word finds it.
    const accent = await find(viewer, `${W} avi`);
    expect(ids(accent.data.users)).toEqual([author.profile.uuid]);
    // Plant names by prefix, post words by prefix, names by prefix.
    const prefix = await find(viewer, `${W}i`);
    expect(ids(prefix.data.plants)).toEqual([plant.id]);
    expect(ids(prefix.data.posts)).toEqual([post.id]);
    expect(prefix.data.users).toEqual([]);

    // An edit's words replace the old ones; a renamed page is found by its new name only.
    expect((await as(author.browser, 'PUT', '/api/iam/posts/update/textandtags', { postId: post.id, userId: author.profile.uuid, text: 'nothing to see', tags: [] })).status).toBeLessThan(300);
    expect(ids((await find(viewer, `${W}ish`)).data.posts)).toEqual([]);
  });

  it('gives a long series its next date when a page of the dates read from a month back are all over', async () => {
    const T = `zs${randomUUID().replace(/[^a-f]/g, '').slice(0, 8)}`;
    const event = await newEvent(author, { title: `${T} daily swap`, specifics: [dateIn(2)] });
    const [real] = (await queryPartition(`event#${event.id}`)).filter((i) => String(i.sk).startsWith('date#'));
    const day = 86_400_000;
    // 40 daily dates over before it (the last 30 days') and 20 long ago: as a series that has run a while.
    const old = [...Array.from({ length: 40 }, (_, i) => Date.now() - (i + 1) * day * 0.75), ...Array.from({ length: 20 }, (_, i) => Date.now() - (60 + i) * day)];
    // Copies of the date in its partition alone (no index keys: no list shows them).
    const base = Object.fromEntries(Object.entries(real!).filter(([k]) => k === 'pk' || !/(pk|sk)$/.test(k)));
    for (const start of old) {
      const key = String(Math.round(start)).padStart(13, '0');
      await putItem({ ...base, sk: `date#${key}`, dateKey: key, startsAt: new Date(start).toISOString(), endsAt: new Date(start + 3_600_000).toISOString() });
    }
    const res = await find(viewer, T);
    expect(res.data.events).toEqual([expect.objectContaining({ id: event.id, startsAt: real!.startsAt })]);
  });

  it('answers 400 naming the term when it has fewer than 2 letters or digits, and 401 to a guest', async () => {
    const short = await find(viewer, 'a');
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.json)).toContain('term');
    expect((await find(viewer, '-!')).status).toBe(400);
    expect((await call('GET', `/api/iam/search/term/${W}`)).status).toBe(401);
  });

  it(`answers 429 past ${DEFAULT_LIMITS.SEARCH_USER.max} searches in an hour, to that member only`, async () => {
    const { max, seconds } = DEFAULT_LIMITS.SEARCH_USER;
    const [busy, other] = await Promise.all([member(), member()]);
    let now = Math.floor(Date.now() / 1000);
    // Not in a window's last seconds: the two searches below fall in the one staged here.
    if (seconds - (now % seconds) < 10) await new Promise((done) => setTimeout(done, 11_000));
    now = Math.floor(Date.now() / 1000);
    const windowStart = now - (now % seconds);
    await setAttributes(`rate#${rateLimitKey('SEARCH_USER', busy.uuid)}#${windowStart}`, 'rate', { count: max - 1 });
    expect((await find(busy, W)).status).toBe(200);
    const refused = await find(busy, W);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect((await find(other, W)).status).toBe(200);
  });
});

describe('search shows only what the viewer may see', () => {
  it('posts by privacy, blocks either way, hidden, deleted and suspended or deleted accounts, the directory setting, past events', async () => {
    const T = `zq${word()}`;
    const [me, other, blocker, blocked, suspended, gone, shy] = await Promise.all([0, 1, 2, 3, 4, 5, 6].map(() => member({ last_name: T }))) as [Member, Member, Member, Member, Member, Member, Member];
    const post = (m: Member, privacy: 'public' | 'members' | 'private', text = `${T} words`) => newPost(m, { text, privacy });
    const [pub, membersOnly, othersPrivate, myPrivate, byBlocker, byBlocked, bySuspended, hiddenPost, deletedPost] = await Promise.all([
      post(other, 'public'),
      post(other, 'members'),
      post(other, 'private'),
      post(me, 'private'),
      post(blocker, 'public'),
      post(blocked, 'public'),
      post(suspended, 'public'),
      post(other, 'public'),
      post(other, 'public'),
    ]);
    const hiddenPage = await newPage(other, { name: `${T} hidden`, handle: uniqueHandle() });
    const livePage = await newPage(other, { name: `${T} live`, handle: uniqueHandle() });
    const upcoming = await newEvent(other, { title: `${T} upcoming` });
    const past = await newEvent(other, { title: `${T} past` });
    const hiddenEvent = await newEvent(other, { title: `${T} hidden event` });

    expect((await as(blocker.browser, 'POST', '/api/iam/blocks/new', { userId: me.profile.uuid })).status).toBeLessThan(300);
    expect((await as(me.browser, 'POST', '/api/iam/blocks/new', { userId: blocked.profile.uuid })).status).toBeLessThan(300);
    expect((await as(shy.browser, 'PUT', '/api/iam/users/update-user-settings', { show_in_directory: false })).status).toBe(200);
    await setAttributes(`user#${suspended.profile.uuid}`, 'profile', { suspended: true });
    await setAttributes(`user#${gone.profile.uuid}`, 'profile', { deletedAt: new Date().toISOString() });
    await setAttributes(`post#${hiddenPost.id}`, 'post', { hiddenAt: new Date().toISOString() });
    await setAttributes(`page#${hiddenPage.id}`, 'page', { hiddenAt: new Date().toISOString() });
    await setAttributes(`event#${hiddenEvent.id}`, 'event', { hiddenAt: new Date().toISOString() });
    for (const d of (await queryPartition(`event#${past.id}`)).filter((i) => String(i.sk).startsWith('date#'))) {
      await setAttributes(`event#${past.id}`, String(d.sk), { startsAt: new Date(Date.now() - 3 * 86_400_000).toISOString(), endsAt: new Date(Date.now() - 2 * 86_400_000).toISOString() });
    }
    const started = Date.now();
    expect((await as(other.browser, 'DELETE', '/api/iam/posts', { postId: deletedPost.id, userId: other.profile.uuid })).status).toBeLessThan(300);

    const res = await find(me, T);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    // A deleted post left at once (well within seconds).
    expect(Date.now() - started).toBeLessThan(5000);
    const names = new Map(Object.entries({ pub, membersOnly, othersPrivate, myPrivate, byBlocker, byBlocked, bySuspended, hiddenPost, deletedPost }).map(([k, v]) => [v.id, k]));
    expect(ids(res.data.posts).map((id) => names.get(id)).sort()).toEqual(['membersOnly', 'myPrivate', 'pub']);
    for (const absent of [othersPrivate, byBlocker, byBlocked, bySuspended, hiddenPost, deletedPost]) expect(ids(res.data.posts)).not.toContain(absent.id);
    expect(ids(res.data.users).sort()).toEqual([me.profile.uuid, other.profile.uuid].sort());
    expect(ids(res.data.pages)).toEqual([livePage.id]);
    expect(ids(res.data.events)).toEqual([upcoming.id]);

    // The other side of each block sees the same wall.
    const blockerView = await find(blocker, T);
    expect(ids(blockerView.data.users)).not.toContain(me.profile.uuid);
    expect(ids(blockerView.data.posts)).not.toContain(myPrivate.id);
    // Another member reads the members-only post and not my private one.
    const otherView = await find(blocked, T);
    expect(ids(otherView.data.posts)).toEqual(expect.arrayContaining([pub.id, membersOnly.id]));
    expect(ids(otherView.data.posts)).not.toContain(myPrivate.id);
    expect(ids(otherView.data.posts)).not.toContain(othersPrivate.id);
    // An unfinished sign-up may search (access: user) but is no member: members-only posts stay out.
    const incomplete = await unregisteredUser();
    const incompleteView = await find(incomplete, T);
    expect(incompleteView.status).toBe(200);
    expect(ids(incompleteView.data.posts)).toContain(pub.id);
    expect(ids(incompleteView.data.posts)).not.toContain(membersOnly.id);
    // A member who turned the directory off is not found by name, but finds themselves.
    expect(ids((await find(shy, T)).data.users)).toContain(shy.profile.uuid);
    expect(await queryPartition(`search#post#${deletedPost.id}`)).toEqual([]);
  });

  it('answers 401 to a deleted account\'s cookie', async () => {
    const m = await member();
    const cookies = new Map(m.browser.cookies);
    expect((await as(m.browser, 'DELETE', '/api/iam/authn/delete', { uuid: m.profile.uuid })).status).toBe(200);
    const stale = newBrowser();
    for (const [k, v] of cookies) stale.cookies.set(k, v);
    stale.csrf = m.browser.csrf;
    expect((await as(stale, 'GET', `/api/iam/search/term/${W}`)).status).toBe(401);
  });
});

describe('a post\'s words in the cloud', () => {
  it('come from the stream dispatcher, once per version, and leave with the post', async () => {
    useHostTable();
    const T = `zq${word()}`;
    const post = await newPost(author, { text: `Spare ${T} runners` });
    // As in the cloud, where the request leaves the words to the stream: none yet.
    for (const item of await queryPartition(`search#post#${post.id}`)) await deleteItem(String(item.pk), String(item.sk));
    expect(ids((await find(viewer, T)).data.posts)).toEqual([]);

    const sink = { send: async () => 'sent' as const, close: async () => undefined };
    const record = streamRecords(0, 'INSERT');
    const inserted = await record(`post#${post.id}`, 'post');
    expect(await dispatch({ Records: [inserted] }, { shortOfTime: () => false, sink })).toEqual({ batchItemFailures: [] });
    expect(ids((await find(viewer, T)).data.posts)).toEqual([post.id]);
    const marker = await getItem(`search#post#${post.id}`, 'searchw');
    expect(marker).toMatchObject({ words: expect.arrayContaining([T, 'spare', 'runners']) });
    // The same record again (a retry) changes nothing.
    expect(await dispatch({ Records: [inserted] }, { shortOfTime: () => false, sink })).toEqual({ batchItemFailures: [] });
    expect(await getItem(`search#post#${post.id}`, 'searchw')).toEqual(marker);

    const stored = (await getItem(`post#${post.id}`, 'post'))!;
    const deleted = await record(`post#${post.id}`, 'post', 'MODIFY', { ...stored, deletedAt: new Date().toISOString(), version: Number(stored.version) + 1 });
    expect(await dispatch({ Records: [deleted] }, { shortOfTime: () => false, sink })).toEqual({ batchItemFailures: [] });
    expect(await queryPartition(`search#post#${post.id}`)).toEqual([]);
  });
});
