/** The tag tree (labels, parents, children, interest categories), deleting a tag, and members' interests. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InterestsChange, TagDeletion, TagNode, TagTree, TagView, UserInterests } from '../../shared/answers/tags';
import { as, type Browser } from '../support/accounts';
import { call } from '../support/api';
import { newPlant, newPost } from '../support/content';
import { getItem, putItem, queryPartition } from '../support/db';
import { useHostTable } from '../support/host-env';
import { streamRecords } from '../support/stream';
import { admin, registeredUser, signInAgain, unregisteredUser, type TestUser } from '../support/users';

const unique = () => `t${randomUUID().replace(/-/g, '').slice(0, 10)}`;

let u: TestUser;
let other: TestUser;
let boss: TestUser;
beforeAll(async () => {
  useHostTable();
  [u, other] = await Promise.all([registeredUser(), registeredUser()]);
  const promoted = await registeredUser();
  expect((await as((await admin()).browser, 'PUT', `/api/iam/users/${promoted.uuid}`, { is_admin: true })).status).toBe(200);
  boss = await signInAgain(promoted);
});

const newTag = async (name: string, isParent = false) => {
  const res = await as<TagView>((isParent ? boss : u).browser, 'POST', '/api/iam/tags/new', { tagName: name, isParent });
  expect(res.status).toBe(201);
  return res.data;
};
const update = (body: object, who = boss) => as<TagNode>(who.browser, 'PUT', '/api/iam/tags/update', body);
const node = (name: string) => as<TagNode>(u.browser, 'GET', `/api/iam/tags/get-tag-n-children/name/${encodeURIComponent(name)}`);
const follow = (b: Browser, tagIdArr: unknown, interestType: unknown = 'grow') => as<InterestsChange>(b, 'POST', '/api/iam/tags/new-interests', { tagIdArr, interestType });
const unfollow = (b: Browser, tagIdArr: unknown, interestType: unknown = 'grow') => as<InterestsChange>(b, 'DELETE', '/api/iam/tags/delete-interests', { tagIdArr, interestType });
const interestsOf = (b: Browser, id: string) => as<UserInterests>(b, 'GET', `/api/iam/tags/user-interests/${id}`);

describe('PUT /api/iam/tags/update', () => {
  it('labels, describes and flags a parent, takes in children, and moves a tag back to the top', async () => {
    const p = unique();
    const [a, b] = [`${p} a`, `${p} b`];
    await Promise.all([newTag(p, true), newTag(a), newTag(b)]);
    const res = await update({ tagDetails: { name: p, label: '  Ferns   and  friends ', description: 'Fronds.', interestCategory: true }, tagGroupBody: { children: [b, a] } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.data.tag).toMatchObject({ name: p, id: p, label: 'Ferns and friends', description: 'Fronds.', interestCategory: true, isParent: true, childCount: 2 });
    expect(res.data.children.map((t) => t.name)).toEqual([a, b]);
    expect((await node(a)).data.tag.parentName).toBe(p);

    const cats = await as<TagTree>(u.browser, 'GET', '/api/iam/tags/interest-cat-tags');
    expect(cats.data.tags.find((n) => n.tag.name === p)?.children.map((t) => t.name)).toEqual([a, b]);
    const tree = await as<TagTree>(u.browser, 'GET', '/api/iam/tags/get-tags-n-children/parents');
    expect(tree.data.tags.find((n) => n.tag.name === p)?.tag.childCount).toBe(2);

    // Renaming changes the label only: the name (the key) stays, and so do the lookups by it.
    const moved = await update({ tagDetails: { name: a, parentName: null, label: 'Maidenhair' } });
    expect(moved.status).toBe(200);
    expect(moved.data.tag).toMatchObject({ name: a, label: 'Maidenhair', parentName: null });
    expect((await node(p)).data).toMatchObject({ tag: { childCount: 1 }, children: [expect.objectContaining({ name: b })] });
    expect((await as<TagView>(u.browser, 'GET', `/api/iam/tags/get-single/name/${encodeURIComponent(a)}`)).data.label).toBe('Maidenhair');
    // An empty label shows the name again; an unflagged category leaves the categories.
    expect((await update({ tagDetails: { name: a, label: '' } })).data.tag.label).toBe(a);
    await update({ tagDetails: { name: p, interestCategory: false } });
    expect((await as<TagTree>(u.browser, 'GET', '/api/iam/tags/interest-cat-tags')).data.tags.some((n) => n.tag.name === p)).toBe(false);
  });

  it('keeps what the admins shaped from a member\'s check-if-last: a child in the tree, a labelled or described tag', async () => {
    const p = unique();
    const [child, labelled, bare] = [`${p} child`, `${p} labelled`, `${p} bare`];
    await Promise.all([newTag(p, true), newTag(child), newTag(labelled), newTag(bare)]);
    expect((await update({ tagDetails: { name: p }, tagGroupBody: { children: [child] } })).status).toBe(200);
    expect((await update({ tagDetails: { name: labelled, description: 'Kept by the admins.' } })).status).toBe(200);
    const res = await as<{ removed: string[] }>(u.browser, 'PUT', '/api/iam/tags/check-if-last', { tagIdArr: [child, labelled, bare] });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.data.removed).toEqual([bare]);
    expect((await node(child)).data.tag.parentName).toBe(p);
    expect((await node(p)).data.tag.childCount).toBe(1);
    expect((await node(labelled)).data.tag.description).toBe('Kept by the admins.');
  });

  it('refuses cycles, a parent that is not a parent tag, un-parenting a tag with children, and unknown tags', async () => {
    const top = unique();
    const mid = `${top} mid`;
    const leaf = `${top} leaf`;
    await Promise.all([newTag(top, true), newTag(mid, true), newTag(leaf)]);
    expect((await update({ tagDetails: { name: mid, parentName: top } })).status).toBe(200);
    expect((await update({ tagDetails: { name: leaf, parentName: mid } })).status).toBe(200);

    const cycle = await update({ tagDetails: { name: top, parentName: mid } });
    expect(cycle.status).toBe(409);
    expect(cycle.json).toMatchObject({ error: { field: 'tagDetails.parentName' } });
    const cycleByChildren = await update({ tagDetails: { name: mid }, tagGroupBody: { children: [top] } });
    expect(cycleByChildren.status).toBe(409);
    expect(cycleByChildren.json).toMatchObject({ error: { field: 'tagGroupBody.children' } });
    const self = await update({ tagDetails: { name: top, parentName: top } });
    expect(self.status).toBe(409);

    const notParent = await update({ tagDetails: { name: top, parentName: leaf } });
    expect(notParent.status).toBe(400);
    expect(notParent.json).toMatchObject({ error: { field: 'tagDetails.parentName' } });
    const unparent = await update({ tagDetails: { name: mid, isParent: false } });
    expect(unparent.status).toBe(409);
    expect(unparent.json).toMatchObject({ error: { field: 'tagDetails.isParent' } });
    const category = await update({ tagDetails: { name: leaf, interestCategory: true } });
    expect(category.status).toBe(400);
    expect(category.json).toMatchObject({ error: { field: 'tagDetails.interestCategory' } });
    expect((await update({ tagDetails: { name: unique() } })).status).toBe(404);
    const missingChild = await update({ tagDetails: { name: top }, tagGroupBody: { children: [unique()] } });
    expect(missingChild.status).toBe(404);
    expect(missingChild.json).toMatchObject({ error: { field: 'tagGroupBody.children' } });

    // Nothing moved.
    expect((await node(top)).data).toMatchObject({ tag: { parentName: null, childCount: 1 }, children: [expect.objectContaining({ name: mid })] });
    expect((await node(mid)).data).toMatchObject({ tag: { parentName: top, isParent: true, childCount: 1 } });
    // Once its child moved away, a parent may stop being one.
    expect((await update({ tagDetails: { name: leaf, parentName: null } })).status).toBe(200);
    const plain = await update({ tagDetails: { name: mid, isParent: false } });
    expect(plain.status).toBe(200);
    expect(plain.data.tag).toMatchObject({ isParent: false, childCount: 0 });
    expect(await getItem('tags', `tag#${mid}`)).not.toHaveProperty('gsi2pk');
  });

  it('answers 400 naming the field, 403 to a member and 401 to a guest', async () => {
    const name = unique();
    await newTag(name);
    const cases: [object, string][] = [
      [{}, 'tagDetails'],
      [{ tagDetails: { name: 'rose!' } }, 'tagDetails.name'],
      [{ tagDetails: { name, label: 'x'.repeat(61) } }, 'tagDetails.label'],
      [{ tagDetails: { name, isParent: 'yes' } }, 'tagDetails.isParent'],
      [{ tagDetails: { name, colour: 'red' } }, 'tagDetails.colour'],
      [{ tagDetails: { name }, tagGroupBody: { children: [] } }, 'tagGroupBody.children'],
    ];
    for (const [body, field] of cases) {
      const res = await update(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toMatchObject({ error: { field } });
    }
    expect((await update({ tagDetails: { name, label: 'Mine' } }, u)).status).toBe(403);
    expect((await call('PUT', '/api/iam/tags/update', { body: { tagDetails: { name } } })).status).toBe(401);
    expect(await getItem('tags', `tag#${name}`)).not.toHaveProperty('label');
  });
});

describe('DELETE /api/iam/tags/{name}', () => {
  it('takes the tag off its posts without moving them, removes its links, interests and counters, then the tag', async () => {
    const tag = unique();
    const kept = unique();
    const pub = await newPost(u, { tags: [tag, kept], privacy: 'public' });
    const members = await newPlant(other, { tags: [tag], privacy: 'members' });
    expect((await follow(other.browser, [tag], 'swap')).status).toBe(200);
    const before = await getItem(`post#${pub.id}`, 'post');
    const countBefore = (await getItem(`user#${other.uuid}`, 'interest-count'))?.n;

    const res = await as<TagDeletion>(boss.browser, 'DELETE', `/api/iam/tags/${tag}`, {});
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.data).toEqual({ name: tag, posts: 2, done: true });

    expect(await getItem('tags', `tag#${tag}`)).toBeUndefined();
    expect(await getItem(`tagdelete#${tag}`, 'job')).toBeUndefined();
    for (const pk of [`taglink#${tag}#public`, `taglink#${tag}#members`, `counter#tag#${tag}`]) expect(await queryPartition(pk)).toEqual([]);
    const after = await getItem(`post#${pub.id}`, 'post');
    expect(after).toMatchObject({ tags: [kept], version: (before!.version as number) + 1, updatedAt: before!.updatedAt, pubsk: before!.pubsk });
    expect(await getItem(`post#${members.id}`, 'post')).toMatchObject({ tags: [] });
    // The other tag still lists the post at the same place, and counts it.
    expect((await queryPartition(`taglink#${kept}#public`)).map((l) => l.sk)).toEqual([`${before!.updatedAt}#${pub.id}`]);
    expect(await getItem(`counter#tag#${kept}`, 'public')).toMatchObject({ postsAll: 1 });
    expect(await getItem(`user#${other.uuid}`, `interest#swap#${tag}`)).toBeUndefined();
    expect((await getItem(`user#${other.uuid}`, 'interest-count'))?.n).toBe((countBefore as number) - 1);
    // The post can still be edited, and the name can be used afresh.
    const edit = await as(u.browser, 'PUT', '/api/iam/posts/update/textandtags', { postId: pub.id, userId: u.uuid, text: 'edited', tags: [kept, tag] });
    expect(edit.status, JSON.stringify(edit.json)).toBe(200);
    expect(await getItem('tags', `tag#${tag}`)).toMatchObject({ usageCount: 1 });
  });

  it('lets a private post keep, drop and be deleted with a tag the admins removed (its lists never held the post)', async () => {
    const tag = unique();
    const kept = unique();
    const mine = await newPost(u, { tags: [tag, kept], privacy: 'private' });
    const other = await newPost(u, { tags: [tag], privacy: 'private' });
    expect((await as<TagDeletion>(boss.browser, 'DELETE', `/api/iam/tags/${tag}`, {})).data).toMatchObject({ name: tag, done: true });
    expect(await getItem('tags', `tag#${tag}`)).toBeUndefined();
    // The private post still names it; dropping it gives back nothing and counts nothing.
    const edit = await as(u.browser, 'PUT', '/api/iam/posts/update/textandtags', { postId: mine.id, userId: u.uuid, text: 'kept the other', tags: [kept] });
    expect(edit.status, JSON.stringify(edit.json)).toBe(200);
    expect(await getItem(`post#${mine.id}`, 'post')).toMatchObject({ tags: [kept] });
    expect(await getItem('tags', `tag#${tag}`)).toBeUndefined();
    expect(await getItem('tags', `tag#${kept}`)).toMatchObject({ usageCount: 1 });
    // Deleting a private post that still names the removed tag works, and takes the other tag's use back.
    expect((await as(u.browser, 'DELETE', '/api/iam/posts', { postId: other.id, userId: u.uuid })).status).toBe(200);
    expect((await as(u.browser, 'DELETE', '/api/iam/posts', { postId: mine.id, userId: u.uuid })).status).toBe(200);
    expect(await getItem('tags', `tag#${kept}`)).toMatchObject({ usageCount: 0 });
    expect(await getItem('tags', `tag#${tag}`)).toBeUndefined();
  });

  it('drops a removed tag from a private post made public, rather than list the post under it', async () => {
    const tag = unique();
    const kept = unique();
    const mine = await newPost(u, { tags: [tag, kept], privacy: 'private' });
    expect((await as<TagDeletion>(boss.browser, 'DELETE', `/api/iam/tags/${tag}`, {})).data).toMatchObject({ name: tag, done: true });
    const shown = await as(u.browser, 'PUT', '/api/iam/posts/privacy', { id: mine.id, uuid: u.uuid, privacy: 'public' });
    expect(shown.status, JSON.stringify(shown.json)).toBe(200);
    expect(await getItem(`post#${mine.id}`, 'post')).toMatchObject({ tags: [kept], privacy: 'public' });
    // Listed under the tag that exists, not under the removed one (no tag item, no list, no use).
    expect(await queryPartition(`taglink#${tag}#public`)).toEqual([]);
    expect(await queryPartition(`taglink#${kept}#public`)).toHaveLength(1);
    expect(await getItem('tags', `tag#${tag}`)).toBeUndefined();
    expect(await getItem('tags', `tag#${kept}`)).toMatchObject({ usageCount: 1 });
  });

  it('resumes a run cut short, and refuses a tag with children, an unknown tag and a member', async () => {
    const tag = unique();
    await newPost(u, { tags: [tag] });
    await newPost(other, { tags: [tag] });
    process.env.SWEEPS = 'stream';
    const { deleteTag, runTagDeletion, saveProgress } = await import('../../functions/cascades/tag-deletion');
    try {
      expect(await deleteTag(tag)).toEqual({ name: tag, posts: 2, done: false });
    } finally {
      delete process.env.SWEEPS;
    }
    const marked = await getItem('tags', `tag#${tag}`);
    expect(marked).toMatchObject({ deletingAt: expect.any(String) });
    expect(await getItem(`tagdelete#${tag}`, 'job')).toMatchObject({ token: marked!.deletingAt });
    // A new post cannot take the tag while it goes.
    const refused = await as(u.browser, 'POST', '/api/iam/posts/new', { id: randomUUID(), text: 'late', tags: [tag], photos: [], privacy: 'public' });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    let asked = 0;
    expect(await runTagDeletion(tag, String(marked!.deletingAt), { shouldStop: () => asked++ >= 2 })).toBe(false);
    // Stopped after one post: the other is still listed, the tag still there.
    expect(await queryPartition(`taglink#${tag}#members`)).toHaveLength(1);
    expect(await getItem('tags', `tag#${tag}`)).toMatchObject({ usageCount: 1 });
    // In the cloud the cut-short run saved its progress on the job item, and that change's stream record runs the rest.
    await saveProgress({ name: tag, token: String(marked!.deletingAt) });
    expect(await getItem(`tagdelete#${tag}`, 'job')).toMatchObject({ runs: 1 });
    const { handler } = await import('../../functions/system/stream-dispatch');
    const record = await streamRecords(3_000_000, 'MODIFY')(`tagdelete#${tag}`, 'job');
    expect(await handler({ Records: [record] }, { getRemainingTimeInMillis: () => 600_000 })).toEqual({ batchItemFailures: [] });
    expect(await queryPartition(`taglink#${tag}#members`)).toEqual([]);
    expect(await getItem('tags', `tag#${tag}`)).toBeUndefined();
    expect(await getItem(`tagdelete#${tag}`, 'job')).toBeUndefined();
    // A second delivery finds nothing to do.
    expect(await handler({ Records: [record] }, { getRemainingTimeInMillis: () => 600_000 })).toEqual({ batchItemFailures: [] });

    const parent = unique();
    await newTag(parent, true);
    await newTag(`${parent} kid`);
    await update({ tagDetails: { name: parent }, tagGroupBody: { children: [`${parent} kid`] } });
    const withKids = await as(boss.browser, 'DELETE', `/api/iam/tags/${encodeURIComponent(parent)}`, {});
    expect(withKids.status).toBe(409);
    expect(withKids.json).toMatchObject({ error: { field: 'name' } });
    expect((await as(boss.browser, 'DELETE', `/api/iam/tags/${unique()}`, {})).status).toBe(404);
    expect((await as(u.browser, 'DELETE', `/api/iam/tags/${encodeURIComponent(parent)}`, {})).status).toBe(403);
    expect(await getItem('tags', `tag#${parent}`)).not.toHaveProperty('deletingAt');
    // Its child deleted, the parent has none left and may go too.
    expect((await as(boss.browser, 'DELETE', `/api/iam/tags/${encodeURIComponent(`${parent} kid`)}`, {})).status).toBe(200);
    expect(await getItem('tags', `tag#${parent}`)).toMatchObject({ childCount: 0 });
    expect((await as<TagDeletion>(boss.browser, 'DELETE', `/api/iam/tags/${encodeURIComponent(parent)}`, {})).data).toEqual({ name: parent, posts: 0, done: true });
    expect(await getItem('tags', `tag#${parent}`)).toBeUndefined();
  });
});

describe('interests', () => {
  it('follows and unfollows idempotently, per kind, and lists the newest first', async () => {
    const me = await registeredUser();
    const [a, b] = [unique(), unique()];
    await Promise.all([newTag(a), newTag(b)]);
    const first = await follow(me.browser, [a, b.toUpperCase()]);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.data).toEqual({ changed: [a, b], count: 2 });
    expect((await follow(me.browser, [a])).data).toEqual({ changed: [], count: 2 });
    expect((await follow(me.browser, [a], 'learn')).data).toEqual({ changed: [a], count: 3 });

    const mine = await interestsOf(me.browser, me.uuid);
    expect(mine.data.interests[0]).toMatchObject({ interestType: 'learn', tag: { name: a } });
    expect(new Set(mine.data.interests.map((i) => `${i.interestType}:${i.tag.name}`))).toEqual(new Set([`learn:${a}`, `grow:${a}`, `grow:${b}`]));
    expect(mine.data.max).toBe(60);
    // Another member sees them as the profile shows them.
    expect((await interestsOf(other.browser, me.uuid)).data.interests).toHaveLength(3);
    // The tag lists who is interested.
    expect((await queryPartition(`user#${me.uuid}`)).filter((i) => String(i.sk).startsWith('interest#')).map((i) => i.gsi1pk).sort()).toEqual([`tagfans#${a}`, `tagfans#${a}`, `tagfans#${b}`].sort());

    expect((await unfollow(me.browser, [a])).data).toEqual({ changed: [a], count: 2 });
    expect((await unfollow(me.browser, [a])).data).toEqual({ changed: [], count: 2 });
    expect((await interestsOf(me.browser, me.uuid)).data.interests.map((i) => `${i.interestType}:${i.tag.name}`).sort()).toEqual([`grow:${b}`, `learn:${a}`].sort());
  });

  it('caps a member\'s interests and refuses unknown tags, writing nothing', async () => {
    const me = await registeredUser();
    const [a, b] = [unique(), unique()];
    await Promise.all([newTag(a), newTag(b)]);
    const unknown = await follow(me.browser, [a, unique()]);
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ error: { field: 'tagIdArr' } });
    expect(await getItem(`user#${me.uuid}`, `interest#grow#${a}`)).toBeUndefined();
    await putItem({ pk: `user#${me.uuid}`, sk: 'interest-count', n: 59 });
    const over = await follow(me.browser, [a, b]);
    expect(over.status).toBe(409);
    expect(over.json).toMatchObject({ error: { field: 'tagIdArr', message: expect.stringContaining('60') } });
    expect(await getItem(`user#${me.uuid}`, `interest#grow#${a}`)).toBeUndefined();
    expect((await follow(me.browser, [a])).data).toEqual({ changed: [a], count: 60 });
  });

  it('answers 400 naming the field', async () => {
    const cases: [unknown, unknown, string][] = [
      [[], 'grow', 'tagIdArr'],
      ['fern', 'grow', 'tagIdArr'],
      [Array.from({ length: 26 }, (_, i) => `t${i}`), 'grow', 'tagIdArr'],
      [['fern'], 'admire', 'interestType'],
    ];
    for (const [tags, kind, field] of cases) {
      for (const res of [await follow(u.browser, tags, kind), await unfollow(u.browser, tags, kind)]) {
        expect(res.status, JSON.stringify([tags, kind])).toBe(400);
        expect(res.json).toMatchObject({ error: { field } });
      }
    }
    const bad = await as(u.browser, 'GET', '/api/iam/tags/user-interests/not-a-uuid');
    expect(bad.json).toMatchObject({ error: { field: 'id' } });
  });

  it('refuses a guest, an unfinished sign-up, a suspended member, a missing csrf token and a deleted account\'s cookie', async () => {
    const tag = unique();
    await newTag(tag);
    expect((await call('POST', '/api/iam/tags/new-interests', { body: { tagIdArr: [tag], interestType: 'grow' } })).status).toBe(401);
    expect((await call('GET', `/api/iam/tags/user-interests/${u.uuid}`)).status).toBe(401);
    const inc = await unregisteredUser();
    expect((await follow(inc.browser, [tag])).status).toBe(403);
    expect((await as(u.browser, 'POST', '/api/iam/tags/new-interests', { tagIdArr: [tag], interestType: 'grow' }, { noCsrf: true })).status).toBe(403);
    // An unfinished sign-up has no profile to show: 404 to others.
    expect((await interestsOf(u.browser, inc.uuid)).status).toBe(404);

    const suspended = await registeredUser();
    expect((await follow(suspended.browser, [tag])).status).toBe(200);
    expect((await as((await admin()).browser, 'PUT', `/api/iam/users/${suspended.uuid}`, { suspended: true })).status).toBe(200);
    const again = await signInAgain(suspended);
    expect((await follow(again.browser, [unique()])).status).toBe(403);
    // Others see no interests of a suspended member.
    expect((await interestsOf(u.browser, suspended.uuid)).data.interests).toEqual([]);

    const gone = await registeredUser();
    expect((await follow(gone.browser, [tag])).status).toBe(200);
    const kept = { cookies: new Map(gone.browser.cookies), csrf: gone.browser.csrf! };
    expect((await as(gone.browser, 'DELETE', '/api/iam/authn/delete', { uuid: gone.uuid })).status).toBe(200);
    expect((await follow(kept, [tag], 'learn')).status).toBe(401);
    expect((await unfollow(kept, [tag])).status).toBe(401);
    expect(await queryPartition(`user#${gone.uuid}`)).toEqual([]);
    expect((await interestsOf(u.browser, gone.uuid)).status).toBe(404);
  });
});
