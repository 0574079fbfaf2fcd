/**
 * Notification e-mails: a message left unread, or a comment whose notification is not seen,
 * is mailed once after NOTIFY_MAIL_DELAY_SECONDS (due 900 s after it came; the test makes it due
 * now, and the host's poller, every 2 s, sends it: see test/support/pending-mail.ts), with the one-click unsubscribe headers; more are gathered, never more than one mail an
 * hour per conversation or post; and nothing is mailed when, by the time the mail would go out,
 * the message was read, the conversation muted, a block made either way, the member suspended or
 * their setting off. A page's conversation is mailed to each of its staff whose setting allows.
 *
 * A pending mail is "held" (its due time moved an hour ahead) while a test changes what the
 * sender will judge, then "released" (due now), so the poller cannot run in between.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../functions/lib/outbound/outbox';
import { as, member, type Member } from '../support/accounts';
import { call } from '../support/api';
import { attend, dateIn, newEvent } from '../support/events';
import { getItem, setAttributes } from '../support/db';
import { dueThenSent, hold, pendingKey, release, settled } from '../support/pending-mail';
import { comment, newPost } from '../support/content';
import { newPage, withRole } from '../support/pages';
import { outbox } from '../support/outbox';

async function start(a: Member, b: Member): Promise<string> {
  const res = await as<{ convnId: string }>(a.browser, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [a.profile.uuid, b.profile.uuid] });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.data.convnId;
}

async function send(from: Member, conversationId: string, content = `hello ${randomUUID().slice(0, 6)}`): Promise<string> {
  const id = randomUUID();
  const res = await as(from.browser, 'POST', '/api/iam/messages/new', { id, conversation_id: conversationId, content });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return id;
}

/** The notification mails to `email` (not the sign-up's own mails). */
const mailsTo = async (email: string): Promise<OutboxEntry[]> => (await outbox()).filter((m) => m.channel === 'email' && m.to === email && !!m.headers?.['List-Unsubscribe']);

async function settingsOff(m: Member, setting: string): Promise<void> {
  const res = await as(m.browser, 'PUT', '/api/iam/users/update-user-settings', { [setting]: false });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

describe('an unread message', () => {
  it('is mailed once after the delay, with both one-click headers as an object, and the mail\'s unsubscribe turns message mails off', async () => {
    const [a, b] = await Promise.all([member(), member({ first_name: 'Fern', last_name: 'Green' })]);
    const conv = await start(b, a);
    const before = Date.now();
    await send(b, conv, 'Would you like a cutting of my monstera?');
    const key = pendingKey('conv', conv, 'user', a.profile.uuid);
    // Not due yet: a poll later (every 2 s) it still waits, and nothing is mailed.
    await new Promise((r) => setTimeout(r, 2_500));
    expect((await getItem(key.pk, key.sk))!.dueAt).toBeTypeOf('string');
    expect(await mailsTo(a.email)).toHaveLength(0);
    const after = await dueThenSent(key, before);
    expect(after.lastSentAt).toBeTypeOf('string');
    const mails = await mailsTo(a.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('A new message from Fern Green');
    expect(mail.text).toContain('Would you like a cutting of my monstera?');
    expect(mail.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<https?:\/\/[^>]+(\/api\/unsubscribe\/[^>]+)>$/.exec(mail.headers!['List-Unsubscribe']!);
    expect(url, mail.headers!['List-Unsubscribe']).not.toBeNull();
    expect(url![1]!).toContain(`${a.profile.uuid}.notify_email_messages.`);
    // The sender's own mailbox gets nothing of their own message.
    expect(await mailsTo(b.email)).toHaveLength(0);
    // The header's URL posted as a mail client does (no session, no client-platform header): message mails off.
    const off = await call('POST', url![1]!, { noPlatform: true, rawBody: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(off.status, JSON.stringify(off.json)).toBe(200);
    const settings = await as<{ notify_email_messages: boolean; notify_email_comments: boolean }>(a.browser, 'GET', '/api/iam/users/user-settings');
    expect(settings.data).toMatchObject({ notify_email_messages: false, notify_email_comments: true });
    // And the next message is not mailed, even once the hour is over.
    await send(b, conv, 'Still there?');
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await release(key, { lastSentAt: hourAgo });
    expect((await settled(key)).lastSentAt).toBe(hourAgo);
    expect(await mailsTo(a.email)).toHaveLength(1);
  });

  it('gathers messages within the hour into one mail, then at most one more an hour after the last', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const conv = await start(b, a);
    const key = pendingKey('conv', conv, 'user', a.profile.uuid);
    await send(b, conv, 'one');
    await hold(key);
    const held = (await getItem(key.pk, key.sk))!.dueAt;
    await send(b, conv, 'two');
    await send(b, conv, 'three');
    // Gathered: a later message never moves the due time the first one set.
    expect((await getItem(key.pk, key.sk))!).toMatchObject({ dueAt: held, gsi3sk: `${String(held)}#${key.pk}#${key.sk}` });
    await release(key);
    await settled(key);
    let mails = await mailsTo(a.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^3 new messages from /);
    for (const word of ['one', 'two', 'three']) expect(mails[0]!.text).toContain(`: ${word}`);
    // Within the hour: the next one waits for the hour's end, and is not mailed now (even once due).
    await send(b, conv, 'four');
    await release(key);
    const waiting = await getItem(key.pk, key.sk);
    const sentAt = Date.parse(String(waiting!.lastSentAt));
    for (let i = 0; i < 40 && (await getItem(key.pk, key.sk))!.dueAt !== new Date(sentAt + 3_600_000).toISOString(); i++) await new Promise((r) => setTimeout(r, 250));
    expect((await getItem(key.pk, key.sk))!.dueAt).toBe(new Date(sentAt + 3_600_000).toISOString());
    expect(await mailsTo(a.email)).toHaveLength(1);
    // An hour later (the last mail set back an hour): one more, with only what came since.
    await release(key, { lastSentAt: new Date(sentAt - 3_600_000).toISOString() });
    await settled(key);
    mails = await mailsTo(a.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(/^A new message from /);
    expect(mails[1]!.text).toContain(': four');
    expect(mails[1]!.text).not.toContain(': one');
  });

  it('is not mailed once read, nor in a muted conversation, nor with a block either way, nor to a suspended member, nor with the setting off', async () => {
    const cases: [string, (a: Member, b: Member, conv: string, messageId: string) => Promise<void>][] = [
      ['read', async (a, _b, _conv, id) => void expect((await as(a.browser, 'PUT', '/api/messages/mark-as-seen', { msgsArr: [id] })).status).toBe(200)],
      ['muted', async (a, _b, conv) => void expect((await as(a.browser, 'PUT', '/api/iam/messages/conversation/mute', { convnId: conv, muted: true })).status).toBe(200)],
      ['blocks the sender', async (a, b) => void expect((await as(a.browser, 'POST', '/api/iam/blocks/new', { userId: b.profile.uuid })).status).toBe(200)],
      ['blocked by the sender', async (a, b) => void expect((await as(b.browser, 'POST', '/api/iam/blocks/new', { userId: a.profile.uuid })).status).toBe(200)],
      ['suspended', async (a) => setAttributes(`user#${a.profile.uuid}`, 'profile', { suspended: true })],
      ['setting off', async (a) => settingsOff(a, 'notify_email_messages')],
    ];
    await Promise.all(cases.map(async ([name, change]) => {
      const [a, b] = await Promise.all([member(), member()]);
      const conv = await start(b, a);
      const key = pendingKey('conv', conv, 'user', a.profile.uuid);
      const id = await send(b, conv);
      await hold(key);
      await change(a, b, conv, id);
      await release(key);
      const after = await settled(key);
      expect(after.lastSentAt, name).toBeUndefined();
      expect(await mailsTo(a.email), name).toHaveLength(0);
    }));
  });
});

describe('a message to a page', () => {
  it('is mailed to each admin and moderator whose setting allows, naming the page', async () => {
    const [owner, moderator, quiet, plain, writer] = await Promise.all([member(), member(), member(), member(), member({ first_name: 'Rosa', last_name: 'Green' })]);
    const actor = (m: Member) => ({ uuid: m.profile.uuid, browser: m.browser });
    const page = await newPage(actor(owner), { name: 'Newtown Growers' });
    await withRole(actor(owner), actor(moderator), page.id, 'moderator');
    await withRole(actor(owner), actor(quiet), page.id, 'admin');
    await withRole(actor(owner), actor(plain), page.id, 'member');
    await settingsOff(quiet, 'notify_email_messages');
    const res = await as<{ convnId: string }>(writer.browser, 'POST', '/api/iam/messages/new-u-to-p-conversation', { userId: writer.profile.uuid, pageId: page.id });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const before = Date.now();
    await send(writer, res.data.convnId, 'Are you open on Saturday?');
    await dueThenSent(pendingKey('conv', res.data.convnId, 'page', page.id), before);
    for (const staff of [owner, moderator]) {
      const mails = await mailsTo(staff.email);
      expect(mails, staff.email).toHaveLength(1);
      expect(mails[0]!.subject).toBe('A new message to Newtown Growers from Rosa Green');
    }
    expect(await mailsTo(quiet.email)).toHaveLength(0);
    expect(await mailsTo(plain.email)).toHaveLength(0);
    expect(await mailsTo(writer.email)).toHaveLength(0);
  });
});

describe('a comment', () => {
  it('is mailed to the post\'s author while its notification is unseen, and not once seen', async () => {
    const [author, commenter, other] = await Promise.all([member(), member({ first_name: 'Moss', last_name: 'Green' }), member()]);
    const post = await newPost({ uuid: author.profile.uuid, browser: author.browser }, { text: 'Repotted the fern' });
    const before = Date.now();
    await comment({ uuid: commenter.profile.uuid, browser: commenter.browser }, post.id, 'Lovely leaves!');
    await dueThenSent(pendingKey('post', post.id, 'user', author.profile.uuid), before);
    const mails = await mailsTo(author.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('A new comment on your post');
    expect(mails[0]!.text).toContain('Moss Green: Lovely leaves!');
    expect(mails[0]!.text).toContain('On your post “Repotted the fern”:');
    expect(mails[0]!.text).toContain(`/post/${post.id}`);
    expect(mails[0]!.headers!['List-Unsubscribe']).toContain(`${author.profile.uuid}.notify_email_comments.`);

    // Seen before the mail goes: no mail.
    const second = await newPost({ uuid: other.profile.uuid, browser: other.browser });
    const key = pendingKey('post', second.id, 'user', other.profile.uuid);
    await comment({ uuid: commenter.profile.uuid, browser: commenter.browser }, second.id, 'And here');
    await hold(key);
    expect((await as(other.browser, 'PUT', '/api/iam/notifications/mark-as-seen', { notifIds: [] })).status).toBe(200);
    await release(key);
    expect((await settled(key)).lastSentAt).toBeUndefined();
    expect(await mailsTo(other.email)).toHaveLength(0);
  });
});

describe('an event change', () => {
  it('is mailed after the delay to the members going, in the place\'s time with its zone named', async () => {
    const [creator, going] = await Promise.all([member(), member()]);
    const actor = (m: Member) => ({ uuid: m.profile.uuid, browser: m.browser });
    const e = await newEvent(actor(creator), { specifics: [dateIn(3)] });
    const d = e.specifics[0]!;
    await attend(actor(going), d.id, 'GOING');
    const moved = new Date(Date.parse(d.startsAt) + 3_600_000).toISOString();
    const before = Date.now();
    const res = await as(creator.browser, 'PUT', '/api/iam/events/update-specific', { specificId: d.id, startsAt: moved, endsAt: new Date(Date.parse(moved) + 7_200_000).toISOString() });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    await dueThenSent(pendingKey('event', e.id, 'user', going.profile.uuid), before);
    const mails = await mailsTo(going.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Changes to ${e.title}`);
    const when = new Intl.DateTimeFormat('en', { timeZone: e.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(moved));
    expect(mails[0]!.text).toContain(`New time: ${e.title} is now on`);
    expect(mails[0]!.text).toContain(when);
    expect(mails[0]!.text).toContain(`/event/${e.randomId}`);
    expect(mails[0]!.headers!['List-Unsubscribe']).toContain(`${going.profile.uuid}.notify_email_events.`);
    expect(await mailsTo(creator.email)).toHaveLength(0);
  });
});
