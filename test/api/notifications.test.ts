/** Notifications: written by the domain in-process, read and marked over HTTP; the unread tally always equals the real count. */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotificationView } from '../../shared/schemas/notifications';
import { as } from '../support/accounts';
import { comment, newPlant, newPost, notificationsOf, notificationTally, reactTo } from '../support/content';
import { call } from '../support/api';
import { getItem, queryPartition } from '../support/db';
import { useHostTable } from '../support/host-env';
import { admin, allPages, registeredUser, unregisteredUser, type TestUser } from '../support/users';

beforeAll(() => useHostTable());

const domain = () => import('../../functions/notifications/notifications');

async function notify(recipientId: string, text = `hello ${randomUUID().slice(0, 6)}`, actorId: string = randomUUID()): Promise<boolean> {
  const { writeNotification } = await domain();
  return writeNotification(recipientId, { kind: 'comment', actorId, targetType: 'post', targetId: randomUUID(), text });
}

const everything = (u: TestUser) => allPages<NotificationView>((q) => as(u.browser, 'GET', `/api/iam/notifications/all${q}`), 'notifications');
const markSeen = (u: TestUser, notifIds: string[]) => as<{ tally: number }>(u.browser, 'PUT', '/api/iam/notifications/mark-as-seen', { notifIds });

describe('notificationWrite', () => {
  it('writes the notification and its tally +1 in one transaction; read back over HTTP', async () => {
    const u = await registeredUser();
    const actor = randomUUID();
    expect(await notificationTally(u)).toBe(0);
    expect(await notify(u.uuid, 'a comment on your fern', actor)).toBe(true);
    expect(await notificationTally(u)).toBe(1);
    const list = await as<{ notifications: NotificationView[]; cursorId: string | null }>(u.browser, 'GET', '/api/iam/notifications/all');
    expect(list.status).toBe(200);
    expect(list.data.cursorId).toBeNull();
    expect(list.data.notifications).toEqual([
      expect.objectContaining({ kind: 'comment', actorId: actor, targetType: 'post', text: 'a comment on your fern', seen: false, immutable: false }),
    ]);
    expect(await getItem(`user#${u.uuid}`, 'notif-tally')).toMatchObject({ unread: 1 });
  });

  it('writes nothing when the actor is the recipient', async () => {
    const u = await registeredUser();
    const { notificationWrite } = await domain();
    expect(notificationWrite(u.uuid, { kind: 'reaction', actorId: u.uuid })).toEqual([]);
    expect(await notify(u.uuid, 'my own reaction', u.uuid)).toBe(false);
    expect(await notificationTally(u)).toBe(0);
    expect((await queryPartition(`user#${u.uuid}`)).filter((i) => String(i.sk).startsWith('notif'))).toEqual([]);
  });
});

describe('GET /api/iam/notifications/all', () => {
  it('lists only the caller\'s, newest first, every one exactly once across pages', async () => {
    const u = await registeredUser();
    const other = await registeredUser();
    await notify(other.uuid);
    const texts: string[] = [];
    // Each written a millisecond after the last (the domain runs in this process): a strict order to check.
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 0; i < 23; i++) {
        vi.setSystemTime(start + i);
        texts.push(`n${i}`);
        await notify(u.uuid, `n${i}`);
      }
    } finally {
      vi.useRealTimers();
    }
    const first = await as<{ notifications: NotificationView[]; cursorId: string | null }>(u.browser, 'GET', '/api/iam/notifications/all');
    expect(first.data.notifications).toHaveLength(20);
    const all = await everything(u);
    expect(all.map((n) => n.text)).toEqual([...texts].reverse());
    expect(new Set(all.map((n) => n.id)).size).toBe(23);
  });

  it('refuses another list\'s cursor with 400 naming cursorId; 401 without a session', async () => {
    const a = await registeredUser();
    const b = await registeredUser();
    for (let i = 0; i < 21; i++) await notify(a.uuid);
    const cursor = (await as<{ cursorId: string }>(a.browser, 'GET', '/api/iam/notifications/all')).data.cursorId;
    const res = await as(b.browser, 'GET', `/api/iam/notifications/all?cursorId=${encodeURIComponent(cursor)}`);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { field: 'cursorId' } });
    const unknown = await as(b.browser, 'GET', '/api/iam/notifications/all?take=5');
    expect(unknown.json).toMatchObject({ error: { field: 'take' } });
    expect((await call('GET', '/api/iam/notifications/all')).status).toBe(401);
    expect((await call('GET', '/api/iam/notifications/unread-tally')).status).toBe(401);
  });
});

describe('PUT /api/iam/notifications/mark-as-seen', () => {
  it('keeps the tally equal to the real unread count over random writes and marks', async () => {
    const u = await registeredUser();
    const seen = new Map<string, boolean>();
    const op = fc.oneof(
      fc.record({ write: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ mark: fc.array(fc.nat(), { maxLength: 4 }), repeat: fc.boolean() }),
      fc.constant({ markAll: true as const }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 5 }), async (ops) => {
        for (const o of ops) {
          if ('write' in o) {
            for (let i = 0; i < o.write; i++) await notify(u.uuid);
            for (const n of await everything(u)) if (!seen.has(n.id)) seen.set(n.id, false);
          } else {
            const ids = [...seen.keys()];
            const picked = 'markAll' in o ? [] : o.mark.filter(() => ids.length > 0).map((k) => ids[k % ids.length]!);
            // A repeated id and an already seen one count once, or not at all.
            const body = 'repeat' in o && o.repeat ? [...picked, ...picked] : picked;
            if ('markAll' in o || picked.length) {
              const res = await markSeen(u, body);
              expect(res.status).toBe(200);
              for (const id of 'markAll' in o ? ids : picked) seen.set(id, true);
              expect(res.data.tally).toBe([...seen.values()].filter((s) => !s).length);
            }
          }
        }
        const listed = await everything(u);
        const unseen = listed.filter((n) => !n.seen).length;
        expect(unseen).toBe([...seen.values()].filter((s) => !s).length);
        expect(await notificationTally(u)).toBe(unseen);
      }),
      { numRuns: 20 },
    );
  });

  it('changes nothing for someone else\'s notification ids, and the tally stays right', async () => {
    const a = await registeredUser();
    const b = await registeredUser();
    await notify(a.uuid);
    await notify(a.uuid);
    await notify(b.uuid);
    const aIds = (await everything(a)).map((n) => n.id);
    const res = await markSeen(b, aIds);
    expect(res.status).toBe(200);
    expect(res.data.tally).toBe(1);
    expect(await notificationTally(a)).toBe(2);
    expect((await everything(a)).every((n) => !n.seen)).toBe(true);
    const own = await markSeen(a, [aIds[0]!, aIds[0]!]);
    expect(own.data.tally).toBe(1);
    expect((await markSeen(a, [])).data.tally).toBe(0);
    expect((await everything(a)).every((n) => n.seen)).toBe(true);
    expect(await getItem(`user#${a.uuid}`, 'notif-tally')).toMatchObject({ unread: 0 });
    expect((await markSeen(a, [])).data.tally).toBe(0);
  });

  it('answers 400 naming notifIds, 401 without a session, 403 without the csrf_token', async () => {
    const u = await registeredUser();
    await notify(u.uuid);
    for (const body of [{}, { notifIds: 'all' }, { notifIds: ['nope'] }, { notifIds: Array.from({ length: 101 }, () => `${Date.now()}-${randomUUID()}`) }]) {
      const res = await as(u.browser, 'PUT', '/api/iam/notifications/mark-as-seen', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(String((res.json as { error: { field: string } }).error.field)).toMatch(/^notifIds/);
    }
    expect((await call('PUT', '/api/iam/notifications/mark-as-seen', { body: { notifIds: [] } })).status).toBe(401);
    expect((await as(u.browser, 'PUT', '/api/iam/notifications/mark-as-seen', { notifIds: [] }, { noCsrf: true })).status).toBe(403);
    expect(await notificationTally(u)).toBe(1);
  });
});

describe('POST /api/iam/notifications/new-immutable', () => {
  it('lets an admin send an announcement to one user, stored immutable', async () => {
    const boss = await admin();
    const u = await registeredUser();
    const res = await as<{ sent: number }>(boss.browser, 'POST', '/api/iam/notifications/new-immutable', { recipientId: u.uuid, text: 'Swap day on Saturday' });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ sent: 1 });
    const [n] = await everything(u);
    expect(n).toMatchObject({ kind: 'announcement', text: 'Swap day on Saturday', immutable: true, seen: false, actorId: null });
    const stored = (await queryPartition(`user#${u.uuid}`)).find((i) => String(i.sk).startsWith('notif#'));
    expect(stored).toMatchObject({ immutable: true, kind: 'announcement' });
    expect(await notificationTally(u)).toBe(1);
    const unknown = await as(boss.browser, 'POST', '/api/iam/notifications/new-immutable', { recipientId: randomUUID(), text: 'hi' });
    expect(unknown.status).toBe(404);
  });

  it('sends to every registered user when no recipient is named, not to unregistered ones', async () => {
    const boss = await admin();
    const [r1, r2] = [await registeredUser(), await registeredUser()];
    const inc = await unregisteredUser();
    const text = `Announcement ${randomUUID().slice(0, 8)}`;
    const res = await as<{ sent: number }>(boss.browser, 'POST', '/api/iam/notifications/new-immutable', { text });
    expect(res.status).toBe(200);
    expect(res.data.sent).toBeGreaterThanOrEqual(2);
    for (const u of [r1, r2]) expect((await everything(u)).filter((n) => n.text === text)).toHaveLength(1);
    expect(await everything(inc)).toEqual([]);
  });

  it('answers 403 to a member, 401 without a session, 400 naming the field', async () => {
    const u = await registeredUser();
    const boss = await admin();
    const denied = await as(u.browser, 'POST', '/api/iam/notifications/new-immutable', { recipientId: u.uuid, text: 'I am the admin now' });
    expect(denied.status).toBe(403);
    expect(await everything(u)).toEqual([]);
    expect((await call('POST', '/api/iam/notifications/new-immutable', { body: { text: 'x' } })).status).toBe(401);
    const cases: [object, string][] = [[{}, 'text'], [{ text: '' }, 'text'], [{ text: 'x'.repeat(501) }, 'text'], [{ text: 'x', recipientId: 'bob' }, 'recipientId'], [{ text: 'x', immutable: false }, 'immutable']];
    for (const [body, field] of cases) {
      const res = await as(boss.browser, 'POST', '/api/iam/notifications/new-immutable', body);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ error: { field } });
    }
  });
});

describe('what a notification names', () => {
  it('a comment, a reply and a reaction name their target as it was, and the actor by display name', async () => {
    const [a, b] = await Promise.all([registeredUser({ first_name: 'ivy', last_name: 'green' }), registeredUser()]);
    const plant = await newPlant(a, { commonName: 'monstera  DELICIOSA' });
    const post = await newPost(a, { text: 'Just repotted my fiddle leaf fig and it looks so happy now\nsecond line' });
    const onPlant = await comment(b, plant.id, 'Where did you get it?');
    await comment(b, post.id, 'Lovely');
    await reactTo(b, { post_id: post.id });
    await comment(a, plant.id, 'At the swap meet', onPlant);
    await reactTo(a, { comment_id: onPlant.id });

    const forA = await notificationsOf(a);
    const about = (kind: string, targetId: string) => forA.find((n) => n.kind === kind && n.targetId === targetId);
    expect(about('comment', plant.id)).toMatchObject({ targetType: 'plant', targetName: 'Monstera Deliciosa', text: 'Where did you get it?' });
    expect(about('comment', post.id)).toMatchObject({ targetType: 'post', targetName: 'Just repotted my fiddle leaf fig and it looks…' });
    expect(about('reaction', post.id)).toMatchObject({ targetType: 'post', targetName: 'Just repotted my fiddle leaf fig and it looks…' });

    const forB = await notificationsOf(b);
    expect(forB.find((n) => n.kind === 'reply')).toMatchObject({ targetType: 'plant', targetId: plant.id, targetName: 'Where did you get it?', actor: { uuid: a.uuid, name: 'Ivy Green' } });
    expect(forB.find((n) => n.kind === 'reaction')).toMatchObject({ targetType: 'comment', targetId: plant.id, targetName: 'Where did you get it?', actor: { name: 'Ivy Green' } });
  });

  it('leaves it out of an item written without it, and names a former member', async () => {
    const u = await registeredUser();
    expect(await notify(u.uuid, 'older')).toBe(true);
    const [older] = await notificationsOf(u);
    expect(older).not.toHaveProperty('targetName');
    expect(older!.actor).toMatchObject({ name: 'Former member' });
  });
});
