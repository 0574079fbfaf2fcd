/**
 * Live delivery against the local host: the one-time ticket (single use, 60 s, forged ones
 * refused, only for a live session of a live account), the handshake's origin, frames to every
 * participant's sockets and no one else's, the notification and tally frames, ping and pong,
 * fetching what was missed after a reconnect, and sockets that close when their session ends.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ConversationAnswer, MessageView } from '../../shared/answers/messages';
import type { ServerFrame } from '../../shared/realtime';
import { ACCESS_COOKIE } from '../../shared/constants';
import { as, linkToken, member, newBrowser, type Member } from '../support/accounts';
import { call, hostUrl } from '../support/api';
import { comment, newPost, reactTo } from '../support/content';
import { attend, dateIn, newEvent } from '../support/events';
import { queryPartition, setAttributes } from '../support/db';
import { useHostTable } from '../support/host-env';
import { join, newPage, withRole } from '../support/pages';
import { fanOutSettled } from '../support/realtime';
import { connectionsOf } from '../../functions/realtime/connections';
import { MAX_SOCKETS_PER_MEMBER } from '../../functions/realtime/handshake';
import { admin } from '../support/users';

beforeAll(() => useHostTable());

const actor = (m: Member) => ({ uuid: m.profile.uuid, browser: m.browser });

async function ticketUrl(m: Member): Promise<string> {
  const res = await as<{ url: string }>(m.browser, 'POST', '/api/iam/realtime/ticket', {});
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.data.url;
}

interface Socket {
  ws: WebSocket;
  frames: ServerFrame[];
  /** The next frame of `type` (already received or still to come), within `ms`. */
  next<T extends ServerFrame['type']>(type: T, ms?: number, test?: (f: Extract<ServerFrame, { type: T }>) => boolean): Promise<Extract<ServerFrame, { type: T }>>;
  close(): Promise<void>;
}

function open(url: string, headers: Record<string, string> = {}): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const frames: ServerFrame[] = [];
    const waiters: (() => void)[] = [];
    ws.on('message', (data) => {
      frames.push(JSON.parse(String(data)) as ServerFrame);
      for (const w of waiters.splice(0)) w();
    });
    ws.once('unexpected-response', (_req, res) => reject(new Error(`handshake refused: ${res.statusCode}`)));
    ws.once('error', reject);
    ws.once('open', () =>
      resolve({
        ws,
        frames,
        next: (type, ms = 2000, test = () => true) =>
          new Promise((ok, fail) => {
            const started = Date.now();
            const look = () => {
              const i = frames.findIndex((f) => f.type === type && test(f as never));
              if (i >= 0) return ok(frames.splice(i, 1)[0] as never);
              if (Date.now() - started > ms) return fail(new Error(`no ${type} frame within ${ms} ms; got ${JSON.stringify(frames)}`));
              waiters.push(look);
              setTimeout(look, ms - (Date.now() - started) + 5);
            };
            look();
          }),
        close: () =>
          new Promise<void>((done) => {
            if (ws.readyState === ws.CLOSED) return done();
            ws.once('close', () => done());
            ws.close();
          }),
      }),
    );
  });
}

/** The status a refused handshake answers. */
function refusal(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('open', () => {
      ws.close();
      reject(new Error('the handshake was accepted'));
    });
    ws.once('error', () => undefined);
  });
}

/**
 * Every frame the host will send these sockets for the writes made so far has arrived: the host's
 * fan-outs under way have finished, so their frames are on each socket's one connection, and a
 * pong asked for after that has come back behind them. (A frame from a later write proves nothing:
 * fan-outs run side by side, and a later one can finish first.) The pongs are taken off `frames`.
 */
async function caughtUp(...sockets: Socket[]): Promise<void> {
  await fanOutSettled();
  await Promise.all(
    sockets.map(async (s) => {
      s.ws.send(JSON.stringify({ type: 'ping' }));
      await s.next('pong', 10_000);
    }),
  );
}

async function conversation(a: Member, b: Member): Promise<string> {
  const res = await as<{ convnId: string }>(a.browser, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [a.profile.uuid, b.profile.uuid] });
  return res.data.convnId;
}

async function send(from: Member, conversationId: string, content: string): Promise<MessageView> {
  const res = await as<{ message: MessageView }>(from.browser, 'POST', '/api/iam/messages/new', { id: randomUUID(), conversation_id: conversationId, content });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.data.message;
}

describe('tickets', () => {
  it('answers a WebSocket URL on the gateway\'s own host and port, path /ws', async () => {
    const a = await member();
    const url = new URL(await ticketUrl(a));
    expect(url.protocol).toBe('ws:');
    expect(url.host).toBe(new URL(hostUrl()).host);
    expect(url.pathname).toBe('/ws');
    expect(url.searchParams.get('ticket')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await call('POST', '/api/iam/realtime/ticket', { body: {} })).status).toBe(401);
  });

  it('opens one socket only: the same ticket again is refused with 401', async () => {
    const a = await member();
    const url = await ticketUrl(a);
    const socket = await open(url);
    expect(await refusal(url)).toBe(401);
    await socket.close();
  });

  it('refuses an expired, forged or malformed ticket, and a path other than /ws', async () => {
    const a = await member();
    const { issueTicket } = await import('../../functions/realtime/tickets');
    const expired = await issueTicket({ userId: a.profile.uuid, familyId: randomUUID() }, { nowMs: Date.now() - 61_000 });
    const base = new URL(await ticketUrl(a));
    const withTicket = (t: string) => {
      const u = new URL(base);
      u.searchParams.set('ticket', t);
      return u.toString();
    };
    expect(await refusal(withTicket(expired))).toBe(401);
    expect(await refusal(withTicket(randomBytes(32).toString('base64url')))).toBe(401);
    expect(await refusal(withTicket("' OR 1=1 --"))).toBe(401);
    const noTicket = new URL(base);
    noTicket.search = '';
    expect(await refusal(noTicket.toString())).toBe(401);
    const elsewhere = new URL(base);
    elsewhere.pathname = '/api/ws';
    expect(await refusal(elsewhere.toString())).toBe(404);
  });
});

describe('frames', () => {
  it('answers ping with pong', async () => {
    const a = await member();
    const socket = await open(await ticketUrl(a));
    socket.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await socket.next('pong')).toEqual({ type: 'pong' });
    await socket.close();
  });

  // How fast a frame arrives is measured by `npm run bench` (send → frame, against a bare ws echo);
  // here it must arrive, within a bound generous enough for a busy machine.
  it('delivers a message to every participant\'s sockets (the sender\'s other tabs too) and to no one else', async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    const id = await conversation(a, b);
    const [aTab1, aTab2, bTab, cTab] = await Promise.all([a, a, b, c].map(async (m) => open(await ticketUrl(m))));
    const m = await send(a, id, 'Fresh cuttings on the porch');
    for (const tab of [aTab1!, aTab2!, bTab!]) {
      const frame = await tab.next('message', 10_000);
      expect(frame.data).toEqual({ conversationId: id, message: { id: m.id, content: 'Fresh cuttings on the porch', senderId: a.profile.uuid, createdAt: m.createdAt } });
    }
    // b's tally changed: b is told; c heard nothing at all.
    expect((await bTab!.next('messages-tally')).data).toEqual({ unreadMsgsTally: 1 });
    await caughtUp(cTab!);
    expect(cTab!.frames).toEqual([]);
    await Promise.all([aTab1, aTab2, bTab, cTab].map((s) => s!.close()));
  });

  it('names a message\'s photos by id only: URLs are signed when the conversation is read', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const id = await conversation(a, b);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
    const upload = await as<{ id: string; url: string }>(a.browser, 'POST', '/api/iam/messages/photo-upload-url', { contentType: 'image/jpeg', size: jpeg.length, width: 40, height: 30 });
    expect(upload.status, JSON.stringify(upload.json)).toBe(200);
    expect((await fetch(upload.data.url, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: new Uint8Array(jpeg) })).status).toBe(200);
    const bTab = await open(await ticketUrl(b));
    const m = await as<{ message: MessageView }>(a.browser, 'POST', '/api/iam/messages/new', { id: randomUUID(), conversation_id: id, content: '', photos: [upload.data.id] });
    expect(m.status, JSON.stringify(m.json)).toBe(201);
    const frame = await bTab.next('message', 10_000);
    expect(frame.data).toEqual({ conversationId: id, message: { id: m.data.message.id, content: '', senderId: a.profile.uuid, createdAt: m.data.message.createdAt, photos: [{ id: upload.data.id }] } });
    await bTab.close();
  });

  it('delivers a page conversation to the page\'s staff, with asPageId on their answer', async () => {
    const [owner, mod, visitor, plain] = await Promise.all([member(), member(), member(), member()]);
    const page = await newPage(actor(owner));
    await withRole(actor(owner), actor(mod), page.id, 'moderator');
    await withRole(actor(owner), actor(plain), page.id, 'member');
    const started = await as<{ convnId: string }>(visitor.browser, 'POST', '/api/iam/messages/new-u-to-p-conversation', { userId: visitor.profile.uuid, pageId: page.id });
    const id = started.data.convnId;
    const [ownerTab, modTab, visitorTab, plainTab] = await Promise.all([owner, mod, visitor, plain].map(async (m) => open(await ticketUrl(m))));
    await send(visitor, id, 'Open on Sundays?');
    await ownerTab!.next('message');
    await modTab!.next('message');
    expect((await modTab!.next('messages-tally')).data).toEqual({ unreadMsgsTally: 1 });
    await send(owner, id, 'Yes!');
    const answer = await visitorTab!.next('message', 10_000, (f) => f.data.message.content === 'Yes!');
    expect(answer.data.message).toMatchObject({ senderId: owner.profile.uuid, asPageId: page.id });
    await caughtUp(plainTab!);
    expect(plainTab!.frames).toEqual([]);
    await Promise.all([ownerTab, modTab, visitorTab, plainTab].map((s) => s!.close()));
  });

  it('a blocked member\'s message reaches only the sender\'s own sockets', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const id = await conversation(a, b);
    expect((await as(a.browser, 'POST', '/api/iam/blocks/new', { userId: b.profile.uuid })).status).toBe(200);
    const [aTab, bTab] = await Promise.all([a, b].map(async (m) => open(await ticketUrl(m))));
    await send(b, id, 'hello?');
    expect((await bTab!.next('message')).data.message.content).toBe('hello?');
    await caughtUp(aTab!);
    expect(aTab!.frames).toEqual([]);
    await Promise.all([aTab, bTab].map((s) => s!.close()));
  });

  it('a message an admin hides reaches both sides again as the placeholder, never its text', async () => {
    const [a, b, boss] = await Promise.all([member(), member(), admin()]);
    const id = await conversation(a, b);
    const [aTab, bTab] = await Promise.all([a, b].map(async (m) => open(await ticketUrl(m))));
    const m = await send(a, id, 'Send me money now');
    await bTab!.next('message');
    await aTab!.next('message');
    const filed = await as<{ caseId: string }>(b.browser, 'POST', '/api/iam/reports/new', { target: { type: 'message', id: m.id }, reason: 'abuse', text: '' });
    expect(filed.status, JSON.stringify(filed.json)).toBe(201);
    expect((await as(boss.browser, 'PUT', `/api/iam/admin/reports/${filed.data.caseId}`, { action: 'hide-content', note: '' })).status).toBe(200);
    for (const tab of [aTab!, bTab!]) {
      const frame = await tab.next('message', 10_000, (f) => f.data.message.id === m.id);
      expect(frame.data).toEqual({ conversationId: id, message: { id: m.id, content: '', senderId: a.profile.uuid, createdAt: m.createdAt, hidden: true } });
    }
    await Promise.all([aTab, bTab].map((s) => s!.close()));
  });

  it('sends a notification frame with the notification and the tally', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const post = await newPost({ uuid: a.profile.uuid, browser: a.browser });
    const aTab = await open(await ticketUrl(a));
    await reactTo({ uuid: b.profile.uuid, browser: b.browser }, { post_id: post.id });
    const frame = await aTab.next('notification');
    expect(frame.data.tally).toBe(1);
    expect(frame.data.notification).toMatchObject({ kind: 'reaction', actorId: b.profile.uuid, actor: { uuid: b.profile.uuid, username: b.profile.username }, targetId: post.id, seen: false });
    // The same shape as an item of GET /api/iam/notifications/all.
    const listed = await as<{ notifications: unknown[] }>(a.browser, 'GET', '/api/iam/notifications/all');
    expect(listed.data.notifications[0]).toEqual(frame.data.notification);
    await aTab.close();
  });

  it('a socket ends with its session: after logging out it receives nothing more', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const id = await conversation(a, b);
    const tab = await open(await ticketUrl(b));
    await send(a, id, 'before');
    await tab.next('message');
    const { connectionsOf } = await import('../../functions/realtime/connections');
    expect(await connectionsOf(b.profile.uuid)).toHaveLength(1);
    expect((await as(b.browser, 'POST', '/api/iam/authn/logout', {})).status).toBe(200);
    expect(await connectionsOf(b.profile.uuid)).toEqual([]);
    await send(a, id, 'after');
    // Logging out closed the socket (below, "logging out closes the session's socket at once"): once
    // the close has arrived, nothing more can.
    await fanOutSettled();
    await closedWithin(tab, 10_000);
    expect(tab.frames.filter((f) => f.type === 'message')).toEqual([]);
    await tab.close();
  });

  it('after a reconnect, the message sent while away is fetched over REST', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const id = await conversation(a, b);
    const first = await open(await ticketUrl(b));
    await send(a, id, 'one');
    await first.next('message');
    await first.close();
    const missed = await send(a, id, 'two, while you were away');
    const again = await open(await ticketUrl(b));
    const caughtUp = await as<ConversationAnswer>(b.browser, 'GET', `/api/iam/messages/conversation/${a.profile.uuid}/${b.profile.uuid}`);
    expect(caughtUp.data.messages[0]).toEqual(missed);
    // The closed socket's connection item is gone; the new one receives.
    await send(a, id, 'three');
    expect((await again.next('message')).data.message.content).toBe('three');
    expect(first.frames.filter((f) => f.type === 'message')).toEqual([]);
    await again.close();
  });
});

/** Resolves with the close code once the server closes `socket`; rejects after `ms`. */
function closedWithin(socket: Socket, ms: number): Promise<number> {
  return new Promise((resolve, reject) => {
    if (socket.ws.readyState === socket.ws.CLOSED) return resolve(0);
    const timer = setTimeout(() => reject(new Error(`the socket was still open after ${ms} ms`)), ms);
    socket.ws.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** A browser that holds only `m`'s access cookie, kept from before whatever ends the session. */
function keptAccessCookie(m: Member) {
  const b = newBrowser();
  b.cookies.set(ACCESS_COOKIE, m.browser.cookies.get(ACCESS_COOKIE)!);
  b.csrf = m.browser.csrf;
  return b;
}

describe('a socket lives no longer than its session', () => {
  it('the ticket route checks the session and the account: a kept access cookie gets no ticket after logout or account deletion', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const keptA = keptAccessCookie(a);
    expect((await as(a.browser, 'POST', '/api/iam/authn/logout', {})).status).toBe(200);
    const afterLogout = await as(keptA, 'POST', '/api/iam/realtime/ticket', {});
    expect(afterLogout.status, JSON.stringify(afterLogout.json)).toBe(401);

    const keptB = keptAccessCookie(b);
    expect((await as(b.browser, 'DELETE', '/api/iam/authn/delete', { uuid: b.profile.uuid })).status).toBe(200);
    expect((await as(keptB, 'POST', '/api/iam/realtime/ticket', {})).status).toBe(401);
  });

  it('the handshake checks the ticket\'s session again: a ticket made before logout opens nothing', async () => {
    const a = await member();
    const url = await ticketUrl(a);
    expect((await as(a.browser, 'POST', '/api/iam/authn/logout', {})).status).toBe(200);
    expect(await refusal(url)).toBe(401);
    const { connectionsOf } = await import('../../functions/realtime/connections');
    expect(await connectionsOf(a.profile.uuid)).toEqual([]);
  });

  it('logging out closes the session\'s socket at once, and only that session\'s', async () => {
    const a = await member();
    const elsewhere = newBrowser();
    const login = await as<{ csrf_token: string }>(elsewhere, 'POST', '/api/iam/authn/login', { email: a.email, password: a.password });
    expect(login.status).toBe(200);
    elsewhere.csrf = login.data.csrf_token;
    const [tab, otherTab] = await Promise.all([open(await ticketUrl(a)), open(await ticketUrl({ ...a, browser: elsewhere }))]);
    expect((await as(a.browser, 'POST', '/api/iam/authn/logout', {})).status).toBe(200);
    await closedWithin(tab, 1000);
    // Every close the logout set off has gone out, and the other tab still answers a ping after it.
    await caughtUp(otherTab);
    expect(otherTab.ws.readyState).toBe(otherTab.ws.OPEN);
    await otherTab.close();
  });

  it('a socket whose session was revoked without its connection being found (an index lagging behind the handshake) gets no frame, and goes', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const id = await conversation(a, b);
    const tab = await open(await ticketUrl(b));
    await send(a, id, 'before');
    await tab.next('message');
    // The revocation as it lands when its look-up of the connections missed this one: the family revoked, the connection left.
    const [family] = (await queryPartition(`user#${b.profile.uuid}`)).filter((i) => String(i.sk).startsWith('session#') && !i.revokedAt);
    await setAttributes(String(family!.pk), String(family!.sk), { revokedAt: new Date().toISOString() });
    await send(a, id, 'after');
    expect(await closedWithin(tab, 2000)).toBe(4001);
    expect(tab.frames.filter((f) => f.type === 'message')).toEqual([]);
    const { connectionsOf } = await import('../../functions/realtime/connections');
    expect(await connectionsOf(b.profile.uuid)).toEqual([]);
  });

  it('suspension, a password reset and account deletion close every socket of the account at once', async () => {
    const [boss, rogue, forgetful, leaver] = await Promise.all([admin(), member(), member(), member()]);
    const [rogueTab, forgetfulTab, leaverTab] = await Promise.all([rogue, forgetful, leaver].map(async (m) => open(await ticketUrl(m))));
    const suspend = await as(boss.browser, 'PUT', `/api/iam/users/${rogue.profile.uuid}`, { suspended: true });
    expect(suspend.status, JSON.stringify(suspend.json)).toBe(200);
    await closedWithin(rogueTab!, 1000);
    expect((await call('POST', '/api/iam/authn/reset', { body: { email: forgetful.email } })).status).toBe(200);
    const token = await linkToken(forgetful.email, '/auth/reset');
    expect((await call('PUT', '/api/iam/pwreset/update', { body: { token, password: 'New-leaf-2027' } })).status).toBe(200);
    await closedWithin(forgetfulTab!, 1000);
    expect((await as(leaver.browser, 'DELETE', '/api/iam/authn/delete', { uuid: leaver.profile.uuid })).status).toBe(200);
    await closedWithin(leaverTab!, 1000);
  });

  it('a socket closes when its session expires, even within its 2 hours', async () => {
    const a = await member();
    const { db } = await import('../../functions/db/service');
    const { data: families } = await db().entities.session.query.byUser({ userId: a.profile.uuid }).go();
    expect(families).toHaveLength(1);
    const endsAt = Math.floor(Date.now() / 1000) + 3;
    await db().entities.session.patch({ userId: a.profile.uuid, familyId: families[0]!.familyId }).set({ expiresAt: endsAt }).go();
    const tab = await open(await ticketUrl(a));
    const { data: connections } = await db().entities.realtimeConnection.query.byUser({ userId: a.profile.uuid }).go();
    expect(connections.map((c) => c.expiresAt)).toEqual([endsAt]);
    await closedWithin(tab, 5000);
    expect(Date.now()).toBeGreaterThanOrEqual(endsAt * 1000 - 50);
  });
});

describe('sockets per member', () => {
  it('opens at most 10 sockets for one member: the 11th handshake answers 429 before it opens; one closed makes room', { timeout: 60_000 }, async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const open10: Socket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_MEMBER; i++) open10.push(await open(await ticketUrl(a)));
    expect(await refusal(await ticketUrl(a))).toBe(429);
    // Another member is not held to a's count.
    const other = await open(await ticketUrl(b));
    await open10.pop()!.close();
    await expect.poll(async () => (await connectionsOf(a.profile.uuid)).length, { timeout: 10_000 }).toBe(MAX_SOCKETS_PER_MEMBER - 1);
    const again = await open(await ticketUrl(a));
    await Promise.all([...open10, other, again].map((s) => s.close()));
  });
});

describe('the handshake\'s origin', () => {
  it('refuses a browser on another site (403), accepts the site\'s own origins and a client that sends none', async () => {
    const a = await member();
    expect(await refusal(await ticketUrl(a), { origin: 'https://evil.example' })).toBe(403);
    expect(await refusal(await ticketUrl(a), { origin: 'null' })).toBe(403);
    const port = new URL(hostUrl()).port;
    for (const origin of [`http://localhost:${port}`, `http://127.0.0.1:${port}`]) {
      const socket = await open(await ticketUrl(a), { origin });
      await socket.close();
    }
    // No Origin: a client that is not a browser, authenticated by its one-time ticket alone.
    const bare = await open(await ticketUrl(a));
    await bare.close();
  });
});

describe('changed frames', () => {
  const changedOf = (s: Socket) => s.frames.filter((f) => f.type === 'changed');

  it('an event: a member moved off the waitlist, the organiser and the other answerer are told to read it again, beside the notification as it was', async () => {
    const [creator, going, waiting, stranger] = await Promise.all([member(), member(), member(), member()]);
    const e = await newEvent(actor(creator), { specifics: [dateIn(3)], capacity: 1 });
    const d = e.specifics[0]!;
    await attend(actor(going), d.id, 'GOING');
    await attend(actor(waiting), d.id, 'GOING');
    const [cs, ws, ss] = await Promise.all([open(await ticketUrl(creator)), open(await ticketUrl(waiting)), open(await ticketUrl(stranger))]);
    await caughtUp(cs, ws, ss);
    cs.frames.length = ws.frames.length = ss.frames.length = 0;
    await attend(actor(going), d.id, 'NOT_GOING');
    await caughtUp(cs, ws, ss);
    const frame = { type: 'changed', data: { kind: 'event', id: e.randomId } };
    expect(changedOf(ws)).toContainEqual(frame);
    expect(changedOf(cs)).toContainEqual(frame);
    expect(changedOf(ss)).toEqual([]);
    // The promotion's notification is sent as before, in its own frame.
    const notice = ws.frames.find((f) => f.type === 'notification');
    expect(notice && notice.type === 'notification' && notice.data.notification.kind).toBe('event-promoted');
    await Promise.all([cs.close(), ws.close(), ss.close()]);
  });

  it('a page: an approved request tells the member and the staff, and no one else', async () => {
    const [owner, mod, asker, other] = await Promise.all([member(), member(), member(), member()]);
    const p = await newPage(actor(owner));
    await withRole(actor(owner), actor(mod), p.id, 'moderator');
    expect((await as(owner.browser, 'PUT', '/api/iam/pages/update-page-settings', { pageId: p.id, openness: 'moderated' })).status).toBe(200);
    await join(actor(asker), p.id);
    const [os, ms, as_, xs] = await Promise.all([open(await ticketUrl(owner)), open(await ticketUrl(mod)), open(await ticketUrl(asker)), open(await ticketUrl(other))]);
    await caughtUp(os, ms, as_, xs);
    for (const s of [os, ms, as_, xs]) s.frames.length = 0;
    expect((await as(mod.browser, 'POST', '/api/iam/pages/approve-request', { pageId: p.id, userId: asker.profile.uuid })).status).toBe(200);
    await caughtUp(os, ms, as_, xs);
    const frame = { type: 'changed', data: { kind: 'page', id: p.id } };
    for (const s of [os, ms, as_]) expect(changedOf(s)).toContainEqual(frame);
    expect(changedOf(xs)).toEqual([]);
    await Promise.all([os, ms, as_, xs].map((s) => s.close()));
  });

  it('a thread: a new comment tells the post\'s author and its commenters; a reaction to a comment tells no one to read the thread again', async () => {
    const [author, first, second, other] = await Promise.all([member(), member(), member(), member()]);
    const post = await newPost(actor(author));
    const earlier = await comment(actor(first), post.id, 'first!');
    const [aus, fs, ss, xs] = await Promise.all([open(await ticketUrl(author)), open(await ticketUrl(first)), open(await ticketUrl(second)), open(await ticketUrl(other))]);
    await caughtUp(aus, fs, ss, xs);
    for (const s of [aus, fs, ss, xs]) s.frames.length = 0;
    await comment(actor(second), post.id, 'second');
    await caughtUp(aus, fs, ss, xs);
    const frame = { type: 'changed', data: { kind: 'thread', id: post.id } };
    for (const s of [aus, fs, ss]) expect(changedOf(s)).toContainEqual(frame);
    expect(changedOf(xs)).toEqual([]);
    for (const s of [aus, fs, ss, xs]) s.frames.length = 0;
    await reactTo(actor(other), { comment_id: earlier.id });
    await caughtUp(aus, fs, ss, xs);
    for (const s of [aus, fs, ss, xs]) expect(changedOf(s)).toEqual([]);
    await Promise.all([aus, fs, ss, xs].map((s) => s.close()));
  });

  it('a message yields exactly the frames it did: the message to both, the tally to the recipient, and nothing changed', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const conv = await conversation(a, b);
    const [as_, bs] = await Promise.all([open(await ticketUrl(a)), open(await ticketUrl(b))]);
    await caughtUp(as_, bs);
    as_.frames.length = bs.frames.length = 0;
    await send(a, conv, 'hello');
    await caughtUp(as_, bs);
    expect(as_.frames.map((f) => f.type).sort()).toEqual(['message']);
    expect(bs.frames.map((f) => f.type).sort()).toEqual(['message', 'messages-tally']);
    await Promise.all([as_.close(), bs.close()]);
  });
});
