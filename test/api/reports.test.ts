/** Reports: a member files one (once per target), the admins read the queue and act on it. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportCaseView, ReportReceipt } from '../../shared/answers/reports';
import { DEFAULT_LIMITS } from '../../functions/lib/rate-limit';
import { as, member } from '../support/accounts';
import { call } from '../support/api';
import { comment, newPlant, newPost } from '../support/content';
import { getItem } from '../support/db';
import { newEvent } from '../support/events';
import { newPage } from '../support/pages';
import { admin, allPages, registeredUser, unregisteredUser, type TestUser } from '../support/users';

let author: TestUser;
let reporter: TestUser;
let other: TestUser;
let boss: TestUser;

beforeAll(async () => {
  [author, reporter, other, boss] = await Promise.all([registeredUser(), registeredUser(), registeredUser(), admin()]);
});

const report = (m: { browser: TestUser['browser'] }, body: Record<string, unknown>) => as<ReportReceipt>(m.browser, 'POST', '/api/iam/reports/new', body);
const target = (type: string, id: string, reason = 'spam', text = '') => ({ target: { type, id }, reason, text });
const queue = (state: 'open' | 'closed') => allPages<ReportCaseView>((q) => as(boss.browser, 'GET', `/api/iam/admin/reports/${state}${q}`), 'reports');
const act = (id: string, action: string, note = '') => as<ReportCaseView>(boss.browser, 'PUT', `/api/iam/admin/reports/${id}`, { action, note });

describe('POST /api/iam/reports/new', () => {
  it('files a report in an open case; the same member again changes nothing, another member joins the case', async () => {
    const post = await newPost(author, { text: 'Buy cheap followers now' });
    const first = await report(reporter, target('post', post.id, 'spam', 'An advert'));
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    expect(first.data.filed).toBe(true);
    const again = await report(reporter, target('post', post.id, 'abuse', 'Again'));
    expect(again.status).toBe(200);
    expect(again.data).toEqual({ caseId: first.data.caseId, filed: false });
    const second = await report(other, target('post', post.id, 'abuse'));
    expect(second.status).toBe(201);
    expect(second.data.caseId).toBe(first.data.caseId);
    const stored = await getItem(`report#${first.data.caseId}`, 'report');
    expect(stored).toMatchObject({ state: 'open', targetType: 'post', targetId: post.id, authorId: author.uuid, reporterCount: 2, spam: 1, abuse: 1, unsafe: 0, other: 0 });
    expect(stored!.texts).toEqual([expect.objectContaining({ reason: 'spam', text: 'An advert' })]);
    expect(await getItem(`reported#post#${post.id}`, 'open')).toMatchObject({ caseId: first.data.caseId });
  });

  it('takes every kind of target the member can see: comment, plant, member, page, event, message', async () => {
    const post = await newPost(author);
    const c = await comment(author, post.id, 'rude words');
    const plant = await newPlant(author);
    const page = await newPage(author);
    const event = await newEvent(author);
    const conv = await as<{ convnId: string }>(author.browser, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [author.uuid, reporter.uuid] });
    const msgId = randomUUID();
    expect((await as(author.browser, 'POST', '/api/iam/messages/new', { id: msgId, conversation_id: conv.data.convnId, content: 'send me money' })).status).toBe(201);
    for (const [type, id] of [['comment', c.id], ['plant', plant.id], ['user', author.uuid], ['page', page.id], ['event', event.id], ['message', msgId]] as const) {
      const res = await report(reporter, target(type, id, 'other'));
      expect(res.status, `${type}: ${JSON.stringify(res.json)}`).toBe(201);
    }
    // A message is reported only by a participant: to anyone else it does not exist.
    const outsider = await report(other, target('message', msgId));
    expect(outsider.status).toBe(404);
    expect(outsider.json).toMatchObject({ error: { field: 'target.id' } });
  });

  it('answers 404 naming target.id for what does not exist or the member may not see, and 400 for oneself', async () => {
    const priv = await newPost(author, { privacy: 'private' });
    for (const body of [target('post', priv.id), target('post', randomUUID()), target('plant', (await newPost(author)).id), target('comment', randomUUID())]) {
      const res = await report(reporter, body);
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(res.json).toMatchObject({ error: { field: 'target.id' } });
    }
    const self = await report(author, target('user', author.uuid));
    expect(self.status).toBe(400);
    expect(self.json).toMatchObject({ error: { field: 'target', message: expect.stringContaining('yourself') } });
    const own = await report(author, target('post', priv.id));
    expect(own.status).toBe(400);
    expect(await getItem(`reported#post#${priv.id}`, 'open')).toBeUndefined();
  });

  it('names the field of bad input', async () => {
    const id = randomUUID();
    const cases: [Record<string, unknown>, string][] = [
      [{ target: { type: 'recipe', id }, reason: 'spam' }, 'target.type'],
      [{ target: { type: 'post', id: 'x' }, reason: 'spam' }, 'target.id'],
      [{ target: { type: 'post', id } }, 'reason'],
      [{ target: { type: 'post', id }, reason: 'boring' }, 'reason'],
      [{ target: { type: 'post', id }, reason: 'spam', text: 'y'.repeat(1001) }, 'text'],
      [{ target: { type: 'post', id }, reason: 'spam', reporterId: other.uuid }, 'reporterId'],
    ];
    for (const [body, field] of cases) {
      const res = await report(reporter, body);
      expect(res.status, field).toBe(400);
      expect(res.json).toMatchObject({ error: { field } });
    }
  });

  it('refuses guests, unregistered members and a deleted account\'s cookie', async () => {
    const post = await newPost(author);
    expect((await call('POST', '/api/iam/reports/new', { body: target('post', post.id) })).status).toBe(401);
    const pending = await unregisteredUser();
    expect((await as(pending.browser, 'POST', '/api/iam/reports/new', target('post', post.id))).status).toBe(403);
    const gone = await member();
    const cookieJar = { ...gone.browser, cookies: new Map(gone.browser.cookies) };
    expect((await as(gone.browser, 'DELETE', '/api/iam/authn/delete', { uuid: gone.profile.uuid })).status).toBe(200);
    const res = await as(cookieJar, 'POST', '/api/iam/reports/new', target('post', post.id));
    expect([401, 403]).toContain(res.status);
    expect(await getItem(`reported#post#${post.id}`, 'open')).toBeUndefined();
  });

  it(`is rate limited: ${DEFAULT_LIMITS.REPORT_USER.max} an hour per member`, async () => {
    const m = await member();
    const post = await newPost(author);
    let limited = 0;
    for (let i = 0; i <= DEFAULT_LIMITS.REPORT_USER.max && !limited; i++) {
      const res = await report(m, target('post', post.id));
      if (res.status === 429) limited = i + 1;
      else expect(res.status).toBe(i === 0 ? 201 : 200);
    }
    // A window that ended mid-run starts again: the limit is met at most one window later.
    expect(limited).toBeGreaterThan(0);
  });
});

describe('the admin queue', () => {
  it('lists open cases oldest first with the content in place; guests and members are refused', async () => {
    const older = await newPost(author, { text: 'first offence' });
    const newer = await newPlant(author, { commonName: 'Fake fern' });
    const a = await report(reporter, target('post', older.id, 'abuse', 'mean'));
    const b = await report(reporter, target('plant', newer.id, 'unsafe'));
    const open = await queue('open');
    const ia = open.findIndex((r) => r.id === a.data.caseId);
    const ib = open.findIndex((r) => r.id === b.data.caseId);
    expect(ia).toBeGreaterThanOrEqual(0);
    expect(ib).toBeGreaterThan(ia);
    expect(open.map((r) => r.openedAt)).toEqual([...open.map((r) => r.openedAt)].sort());
    expect(open[ia]).toMatchObject({
      state: 'open', target: { type: 'post', id: older.id }, reporterCount: 1, reasons: { spam: 0, abuse: 1, unsafe: 0, other: 0 },
      texts: [expect.objectContaining({ text: 'mean' })], closedAt: null, closedBy: null, action: null, note: null,
      preview: { text: 'first offence', photo: null, author: { id: author.uuid, handle: author.profile.username }, link: `/post/${older.id}`, state: 'live' },
    });
    expect(open[ib]!.preview).toMatchObject({ text: expect.stringContaining('Fake Fern'), photo: expect.any(String), link: `/plant/${newer.id}` });
    expect((await call('GET', '/api/iam/admin/reports/open')).status).toBe(401);
    expect((await as(reporter.browser, 'GET', '/api/iam/admin/reports/open')).status).toBe(403);
    expect((await as(reporter.browser, 'PUT', `/api/iam/admin/reports/${a.data.caseId}`, { action: 'dismiss' })).status).toBe(403);
    const bad = await as(boss.browser, 'GET', '/api/iam/admin/reports/pending');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { field: 'state' } });
  });

  it('dismiss closes every report of the target with who, when, the action and the note; a new report opens a new case', async () => {
    const post = await newPost(author);
    const first = await report(reporter, target('post', post.id));
    await report(other, target('post', post.id));
    const res = await act(first.data.caseId, 'dismiss', 'Not spam');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.data).toMatchObject({ state: 'closed', action: 'dismiss', note: 'Not spam', closedBy: { id: boss.uuid }, reporterCount: 2 });
    expect(await getItem(`reported#post#${post.id}`, 'open')).toBeUndefined();
    expect((await queue('open')).some((r) => r.id === first.data.caseId)).toBe(false);
    const closed = await queue('closed');
    expect(closed.find((r) => r.id === first.data.caseId)).toMatchObject({ action: 'dismiss', note: 'Not spam' });
    expect(closed.map((r) => r.closedAt)).toEqual([...closed.map((r) => r.closedAt)].sort().reverse());
    // Closed once: acting again is a conflict, and the post is untouched.
    expect((await act(first.data.caseId, 'hide-content')).status).toBe(409);
    expect((await call('GET', `/api/post/${post.id}`)).status).toBe(200);
    const again = await report(reporter, target('post', post.id));
    expect(again.status).toBe(201);
    expect(again.data.caseId).not.toBe(first.data.caseId);
  });

  it('names the field of a bad action and answers 404 for no such report', async () => {
    const post = await newPost(author);
    const { data } = await report(reporter, target('post', post.id));
    const bad = await act(data.caseId, 'delete');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { field: 'action' } });
    const long = await as(boss.browser, 'PUT', `/api/iam/admin/reports/${data.caseId}`, { action: 'dismiss', note: 'n'.repeat(1001) });
    expect(long.json).toMatchObject({ error: { field: 'note' } });
    expect((await act(randomUUID(), 'dismiss')).status).toBe(404);
    // A member cannot be hidden: the admin is told to dismiss or suspend instead.
    const u = await report(reporter, target('user', other.uuid));
    const hide = await act(u.data.caseId, 'hide-content');
    expect(hide.status).toBe(400);
    expect(hide.json).toMatchObject({ error: { field: 'action' } });
    expect(await getItem(`report#${u.data.caseId}`, 'report')).toMatchObject({ state: 'open' });
  });

  it('suspend-user suspends the author as the admin user screen does: their session ends and the case closes', async () => {
    const victim = await registeredUser();
    const post = await newPost(victim);
    const { data } = await report(reporter, target('post', post.id, 'abuse'));
    const res = await act(data.caseId, 'suspend-user', 'Repeated abuse');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.data).toMatchObject({ state: 'closed', action: 'suspend-user', note: 'Repeated abuse' });
    expect(await getItem(`user#${victim.uuid}`, 'profile')).toMatchObject({ suspended: true });
    // Sessions ended: the refresh fails at once.
    expect((await as(victim.browser, 'POST', '/api/iam/authn/refresh', {})).status).toBe(401);
  });
});
