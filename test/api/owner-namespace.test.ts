/**
 * Members and pages share one id namespace (docs/security.md): a page can never be created with
 * a member's id, and even a page that holds one (left by an older version of the product) reads,
 * answers, sweeps and publishes nothing of the member's, because every key built from an owner
 * id names the owner's kind. The attack replayed: a member creates a page with another member's id.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EventDateCard } from '../../shared/answers/events';
import type { ConversationAnswer, InboxAnswer, MessageView } from '../../shared/answers/messages';
import type { PageView } from '../../shared/answers/pages';
import { as, member, type Member } from '../support/accounts';
import { call } from '../support/api';
import { deleteItem, getItem, putItem, queryPartition } from '../support/db';
import { newPost, type FeedAnswer } from '../support/content';
import { NEWTOWN, newEvent } from '../support/events';
import { newPage, uniqueHandle } from '../support/pages';

const actor = (m: Member) => ({ uuid: m.profile.uuid, browser: m.browser });
const createPage = (who: Member, body: Record<string, unknown>) =>
  as<{ page: PageView }>(who.browser, 'POST', '/api/iam/pages/new', { handle: uniqueHandle(), name: 'Fern Friends', place: { latitude: NEWTOWN.latitude, longitude: NEWTOWN.longitude }, ...body });

async function converse(from: Member, participants: string[], path = 'new-u-to-u-conversation', body?: object): Promise<string> {
  const res = await as<{ convnId: string }>(from.browser, 'POST', `/api/iam/messages/${path}`, body ?? { participants });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.data.convnId;
}
async function send(from: Member, conversationId: string, content: string): Promise<MessageView> {
  const res = await as<{ message: MessageView }>(from.browser, 'POST', '/api/iam/messages/new', { id: randomUUID(), conversation_id: conversationId, content });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.data.message;
}

/** The texts of a conversation's stored messages, sorted. */
async function messagesIn(conversationId: string): Promise<string[]> {
  return (await queryPartition(`conv#${conversationId}`)).filter((i) => String(i.sk).startsWith('msg#')).map((i) => String(i.content)).sort();
}

describe('one id namespace for members and pages', () => {
  it('refuses a page the id of a member, of another member\'s page, of a deleted page; a retry of one\'s own answers it; no id gets a new one', async () => {
    const [attacker, victim, other] = await Promise.all([member(), member(), member()]);
    const asMember = await createPage(attacker, { id: victim.profile.uuid });
    expect(asMember.status, JSON.stringify(asMember.json)).toBe(409);
    expect(asMember.json).toMatchObject({ error: { field: 'id' } });
    expect(await getItem(`page#${victim.profile.uuid}`, 'page')).toBeUndefined();
    // The attacker's own id is a member's too.
    expect((await createPage(attacker, { id: attacker.profile.uuid })).status).toBe(409);

    const theirs = await newPage(actor(other));
    const taken = await createPage(attacker, { id: theirs.id });
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({ error: { field: 'id' } });

    const mine = await newPage(actor(attacker));
    const retry = await createPage(attacker, { id: mine.id, handle: mine.handle });
    expect(retry.status).toBe(200);
    expect(retry.data.page.id).toBe(mine.id);
    expect((await as(attacker.browser, 'DELETE', '/api/iam/pages/page', { pageId: mine.id })).status).toBe(200);
    const deleted = await createPage(attacker, { id: mine.id });
    expect(deleted.status).toBe(409);
    expect(deleted.json).toMatchObject({ error: { field: 'id' } });

    const fresh = await createPage(attacker, {});
    expect(fresh.status, JSON.stringify(fresh.json)).toBe(201);
    expect(fresh.data.page.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await getItem(`ownerid#${fresh.data.page.id}`, 'ownerid')).toMatchObject({ ownerType: 'page', createdBy: attacker.profile.uuid });
    expect(await getItem(`ownerid#${victim.profile.uuid}`, 'ownerid')).toMatchObject({ ownerType: 'user' });
  });

  it('a page that holds a member\'s raw id (from before the claims) reads, answers, sweeps and publishes nothing of the member\'s', async () => {
    const [attacker, victim, friend] = await Promise.all([member(), member(), member()]);
    const v = victim.profile.uuid;
    // The victim's life: a post, an event, a conversation with a friend.
    const post = await newPost(actor(victim), { text: 'my fern' });
    const event = await newEvent(actor(victim), { location: NEWTOWN });
    const direct = await converse(victim, [v, friend.profile.uuid]);
    await send(friend, direct, 'the secret cutting spot');
    await send(victim, direct, 'behind the shed');

    // As an older version left it: a page made with the member's id, when nothing checked it (the
    // member's item and claim set aside while it is made, then the member's item put back).
    const profile = (await getItem(`user#${v}`, 'profile'))!;
    await deleteItem(`ownerid#${v}`, 'ownerid');
    await deleteItem(`user#${v}`, 'profile');
    const created = await createPage(attacker, { id: v });
    await putItem(profile);
    expect(created.status, JSON.stringify(created.json)).toBe(201);

    // 1. The page's inbox is not the member's.
    const inbox = await as<InboxAnswer>(attacker.browser, 'GET', `/api/iam/messages/all?pageId=${v}`);
    expect(inbox.status).toBe(200);
    expect(inbox.data.conversations).toEqual([]);

    // 2. The friend writes to the page: another conversation than theirs with the member, and
    //    the page's staff read and answer only that one.
    const toPage = await converse(friend, [], 'new-u-to-p-conversation', { userId: friend.profile.uuid, pageId: v });
    expect(toPage).not.toBe(direct);
    await send(friend, toPage, 'hello page');
    const staffView = await as<ConversationAnswer>(attacker.browser, 'GET', `/api/iam/messages/conversation/${v}/${friend.profile.uuid}`);
    expect(staffView.status, JSON.stringify(staffView.json)).toBe(200);
    expect(staffView.data.messages.map((m) => m.content)).toEqual(['hello page']);
    const answer = await as(attacker.browser, 'POST', '/api/iam/messages/new', { id: randomUUID(), conversation_id: direct, content: 'gotcha' });
    expect(answer.status).toBe(404);
    const pageInbox = (await as<InboxAnswer>(attacker.browser, 'GET', `/api/iam/messages/all?pageId=${v}`)).data;
    expect(pageInbox.conversations.map((c) => c.id)).toEqual([toPage]);
    // The member's own conversation is as it was.
    expect(await messagesIn(direct)).toEqual(['behind the shed', 'the secret cutting spot']);

    // 3. News and events as the page do not land on the member's profile.
    const news = await as<{ post: { id: string } }>(attacker.browser, 'POST', '/api/iam/posts/new', { id: randomUUID(), text: 'page news', tags: [], photos: [], privacy: 'public', pageId: v });
    expect(news.status, JSON.stringify(news.json)).toBe(201);
    const pageEvent = await newEvent(actor(attacker), { pageId: v, location: NEWTOWN });
    const profilePosts = await call<FeedAnswer>('GET', `/api/posts/${victim.profile.username}`);
    expect(profilePosts.data.posts!.map((p) => p.id)).toEqual([post.id]);
    const profileEvents = await as<{ dates: EventDateCard[] }>(friend.browser, 'GET', `/api/iam/events/get-by-user/${v}`);
    expect(new Set(profileEvents.data.dates.map((d) => d.event.id))).toEqual(new Set([event.id]));
    expect(profileEvents.data.dates.map((d) => d.event.id)).not.toContain(pageEvent.id);

    // Nor is the page's news the member's to delete: a page's post is no member's by its id.
    const claimedByMember = await as(victim.browser, 'DELETE', '/api/iam/posts', { postId: news.data.post.id, userId: v });
    expect(claimedByMember.status).toBe(403);
    expect((await getItem(`post#${news.data.post.id}`, 'post'))?.deletedAt).toBeUndefined();

    // 4. Deleting the page sweeps the page's, never the member's.
    expect((await as(attacker.browser, 'DELETE', '/api/iam/pages/page', { pageId: v })).status).toBe(200);
    const gone = async (pk: string, sk: string) => { const item = await getItem(pk, sk); return !item || !!item.deletedAt; };
    await expect.poll(() => gone(`post#${news.data.post.id}`, 'post'), { timeout: 10_000 }).toBe(true);
    expect(await gone(`post#${post.id}`, 'post')).toBe(false);
    await expect.poll(() => gone(`event#${pageEvent.id}`, 'event'), { timeout: 10_000 }).toBe(true);
    expect(await getItem(`event#${event.id}`, 'event')).toMatchObject({ ownerType: 'user', ownerId: v });
    expect(await gone(`event#${event.id}`, 'event')).toBe(false);
    expect(await messagesIn(direct)).toEqual(['behind the shed', 'the secret cutting spot']);
  });
});
