/** Hiding content on a report: it leaves every list and count at once, answers 404 but to admins, and its author is told. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CommentView } from '../../shared/answers/comments';
import type { PostDetail } from '../../shared/answers/feeds';
import type { ConversationAnswer, InboxAnswer } from '../../shared/answers/messages';
import type { ReportCaseView, ReportReceipt } from '../../shared/answers/reports';
import { as } from '../support/accounts';
import { call } from '../support/api';
import { comment, ids, newPlant, newPost, notificationsOf, postDetail, uniqueTag, type FeedAnswer } from '../support/content';
import { getItem, queryPartition, setAttributes } from '../support/db';
import { admin, registeredUser, type TestUser } from '../support/users';

const guest = (path: string) => call<FeedAnswer>('GET', path);
type Get = (path: string) => Promise<{ status: number; data: FeedAnswer }>;

async function everyPage(first: string, next: (cursor: string) => string, key: 'contentItems' | 'posts' | 'plants', get: Get = guest): Promise<string[]> {
  const seen: string[] = [];
  let res = await get(first);
  for (let n = 0; n < 200; n++) {
    expect(res.status).toBe(200);
    seen.push(...ids(res.data[key]));
    if (!res.data.cursorId) return seen;
    res = await get(next(res.data.cursorId));
  }
  throw new Error('the list did not end');
}

async function reportAndHide(reporter: TestUser, boss: TestUser, type: string, id: string): Promise<ReportCaseView> {
  const filed = await as<ReportReceipt>(reporter.browser, 'POST', '/api/iam/reports/new', { target: { type, id }, reason: 'abuse', text: '' });
  expect(filed.status, JSON.stringify(filed.json)).toBe(201);
  const res = await as<ReportCaseView>(boss.browser, 'PUT', `/api/iam/admin/reports/${filed.data.caseId}`, { action: 'hide-content', note: 'Against the rules' });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.data;
}

const ZERO = { postsAll: 0, plantsAll: 0, plantsAvail: 0, news: 0 };

describe('hide-content', () => {
  it('takes a post and a plant out of every list, nearby and every count, in one write; only admins still read them', async () => {
    const here = { latitude: -33.8688, longitude: 151.2093 };
    const [u, reader, boss] = await Promise.all([registeredUser(here), registeredUser(), admin()]);
    const tag = uniqueTag();
    const post = await newPost(u, { tags: [tag], text: 'Rude words' });
    const plant = await newPlant(u, { tags: [tag], privacy: 'members', availability: 'Available to swap', commonName: 'Stolen fern' });
    const member: Get = (p) => as<FeedAnswer>(reader.browser, 'GET', p);
    const own: Get = (p) => as<FeedAnswer>(u.browser, 'GET', p);
    const byUser = `/api/posts/${u.profile.username}`;
    // Listed and counted before.
    expect((await member(`/api/posts/tag/${tag}`)).data.counts).toEqual({ ...ZERO, postsAll: 1, plantsAll: 1, plantsAvail: 1 });
    expect((await own(byUser)).data.counts).toEqual({ ...ZERO, postsAll: 1, plantsAll: 1, plantsAvail: 1 });
    expect(await getItem('tags', `tag#${tag}`)).toMatchObject({ usageCount: 2 });

    const hidden = await reportAndHide(reader, boss, 'post', post.id);
    expect(hidden).toMatchObject({ state: 'closed', action: 'hide-content', note: 'Against the rules', preview: { state: 'hidden' } });
    await reportAndHide(reader, boss, 'plant', plant.id);
    expect(await getItem(`post#${post.id}`, 'post')).toMatchObject({ hiddenAt: expect.any(String), hiddenBy: boss.uuid });

    const gone = [post.id, plant.id];
    const lists: [string, (c: string) => string, 'contentItems' | 'posts' | 'plants', Get][] = [];
    for (const get of [guest, member, own]) {
      lists.push(
        ['/api/content-items/recent', (c) => `/api/content-items/more/${encodeURIComponent(c)}`, 'contentItems', get],
        [`/api/posts/tag/${tag}`, (c) => `/api/posts/tag/${tag}?cursorId=${encodeURIComponent(c)}`, 'contentItems', get],
        [byUser, (c) => `/api/posts/more/by-user/${u.profile.username}?cursorId=${encodeURIComponent(c)}`, 'posts', get],
        [`/api/plants/by-user/${u.profile.username}`, (c) => `/api/plants/by-user/more/${u.profile.username}?cursorId=${encodeURIComponent(c)}`, 'plants', get],
      );
    }
    lists.push([`/api/iam/plantsbyuser/${u.uuid}/plantsAll/20`, (c) => `/api/iam/moreplantsbyuser/${u.uuid}/plantsAll/20/${encodeURIComponent(c)}`, 'plants', own]);
    for (const [first, next, key, get] of lists) {
      const seen = await everyPage(first, next, key, get);
      for (const id of gone) expect(seen, first).not.toContain(id);
    }
    const nearby = await as<{ plants: { id: string }[] }>(reader.browser, 'PUT', '/api/plants/avail-nearby', here);
    expect(nearby.status).toBe(200);
    expect(ids(nearby.data.plants)).not.toContain(plant.id);

    // Counted nowhere: the tag's, the owner's (every audience), and the tag's uses.
    for (const get of [guest, member, own]) expect((await get(byUser)).data.counts).toEqual(ZERO);
    expect((await member(`/api/posts/tag/${tag}`)).data.counts).toEqual(ZERO);
    expect(await getItem('tags', `tag#${tag}`)).toMatchObject({ usageCount: 0 });

    // Single reads: gone to everybody (the author too), there for admins.
    expect((await postDetail(null, post.id)).status).toBe(404);
    expect((await postDetail(reader, post.id)).status).toBe(404);
    expect((await postDetail(u, post.id)).status).toBe(404);
    expect((await as(u.browser, 'GET', `/api/plant/${plant.id}`)).status).toBe(404);
    expect((await as<PostDetail>(boss.browser, 'GET', `/api/post/${post.id}`)).status).toBe(200);

    // The author is told what happened.
    const notes = await notificationsOf(u);
    expect(notes.filter((n) => n.kind === 'content-hidden').map((n) => n.text)).toEqual([
      expect.stringContaining('plant listing “Stolen Fern”'),
      expect.stringContaining('post “Rude words”'),
    ]);

    // Deleting it later takes nothing off twice: the counts stay at zero.
    expect((await as(boss.browser, 'DELETE', '/api/iam/posts', { postId: post.id, userId: u.uuid })).status).toBe(200);
    expect((await own(byUser)).data.counts).toEqual(ZERO);
    expect(await getItem('tags', `tag#${tag}`)).toMatchObject({ usageCount: 0 });
  });

  it("lets the author delete what an admin hid, and takes it with the author's account", async () => {
    const [u, reader, boss] = await Promise.all([registeredUser(), registeredUser(), admin()]);
    const mine = await newPost(u, { text: 'Hidden, then taken back' });
    const left = await newPost(u, { text: 'Hidden, and left behind' });
    const plant = await newPlant(u, { commonName: 'Hidden fern' });
    for (const [type, id] of [['post', mine.id], ['post', left.id], ['plant', plant.id]] as const) await reportAndHide(reader, boss, type, id);

    // The author's own delete of a hidden post works (it answered 404: they could not see it).
    expect((await as(u.browser, 'DELETE', '/api/iam/posts', { postId: mine.id, userId: u.uuid })).status).toBe(200);
    const taken = await getItem(`post#${mine.id}`, 'post');
    expect(taken === undefined || typeof taken.deletedAt === 'string', JSON.stringify(taken)).toBe(true);
    // Another member still cannot.
    expect((await as(reader.browser, 'DELETE', '/api/iam/posts', { postId: left.id, userId: reader.uuid })).status).toBe(404);

    // Deleting the account takes the rest, hidden as they were.
    expect((await as(u.browser, 'DELETE', '/api/iam/authn/delete', { uuid: u.uuid })).status).toBe(200);
    for (const id of [left.id, plant.id]) {
      const item = await getItem(`post#${id}`, 'post');
      expect(item === undefined || typeof item.deletedAt === 'string', JSON.stringify(item)).toBe(true);
    }
  });

  it('hides a comment whose thread is longer than one transaction holds: every reply, and the count to match', async () => {
    const [u, talker, reader, boss] = await Promise.all([registeredUser(), registeredUser(), registeredUser(), admin()]);
    const post = await newPost(u);
    const root = await comment(talker, post.id, 'Start of a long argument');
    const kept = await comment(u, post.id, 'Unrelated and kept');
    // 95 replies under it (a transaction holds 100 items): a reply to the root, then replies to it.
    const first = await comment(talker, post.id, 'reply 0', root);
    for (let i = 1; i < 95; i += 5) await Promise.all([0, 1, 2, 3, 4].filter((k) => i + k < 95).map((k) => comment(talker, post.id, `reply ${i + k}`, first)));
    expect((await postDetail(reader, post.id)).data.post.commentCount).toBe(97);

    await reportAndHide(reader, boss, 'comment', root.id);
    const detail = await postDetail(reader, post.id);
    expect(detail.data.comments.map((c: CommentView) => c.id)).toEqual([kept.id]);
    expect(detail.data.post.commentCount).toBe(1);
    expect(await getItem(`post#${post.id}`, 'post')).toMatchObject({ commentCount: 1 });
  });

  it('takes no reply under a comment whose ancestor an admin is hiding (the root is hidden before its replies)', async () => {
    const [u, talker] = await Promise.all([registeredUser(), registeredUser()]);
    const post = await newPost(u);
    const root = await comment(talker, post.id, 'Root of a thread being hidden');
    const child = await comment(u, post.id, 'A reply still shown for a moment', root);
    // As hiding leaves it between its first write and the replies' batches: the root hidden, the child not yet.
    const rootItem = (await queryPartition(`post#${post.id}`)).find((i) => i.id === root.id)!;
    await setAttributes(String(rootItem.pk), String(rootItem.sk), { hiddenAt: new Date().toISOString(), hiddenBy: u.uuid });
    const res = await as(talker.browser, 'POST', '/api/iam/posts/comment/new', {
      id: randomUUID(), post_id: post.id, content: 'Slipping in under it', level: child.level + 1, parent_id: child.id,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(404);
    expect(res.json).toMatchObject({ error: { field: 'parent_id' } });
    expect((await queryPartition(`post#${post.id}`)).find((i) => i.id === child.id)).toMatchObject({ replyCount: 0 });
  });

  it('hides a comment with the replies under it; the count follows and nothing more lands under it', async () => {
    const [u, reader, boss] = await Promise.all([registeredUser(), registeredUser(), admin()]);
    const post = await newPost(u);
    const rude = await comment(reader, post.id, 'You are an idiot');
    const reply = await comment(u, post.id, 'Please be kind', rude);
    const kept = await comment(u, post.id, 'Thanks all');
    expect((await postDetail(reader, post.id)).data.post.commentCount).toBe(3);

    const closed = await reportAndHide(u, boss, 'comment', rude.id);
    expect(closed.preview).toMatchObject({ state: 'hidden', link: `/post/${post.id}` });
    const detail = await postDetail(reader, post.id);
    expect(detail.data.comments.map((c: CommentView) => c.id)).toEqual([kept.id]);
    expect(detail.data.post.commentCount).toBe(1);
    const asAdmin = await as<PostDetail>(boss.browser, 'GET', `/api/post/${post.id}`);
    expect(asAdmin.data.comments.map((c) => c.id)).toEqual([rude.id, reply.id, kept.id]);

    const under = await as(reader.browser, 'POST', '/api/iam/posts/comment/new', { id: crypto.randomUUID(), post_id: post.id, content: 'more', level: 1, parent_id: rude.id });
    expect(under.status).toBe(404);
    // Nor does a reaction, named by the hidden comment's id; the one kept still takes one.
    const liked = await as(reader.browser, 'POST', '/api/iam/posts/reaction/new', { comment_id: reply.id });
    expect(liked.status, JSON.stringify(liked.json)).toBe(404);
    const seen = await as<PostDetail>(boss.browser, 'GET', `/api/post/${post.id}`);
    expect(seen.data.comments.find((c) => c.id === reply.id)?.reactionCount).toBe(0);
    expect((await as(reader.browser, 'POST', '/api/iam/posts/reaction/new', { comment_id: kept.id })).status).toBe(201);
    expect((await notificationsOf(reader)).some((n) => n.kind === 'content-hidden')).toBe(true);

    // Deleting the hidden comment, then the kept one, lands on zero (a hidden one is not taken off twice).
    expect((await as(reader.browser, 'DELETE', '/api/iam/posts/comment', { id: rude.id, uuid: reader.uuid })).status).toBe(200);
    expect((await as(u.browser, 'DELETE', '/api/iam/posts/comment', { id: kept.id, uuid: u.uuid })).status).toBe(200);
    expect(await getItem(`post#${post.id}`, 'post')).toMatchObject({ commentCount: 0 });
  });
});

describe('hide-content on a message', () => {
  it('leaves a placeholder for both sides, takes it out of both inbox previews, tells its sender, in one write', async () => {
    const [sender, reader, boss] = await Promise.all([registeredUser(), registeredUser(), admin()]);
    const conv = await as<{ convnId: string }>(sender.browser, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [sender.uuid, reader.uuid] });
    expect(conv.status).toBe(200);
    const send = async (from: TestUser, content: string) => {
      const id = crypto.randomUUID();
      const res = await as(from.browser, 'POST', '/api/iam/messages/new', { id, conversation_id: conv.data.convnId, content });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return id;
    };
    const earlier = await send(sender, 'Hello there');
    const rude = await send(sender, 'Send me money now');
    const thread = (m: TestUser) => as<ConversationAnswer>(m.browser, 'GET', `/api/iam/messages/conversation/${sender.uuid}/${reader.uuid}`);
    const inbox = async (m: TestUser) => (await as<InboxAnswer>(m.browser, 'GET', '/api/iam/messages/all')).data.conversations.find((c) => c.id === conv.data.convnId);
    expect((await inbox(reader))?.lastPreview).toBe('Send me money now');

    const closed = await reportAndHide(reader, boss, 'message', rude);
    expect(closed).toMatchObject({ state: 'closed', action: 'hide-content', preview: { state: 'hidden' } });

    // Both sides: the message keeps its place, without its text; the other one is untouched.
    for (const m of [sender, reader]) {
      const res = await thread(m);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const shown = new Map(res.data.messages.map((x) => [x.id, x]));
      expect(shown.get(rude)).toMatchObject({ content: '', hidden: true });
      expect(shown.get(earlier)).toMatchObject({ content: 'Hello there' });
      expect(shown.get(earlier)?.hidden).toBeUndefined();
      expect((await inbox(m))?.lastPreview).toBe('Hidden by an admin');
    }
    expect(JSON.stringify((await thread(reader)).json)).not.toContain('money');

    // The sender is told, once; the reporter is not.
    const notes = (await notificationsOf(sender)).filter((n) => n.kind === 'content-hidden');
    expect(notes.map((n) => n.text)).toEqual([expect.stringContaining('message “Send me money now”')]);
    expect((await notificationsOf(reader)).some((n) => n.kind === 'content-hidden')).toBe(false);

    // A later message is previewed as usual; the hidden one stays hidden.
    await send(reader, 'Please stop');
    expect((await inbox(sender))?.lastPreview).toBe('Please stop');
    expect((await thread(sender)).data.messages.find((x) => x.id === rude)).toMatchObject({ content: '', hidden: true });

    // An earlier message hidden does not touch a preview that is not its own.
    await reportAndHide(reader, boss, 'message', earlier);
    expect((await inbox(reader))?.lastPreview).toBe('Please stop');
    expect((await thread(reader)).data.messages.find((x) => x.id === earlier)).toMatchObject({ content: '', hidden: true });
  });
});
