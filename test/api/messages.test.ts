/**
 * Messages over HTTP: conversations between members and with pages, sending (idempotent, one
 * transaction with its counts), reading, hiding, muting, the unread tally and collections, blocks,
 * and a property test that every count equals a recount after random sends, reads, hides and mutes.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ConversationAnswer, InboxAnswer, MessageView } from '../../shared/answers/messages';
import { as, member, type Member } from '../support/accounts';
import { call } from '../support/api';
import { getItem, queryPartition } from '../support/db';
import { comment, newPost, reactTo, uniqueTag, type FeedAnswer } from '../support/content';
import { newPage, withRole } from '../support/pages';

const actor = (m: Member) => ({ uuid: m.profile.uuid, browser: m.browser });

async function start(a: Member, b: Member): Promise<string> {
  const res = await as<{ convnId: string }>(a.browser, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [a.profile.uuid, b.profile.uuid] });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.data.convnId;
}

async function send(from: Member, conversationId: string, content = `hello ${randomUUID().slice(0, 6)}`, id = randomUUID()) {
  return as<{ message: MessageView }>(from.browser, 'POST', '/api/iam/messages/new', { id, conversation_id: conversationId, content });
}

async function sent(from: Member, conversationId: string, content?: string): Promise<MessageView> {
  const res = await send(from, conversationId, content);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.data.message;
}

const inbox = async (m: Member, query = '') => {
  const res = await as<InboxAnswer>(m.browser, 'GET', `/api/iam/messages/all${query}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.data;
};
const tally = async (m: Member) => (await as<{ unreadMsgsTally: number }>(m.browser, 'GET', '/api/iam/messages/unread-tally')).data.unreadMsgsTally;
const conversation = (m: Member, a: string, b: string, cursor = '') =>
  as<ConversationAnswer>(m.browser, 'GET', `/api/iam/messages/conversation/${a}/${b}${cursor ? `/${cursor}` : ''}`);
const markSeen = (m: Member, ids: string[]) => as<{ unreadMsgsTally: number }>(m.browser, 'PUT', '/api/messages/mark-as-seen', { msgsArr: ids });

describe('starting a conversation', () => {
  it('gives the same pair the same conversation, whoever starts it and in either order', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const id = await start(a, b);
    expect(await start(b, a)).toBe(id);
    const reversed = await as<{ convnId: string }>(a.browser, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [b.profile.uuid, a.profile.uuid] });
    expect(reversed.data.convnId).toBe(id);
    // Nothing shows in either inbox before a message.
    expect((await inbox(a)).conversations).toEqual([]);
    expect((await inbox(b)).conversations).toEqual([]);
  });

  it('takes the caller\'s identity from the session: two other members, oneself twice, or nobody are refused', async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    const others = await as(a.browser, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [b.profile.uuid, c.profile.uuid] });
    expect(others.status).toBe(403);
    const self = await as(a.browser, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [a.profile.uuid, a.profile.uuid] });
    expect(self.status).toBe(400);
    const ghost = await as(a.browser, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [a.profile.uuid, randomUUID()] });
    expect(ghost.status).toBe(404);
    const three = await as(a.browser, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [a.profile.uuid, b.profile.uuid, c.profile.uuid] });
    expect(three.status).toBe(400);
    expect(three.json).toMatchObject({ error: { field: 'participants' } });
  });

  it('refuses guests and unfinished sign-ups', async () => {
    const b = await member();
    expect((await call('POST', '/api/iam/messages/new-u-to-u-conversation', { body: { participants: [randomUUID(), b.profile.uuid] } })).status).toBe(401);
  });
});

describe('sending', () => {
  it('stores the message with its counts: the recipient\'s unread, tally and collections, the sender\'s own row read', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const id = await start(a, b);
    const m = await sent(a, id, 'Would you swap a cutting of your monstera?');
    expect(m).toMatchObject({ conversationId: id, senderId: a.profile.uuid, asPageId: null, content: 'Would you swap a cutting of your monstera?' });

    const theirs = await inbox(b);
    expect(theirs.conversations).toEqual([
      expect.objectContaining({ id, unread: 1, lastPreview: 'Would you swap a cutting of your monstera?', lastSenderId: a.profile.uuid, with: expect.objectContaining({ type: 'user', id: a.profile.uuid, handle: a.profile.username }) }),
    ]);
    expect(theirs.unreadMsgsTally).toBe(1);
    expect(theirs.unread).toEqual({ conversationsNotOnMyPages: [id], conversationsOnMyPages: [], users: [a.profile.uuid], pages: [] });
    const mine = await inbox(a);
    expect(mine.conversations).toEqual([expect.objectContaining({ id, unread: 0 })]);
    expect(mine.unreadMsgsTally).toBe(0);
    expect(await tally(a)).toBe(0);
    expect(await tally(b)).toBe(1);
  });

  it('is idempotent on the client id: a retry answers the same message and counts nothing twice', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const id = await start(a, b);
    const clientId = randomUUID();
    const first = await send(a, id, 'once', clientId);
    expect(first.status).toBe(201);
    const again = await send(a, id, 'once', clientId);
    expect(again.status).toBe(200);
    expect(again.data.message).toEqual(first.data.message);
    const [r1, r2] = await Promise.all([send(a, id, 'twice at once', randomUUID()), send(a, id, 'x', randomUUID())]);
    expect([r1.status, r2.status]).toEqual([201, 201]);
    expect(await tally(b)).toBe(3);
    // Someone else's id is not a retry of theirs.
    const stolen = await send(b, id, 'mine now', clientId);
    expect(stolen.status).toBe(409);
    expect(stolen.json).toMatchObject({ error: { field: 'id' } });
  });

  it('answers 404 to a member outside the conversation, for reading, sending, hiding and muting alike', async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    const id = await start(a, b);
    const m = await sent(a, id);
    expect((await send(c, id)).status).toBe(404);
    expect((await conversation(c, a.profile.uuid, b.profile.uuid)).status).toBe(404);
    expect((await as(c.browser, 'DELETE', '/api/iam/messages/conversation', { convnId: id })).status).toBe(404);
    expect((await as(c.browser, 'PUT', '/api/iam/messages/conversation/mute', { convnId: id, muted: true })).status).toBe(404);
    // Marking someone else's message seen changes nothing.
    expect((await markSeen(c, [m.id])).status).toBe(200);
    expect(await tally(b)).toBe(1);
    // A conversation that does not exist answers the same.
    expect((await send(a, randomUUID())).status).toBe(404);
  });

  it('validates the text: empty, too long or with control characters is a 400 naming content', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const id = await start(a, b);
    for (const content of ['', '   ', 'x'.repeat(4001), 'bell\u0007', 'https://evil.test/\u202Egnp.exe']) {
      const res = await send(a, id, content);
      expect(res.status, content.slice(0, 10)).toBe(400);
      expect(res.json).toMatchObject({ error: { field: 'content' } });
    }
    expect((await send(a, id, 'x'.repeat(4000))).status).toBe(201);
    // Markup is stored as text, never interpreted.
    const html = await sent(a, id, '<img src=x onerror=alert(1)> https://example.com');
    expect(html.content).toBe('<img src=x onerror=alert(1)> https://example.com');
  });
});

describe('reading', () => {
  it('pages a conversation newest first, every message once, and mark-as-seen reads up to a message exactly', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const id = await start(a, b);
    const texts: string[] = [];
    for (let i = 0; i < 27; i++) {
      texts.push(`m${i}`);
      await sent(i % 3 === 0 ? b : a, id, `m${i}`);
    }
    const first = await conversation(b, a.profile.uuid, b.profile.uuid);
    expect(first.status).toBe(200);
    expect(first.data.messages).toHaveLength(20);
    expect(first.data.cursorId).not.toBeNull();
    const second = await conversation(b, b.profile.uuid, a.profile.uuid, first.data.cursorId!);
    expect(second.status).toBe(200);
    expect(second.data.cursorId).toBeNull();
    const all = [...first.data.messages, ...second.data.messages];
    expect(all.map((m) => m.content)).toEqual([...texts].reverse());

    // a sent 18 of them: b has 18 unread. Reading up to the 10th message leaves those after it.
    expect(await tally(b)).toBe(18);
    const tenth = all[all.length - 10]!;
    const after = all.slice(0, all.length - 10).filter((m) => m.senderId === a.profile.uuid).length;
    expect((await markSeen(b, [tenth.id])).data.unreadMsgsTally).toBe(after);
    expect((await inbox(b)).conversations[0]).toMatchObject({ unread: after });
    // Reading an earlier one again changes nothing; the newest reads all.
    expect((await markSeen(b, [all[all.length - 1]!.id])).data.unreadMsgsTally).toBe(after);
    expect((await markSeen(b, [all[0]!.id])).data.unreadMsgsTally).toBe(0);
    expect((await inbox(b)).unread).toEqual({ conversationsNotOnMyPages: [], conversationsOnMyPages: [], users: [], pages: [] });
  });

  it('refuses a cursor it did not hand out', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    await start(a, b);
    const forged = Buffer.from('conv#x').toString('base64url');
    const res = await conversation(a, a.profile.uuid, b.profile.uuid, forged);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { field: 'c' } });
    expect((await as(a.browser, 'GET', `/api/iam/messages/all?cursorId=${forged}`)).status).toBe(400);
  });

  it('answers an empty page, not an error, to a cursor from before the conversation was hidden', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const id = await start(a, b);
    for (let i = 0; i < 22; i++) await sent(a, id, `m${i}`);
    const first = await conversation(b, a.profile.uuid, b.profile.uuid);
    expect(first.data.cursorId).not.toBeNull();
    expect((await as(b.browser, 'DELETE', '/api/iam/messages/conversation', { convnId: id })).status).toBe(200);
    const stale = await conversation(b, a.profile.uuid, b.profile.uuid, first.data.cursorId!);
    expect(stale.status).toBe(200);
    expect(stale.data).toMatchObject({ messages: [], cursorId: null });
  });
});

describe('hiding and muting', () => {
  it('hides a conversation for me only, and it comes back with the next message, its history cleared for me', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const id = await start(a, b);
    await sent(a, id, 'old news');
    await sent(a, id, 'older news');
    expect(await tally(b)).toBe(2);
    const hidden = await as<{ hidden: number }>(b.browser, 'DELETE', '/api/iam/messages/conversation', { convnId: id });
    expect(hidden.status).toBe(200);
    expect((await inbox(b)).conversations).toEqual([]);
    expect(await tally(b)).toBe(0);
    expect((await inbox(a)).conversations).toHaveLength(1);
    expect((await conversation(a, a.profile.uuid, b.profile.uuid)).data.messages).toHaveLength(2);

    await sent(a, id, 'anyone there?');
    expect((await inbox(b)).conversations).toEqual([expect.objectContaining({ id, unread: 1, lastPreview: 'anyone there?' })]);
    expect((await conversation(b, a.profile.uuid, b.profile.uuid)).data.messages.map((m) => m.content)).toEqual(['anyone there?']);
  });

  it('hides all of the caller\'s conversations, and only the caller\'s own', async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    await sent(b, await start(a, b));
    await sent(c, await start(a, c));
    expect((await as(b.browser, 'DELETE', '/api/iam/messages/conversations', { uuid: a.profile.uuid })).status).toBe(403);
    const res = await as<{ hidden: number }>(a.browser, 'DELETE', '/api/iam/messages/conversations', { uuid: a.profile.uuid });
    expect(res.data.hidden).toBe(2);
    expect((await inbox(a)).conversations).toEqual([]);
    expect(await tally(a)).toBe(0);
    expect((await inbox(b)).conversations).toHaveLength(1);
  });

  it('a muted conversation stays unread in the inbox but leaves the tally; unmuting brings it back', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const id = await start(a, b);
    await sent(a, id);
    const muted = await as<{ muted: boolean }>(b.browser, 'PUT', '/api/iam/messages/conversation/mute', { convnId: id, muted: true });
    expect(muted.data.muted).toBe(true);
    await sent(a, id);
    expect(await tally(b)).toBe(0);
    expect((await inbox(b)).conversations[0]).toMatchObject({ unread: 2, muted: true });
    await as(b.browser, 'PUT', '/api/iam/messages/conversation/mute', { convnId: id, muted: false });
    expect(await tally(b)).toBe(2);
    expect((await inbox(b)).unread.conversationsNotOnMyPages).toEqual([id]);
  });
});

describe('members and pages', () => {
  it('a member writes to a page; its admins and moderators answer as the page, plain members cannot read it', async () => {
    const [owner, mod, plain, visitor] = await Promise.all([member(), member(), member(), member()]);
    const page = await newPage(actor(owner));
    await withRole(actor(owner), actor(mod), page.id, 'moderator');
    await withRole(actor(owner), actor(plain), page.id, 'member');

    const started = await as<{ convnId: string }>(visitor.browser, 'POST', '/api/iam/messages/new-u-to-p-conversation', { userId: visitor.profile.uuid, pageId: page.id });
    expect(started.status).toBe(200);
    const id = started.data.convnId;
    // Identity from the session: nobody starts a conversation for another member.
    expect((await as(plain.browser, 'POST', '/api/iam/messages/new-u-to-p-conversation', { userId: visitor.profile.uuid, pageId: page.id })).status).toBe(403);
    // Staff do not write to their own page.
    expect((await as(owner.browser, 'POST', '/api/iam/messages/new-u-to-p-conversation', { userId: owner.profile.uuid, pageId: page.id })).status).toBe(400);

    await sent(visitor, id, 'Do you open on Sundays?');
    for (const staff of [owner, mod]) {
      const tallyNow = await inbox(staff);
      expect(tallyNow.unreadMsgsTally).toBe(1);
      expect(tallyNow.unread.conversationsOnMyPages).toEqual([id]);
      expect(tallyNow.unread.pages).toEqual([page.id]);
      expect(tallyNow.unread.users).toEqual([visitor.profile.uuid]);
      const pageInbox = await inbox(staff, `?pageId=${page.id}`);
      expect(pageInbox.conversations).toEqual([expect.objectContaining({ id, unread: 1, me: expect.objectContaining({ type: 'page', id: page.id }), with: expect.objectContaining({ type: 'user', id: visitor.profile.uuid }) })]);
    }
    expect((await as(plain.browser, 'GET', `/api/iam/messages/all?pageId=${page.id}`)).status).toBe(403);
    expect((await conversation(plain, visitor.profile.uuid, page.id)).status).toBe(404);
    expect((await send(plain, id)).status).toBe(404);

    const answer = await sent(mod, id, 'Yes, 9 to 1.');
    expect(answer).toMatchObject({ senderId: mod.profile.uuid, asPageId: page.id });
    const visitorsView = await inbox(visitor);
    expect(visitorsView.unreadMsgsTally).toBe(1);
    expect(visitorsView.unread.pages).toEqual([page.id]);
    expect(visitorsView.conversations[0]).toMatchObject({ with: { type: 'page', id: page.id, handle: page.handle } });

    // The page reads it once, for all its staff.
    const read = await markSeen(owner, [(await conversation(owner, page.id, visitor.profile.uuid)).data.messages.at(-1)!.id]);
    expect(read.data.unreadMsgsTally).toBe(0);
    expect(await tally(mod)).toBe(0);

    // A moderator demoted to member no longer answers.
    const demoted = await as(owner.browser, 'PUT', '/api/iam/pages/member-role', { pageId: page.id, userId: mod.profile.uuid, role: 'member' });
    expect(demoted.status).toBe(200);
    expect((await send(mod, id)).status).toBe(404);
  });

  it('finds whom to write to by handle: a member or a page; 404 for no one', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const page = await newPage(actor(b));
    const user = await as<{ messagee: { type: string; id: string } }>(a.browser, 'GET', `/api/iam/users/user-or-page-messagee-by-handle/${b.profile.username}`);
    expect(user.data.messagee).toMatchObject({ type: 'user', id: b.profile.uuid, handle: b.profile.username });
    const byPage = await as<{ messagee: { type: string; id: string } }>(a.browser, 'GET', `/api/iam/users/user-or-page-messagee-by-handle/${page.handle}`);
    expect(byPage.data.messagee).toMatchObject({ type: 'page', id: page.id, name: page.name });
    expect((await as(a.browser, 'GET', '/api/iam/users/user-or-page-messagee-by-handle/nobody_here_x')).status).toBe(404);
    expect((await call('GET', `/api/iam/users/user-or-page-messagee-by-handle/${b.profile.username}`)).status).toBe(401);
  });
});

describe('blocks', () => {
  it('a blocked member\'s messages answer as a success and reach no one; unblocking restores delivery', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const id = await start(a, b);
    await sent(b, id, 'before the block');
    const blocked = await as<{ blocked: boolean }>(a.browser, 'POST', '/api/iam/blocks/new', { userId: b.profile.uuid });
    expect(blocked.data.blocked).toBe(true);
    expect(await tally(a)).toBe(1);

    const withheld = await send(b, id, 'can you see this?');
    expect(withheld.status).toBe(201);
    expect(withheld.data.message).toMatchObject({ content: 'can you see this?', senderId: b.profile.uuid });
    expect(await tally(a)).toBe(1);
    expect((await conversation(a, a.profile.uuid, b.profile.uuid)).data.messages.map((m) => m.content)).toEqual(['before the block']);
    // The sender sees their own message as sent.
    expect((await conversation(b, a.profile.uuid, b.profile.uuid)).data.messages.map((m) => m.content)).toEqual(['can you see this?', 'before the block']);
    expect((await inbox(a)).conversations[0]).toMatchObject({ lastPreview: 'before the block', unread: 1 });
    // Starting again changes nothing either.
    expect((await start(b, a))).toBe(id);
    // The blocker cannot write to them while blocking.
    expect((await send(a, id)).status).toBe(403);

    const list = await as<{ blocks: { user: { uuid: string } }[] }>(a.browser, 'GET', '/api/iam/blocks');
    expect(list.data.blocks.map((x) => x.user.uuid)).toEqual([b.profile.uuid]);
    expect((await as(a.browser, 'DELETE', `/api/iam/blocks/${b.profile.uuid}`)).data).toEqual({ blocked: false });
    await sent(b, id, 'after the block');
    expect(await tally(a)).toBe(2);
    expect((await as<{ blocks: unknown[] }>(a.browser, 'GET', '/api/iam/blocks')).data.blocks).toEqual([]);
  });

  it('leaves the blocked member\'s posts, comments and reactions out of the blocker\'s lists and notifications, refilling pages past them', async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    const tag = uniqueTag();
    const author = (m: Member) => ({ uuid: m.profile.uuid, browser: m.browser });
    const older = [await newPost(author(c), { tags: [tag], text: 'older one' }), await newPost(author(c), { tags: [tag], text: 'older two' })];
    // A wall of 22 of b's posts, newer than c's: more than a page.
    for (let i = 0; i < 22; i++) await newPost(author(b), { tags: [tag], text: `wall ${i}` });
    expect((await as(a.browser, 'POST', '/api/iam/blocks/new', { userId: b.profile.uuid })).status).toBe(200);

    const feed = await as<FeedAnswer>(a.browser, 'GET', `/api/posts/tag/${tag}`);
    expect(feed.data.contentItems!.map((p) => p.id)).toEqual(older.map((p) => p.id).reverse());
    expect(feed.data.cursorId).toBeNull();
    // Everyone else still sees the whole list.
    const theirs = await as<FeedAnswer>(c.browser, 'GET', `/api/posts/tag/${tag}`);
    expect(theirs.data.contentItems).toHaveLength(20);

    // b comments on and reacts to a's post: a is not told, and a's thread leaves b's comment out.
    const mine = await newPost(author(a), { text: 'my fern' });
    const before = (await as<{ tally: number }>(a.browser, 'GET', '/api/iam/notifications/unread-tally')).data.tally;
    await comment(author(b), mine.id, 'nice fern');
    await comment(author(c), mine.id, 'lovely');
    await reactTo(author(b), { post_id: mine.id });
    expect((await as<{ tally: number }>(a.browser, 'GET', '/api/iam/notifications/unread-tally')).data.tally).toBe(before + 1);
    const thread = await as<{ comments: { content: string }[] }>(a.browser, 'GET', `/api/post/${mine.id}`);
    expect(thread.data.comments.map((x) => x.content)).toEqual(['lovely']);
    const forOthers = await as<{ comments: { content: string }[] }>(c.browser, 'GET', `/api/post/${mine.id}`);
    expect(forOthers.data.comments.map((x) => x.content).sort()).toEqual(['lovely', 'nice fern']);

    // Unblocking restores the list.
    await as(a.browser, 'DELETE', `/api/iam/blocks/${b.profile.uuid}`);
    expect((await as<FeedAnswer>(a.browser, 'GET', `/api/posts/tag/${tag}`)).data.contentItems).toHaveLength(20);
  });

  it('a page\'s answer by a staff member the member blocks is withheld from the member as well', async () => {
    const [owner, mod, visitor] = await Promise.all([member(), member(), member()]);
    const page = await newPage(actor(owner));
    await withRole(actor(owner), actor(mod), page.id, 'moderator');
    const id = (await as<{ convnId: string }>(visitor.browser, 'POST', '/api/iam/messages/new-u-to-p-conversation', { userId: visitor.profile.uuid, pageId: page.id })).data.convnId;
    await sent(visitor, id, 'Hello page');
    expect((await as(visitor.browser, 'POST', '/api/iam/blocks/new', { userId: mod.profile.uuid })).status).toBe(200);
    const fromMod = await send(mod, id, 'Hi from the moderator');
    expect(fromMod.status).toBe(201);
    await sent(owner, id, 'Hi from the owner');
    expect((await conversation(visitor, visitor.profile.uuid, page.id)).data.messages.map((m) => m.content)).toEqual(['Hi from the owner', 'Hello page']);
    expect(await tally(visitor)).toBe(1);
  });

  it('a member\'s messages to a page reach the page even when one of its staff blocks the member (the page is not the staff member)', async () => {
    const [owner, mod, visitor] = await Promise.all([member(), member(), member()]);
    const page = await newPage(actor(owner));
    await withRole(actor(owner), actor(mod), page.id, 'moderator');
    expect((await as(mod.browser, 'POST', '/api/iam/blocks/new', { userId: visitor.profile.uuid })).status).toBe(200);
    const id = (await as<{ convnId: string }>(visitor.browser, 'POST', '/api/iam/messages/new-u-to-p-conversation', { userId: visitor.profile.uuid, pageId: page.id })).data.convnId;
    const hello = await sent(visitor, id, 'Hello page');
    for (const staff of [owner, mod]) {
      const box = await inbox(staff, `?pageId=${page.id}`);
      expect(box.conversations.map((c) => c.id)).toContain(id);
      const read = await conversation(staff, visitor.profile.uuid, page.id);
      expect(read.status).toBe(200);
      expect(read.data.messages.map((m) => m.content)).toEqual(['Hello page']);
    }
    // Answers are the page's, whoever writes them: the blocking staff member's included.
    await sent(mod, id, 'Thanks for writing');
    await sent(owner, id, 'Welcome');
    expect((await conversation(visitor, visitor.profile.uuid, page.id)).data.messages.map((m) => m.content)).toEqual(['Welcome', 'Thanks for writing', hello.content]);
  });

  it('refuses blocking oneself or nobody', async () => {
    const a = await member();
    expect((await as(a.browser, 'POST', '/api/iam/blocks/new', { userId: a.profile.uuid })).status).toBe(400);
    expect((await as(a.browser, 'POST', '/api/iam/blocks/new', { userId: randomUUID() })).status).toBe(404);
  });
});

describe('the counts always equal a recount', () => {
  it('after random sends, reads, hides and mutes among three members and a page', async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    const page = await newPage(actor(c));
    const members = [a, b, c];
    const withPage = async (m: Member) => (await as<{ convnId: string }>(m.browser, 'POST', '/api/iam/messages/new-u-to-p-conversation', { userId: m.profile.uuid, pageId: page.id })).data.convnId;
    // Each conversation's two sides (c answers for the page) and the two ids its path names.
    const convs = [
      { id: await start(a, b), sides: [a, b], path: [a.profile.uuid, b.profile.uuid] },
      { id: await start(a, c), sides: [a, c], path: [a.profile.uuid, c.profile.uuid] },
      { id: await withPage(a), sides: [a, c], path: [a.profile.uuid, page.id] },
      { id: await withPage(b), sides: [b, c], path: [b.profile.uuid, page.id] },
    ];
    const op = fc.record({ kind: fc.constantFrom('send', 'send', 'send', 'read', 'hide', 'mute', 'unmute'), conv: fc.nat(3), side: fc.nat(1) });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 12 }), async (ops) => {
        for (const o of ops) {
          const conv = convs[o.conv]!;
          const who = conv.sides[o.side]!;
          if (o.kind === 'send') await sent(who, conv.id);
          else if (o.kind === 'read') {
            const latest = (await as<ConversationAnswer>(who.browser, 'GET', `/api/iam/messages/conversation/${conv.path.join('/')}`)).data.messages[0];
            if (latest) expect((await markSeen(who, [latest.id])).status).toBe(200);
          } else if (o.kind === 'hide') expect((await as(who.browser, 'DELETE', '/api/iam/messages/conversation', { convnId: conv.id })).status).toBe(200);
          else expect((await as(who.browser, 'PUT', '/api/iam/messages/conversation/mute', { convnId: conv.id, muted: o.kind === 'mute' })).status).toBe(200);
        }
        const unreadOf = new Map<string, string[]>();
        for (const owner of [...members.map((m) => `user#${m.profile.uuid}`), `page#${page.id}`]) {
          const parts = (await Promise.all(convs.map((cv) => queryPartition(`conv#${cv.id}`)))).flat().filter((i) => i.sk === `part#${owner}`);
          const recount = await Promise.all(parts.map(async (p) => ({ p, unread: await recountUnread(String(p.conversationId), p) })));
          for (const { p, unread } of recount) expect(p.unread, `${owner} in ${String(p.conversationId)}`).toBe(unread);
          const counted = recount.filter(({ p }) => !p.muted && Number(p.unread) > 0);
          const t = await getItem(owner, 'msg-tally');
          expect(Number(t?.unread ?? 0), owner).toBe(counted.reduce((n, { p }) => n + Number(p.unread), 0));
          // The unread index (M5b) files exactly the unread, unmuted sides; the tally holds no sets.
          const ids = counted.map(({ p }) => String(p.conversationId)).sort();
          const filed = parts.filter((p) => p.gsi3pk !== undefined);
          expect(filed.map((p) => String(p.conversationId)).sort(), `${owner} unread index`).toEqual(ids);
          for (const p of filed) expect([p.gsi3pk, p.gsi3sk]).toEqual([`unread#${owner}`, p.conversationId]);
          expect(t?.convs, owner).toBeUndefined();
          unreadOf.set(owner, ids);
        }
        // Each member's unread collections are their index's, and their pages'.
        for (const m of members) {
          const { unread } = await inbox(m);
          expect(unread.conversationsNotOnMyPages, m.profile.uuid).toEqual(unreadOf.get(`user#${m.profile.uuid}`));
          expect(unread.conversationsOnMyPages, m.profile.uuid).toEqual(m === c ? unreadOf.get(`page#${page.id}`) : []);
        }
        // Each member's answer is their own tally plus their pages'.
        const pageTally = Number((await getItem(`page#${page.id}`, 'msg-tally'))?.unread ?? 0);
        expect(await tally(c)).toBe(Number((await getItem(`user#${c.profile.uuid}`, 'msg-tally'))?.unread ?? 0) + pageTally);
      }),
      { numRuns: 6 },
    );
  }, 120_000);
});

/** What the participant's unread recounts to (functions/admin/recount-items.ts), from the conversation's partition. */
async function recountUnread(conversationId: string, p: Record<string, unknown>): Promise<number> {
  const { unreadOf } = await import('../../functions/admin/recount-items');
  return unreadOf(p, await queryPartition(`conv#${conversationId}`));
}
