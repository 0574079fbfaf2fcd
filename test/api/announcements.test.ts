/**
 * Announcements (/admin/email): counting an audience, starting one (one at a time), its progress,
 * and the batches that mail it: each member near the place gets exactly one mail with the
 * one-click unsubscribe, which turns announcements off for the next one; a member with them off,
 * a suspended one and an unverified address get none; a batch run again mails no one twice.
 * Members are placed at a spot of their own so the audience is only this file's.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Announcement, AnnouncementCount } from '../../shared/answers/admin';
import { audiencePage, runAnnouncements, sendBatch } from '../../functions/mail/announcements';
import { resetSigningSecretCache } from '../../functions/lib/secrets';
import { as } from '../support/accounts';
import { call } from '../support/api';
import { setAttributes } from '../support/db';
import { offset, randomPlace } from '../support/geo';
import { useHostTableAndBucket } from '../support/host-env';
import { outbox } from '../support/outbox';
import { admin, registeredUser, type TestUser } from '../support/users';

const place = randomPlace();
const near = { audience: 'near', latitude: place.latitude, longitude: place.longitude, radiusKm: 10 };
const ONE_CLICK = { 'content-type': 'application/x-www-form-urlencoded' };

let boss: TestUser;
let reader: TestUser;
let second: TestUser;
let quiet: TestUser;
let suspended: TestUser;
let unverified: TestUser;
let far: TestUser;

const at = (p: { latitude: number; longitude: number }) => ({ latitude: p.latitude, longitude: p.longitude });

beforeAll(async () => {
  useHostTableAndBucket({ OUTBOX_DIR: inject('outboxDir'), SIGNING_SECRET_FILE: inject('signingSecretFile') });
  resetSigningSecretCache();
  [boss, reader, second, quiet, suspended, unverified, far] = await Promise.all([
    admin(),
    registeredUser(at(offset(place, 1))),
    registeredUser(at(offset(place, 2, 1))),
    registeredUser(at(offset(place, -1))),
    registeredUser(at(offset(place, 0, 2))),
    registeredUser(at(offset(place, 0, -2))),
    registeredUser(at(offset(place, 60))),
  ]);
  expect((await as(quiet.browser, 'PUT', '/api/iam/users/update-user-settings', { notify_email_announcements: false })).status).toBe(200);
  await setAttributes(`user#${suspended.uuid}`, 'profile', { suspended: true });
  await setAttributes(`user#${unverified.uuid}`, 'profile', { emailVerified: false });
});

const count = (body: object, who = boss) => as<AnnouncementCount>(who.browser, 'POST', '/api/iam/admin/announcements/count', body);
const start = (body: object, who = boss) => as<Announcement>(who.browser, 'POST', '/api/iam/admin/announcements', body);
const progress = (id: string) => as<Announcement>(boss.browser, 'GET', `/api/iam/admin/announcements/${id}`);
const mailsTo = async (who: TestUser, subject: string) => (await outbox()).filter((m) => m.channel === 'email' && m.to === who.email && m.subject === subject);

/** Runs the batches here (the host's timer may run them too: the markers keep that to one mail each) until done. */
async function finish(id: string): Promise<Announcement> {
  await runAnnouncements();
  const res = await progress(id);
  expect(res.status).toBe(200);
  expect(res.data.state).toBe('done');
  return res.data;
}

describe('announcements', () => {
  it('counts the members near a place who would get it: not those with announcements off, suspended or unverified, nor those farther', async () => {
    const res = await count(near);
    expect(res.status, res.text).toBe(200);
    expect(res.data).toEqual({ recipients: 2, radiusKm: 10 });
    const all = await count({ audience: 'all' });
    expect(all.status).toBe(200);
    expect(all.data.radiusKm).toBeNull();
    expect(all.data.recipients).toBeGreaterThanOrEqual(3);
  });

  it('mails each member near the place exactly once, with the one-click unsubscribe; none to the others; a batch run again mails no one twice', async () => {
    const subject = `Seed swap ${place.latitude}`;
    // One at a time: of two started together, one is stored and the other refused.
    const both = await Promise.all([0, 1].map(() => start({ ...near, subject, text: 'Bring seeds.\nSee you there.' })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const res = both.find((r) => r.status === 200)!;
    expect(res.data).toMatchObject({ audience: 'near', subject, state: 'running', sent: 0, skipped: 0, radiusKm: 10 });

    const done = await finish(res.data.id);
    expect(done).toMatchObject({ sent: 2, skipped: 3 });
    expect(done.finishedAt).not.toBeNull();
    for (const who of [reader, second]) {
      const mails = await mailsTo(who, subject);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('Bring seeds.\nSee you there.');
      expect(mails[0]!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mails[0]!.headers!['List-Unsubscribe']).toMatch(new RegExp(`/api/unsubscribe/${who.uuid}\\.notify_email_announcements\\.`));
    }
    for (const who of [quiet, suspended, unverified, far]) expect(await mailsTo(who, subject)).toHaveLength(0);

    // The first batch again, from the start: everyone is marked, so nothing goes and nothing is counted.
    expect(await sendBatch(res.data.id, { cursor: '' })).toMatchObject({ sent: 0, skipped: 0 });
    expect(await mailsTo(reader, subject)).toHaveLength(1);
    expect((await progress(res.data.id)).data).toMatchObject({ sent: 2, skipped: 3 });
  });

  it('the header\'s URL posted in one click turns announcements off, and the next announcement skips that member', async () => {
    const [mail] = await mailsTo(reader, `Seed swap ${place.latitude}`);
    const url = /^<(https?:\/\/[^>]+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!;
    const off = await call('POST', new URL(url).pathname, { noPlatform: true, rawBody: 'List-Unsubscribe=One-Click', headers: ONE_CLICK });
    expect(off.status, off.text).toBe(200);
    expect(off.data).toEqual({ setting: 'notify_email_announcements', off: true });
    const settings = await as<{ notify_email_announcements: boolean }>(reader.browser, 'GET', '/api/iam/users/user-settings');
    expect(settings.data.notify_email_announcements).toBe(false);

    expect((await count(near)).data.recipients).toBe(1);
    const subject = `Plant fair ${place.longitude}`;
    const res = await start({ ...near, subject, text: 'Sunday.' });
    expect(res.status, res.text).toBe(200);
    expect(await finish(res.data.id)).toMatchObject({ sent: 1, skipped: 4 });
    expect(await mailsTo(reader, subject)).toHaveLength(0);
    expect(await mailsTo(second, subject)).toHaveLength(1);
  });

  it('walks a place page by page, each member once and the cells one after another (no re-reading of the radius per batch)', async () => {
    const seen: string[] = [];
    let cursor = '';
    let pages = 0;
    do {
      const page = await audiencePage(near as Parameters<typeof audiencePage>[0], cursor, 1);
      expect(page.users.length).toBeLessThanOrEqual(1);
      seen.push(...page.users.map((u) => u.uuid));
      cursor = page.next ?? '';
      pages++;
      expect(pages).toBeLessThan(50);
    } while (cursor);
    // Everyone within the radius who shows in nearby, whatever their settings (judged when mailed), once each; not the far one.
    expect(seen.sort()).toEqual([reader, second, quiet, suspended, unverified].map((u) => u.uuid).sort());
    // A page per member read and at most one more per covering cell (9): linear in the audience.
    expect(pages).toBeLessThanOrEqual(seen.length + 9);
    // A cursor of an older shape starts the walk again rather than failing the job.
    expect((await audiencePage(near as Parameters<typeof audiencePage>[0], 'a-uuid-cursor', 100)).users.length).toBeGreaterThan(0);
  });

  it('is for admins only: 401 to a guest, 403 to a member', async () => {
    expect((await call('POST', '/api/iam/admin/announcements/count', { body: near })).status).toBe(401);
    expect((await count(near, second)).status).toBe(403);
    expect((await start({ ...near, subject: 'Hi', text: 'x' }, second)).status).toBe(403);
    expect((await as(second.browser, 'GET', `/api/iam/admin/announcements/${second.uuid}`)).status).toBe(403);
  });

  it('answers 400 naming the field for a bad audience, subject or text, 404 for an unknown announcement, and stores nothing', async () => {
    const field = async (body: object) => {
      const res = await start(body);
      expect(res.status, res.text).toBe(400);
      return (res.json as { error: { field?: string } }).error.field;
    };
    expect(await field({ ...near, subject: 'x'.repeat(201), text: 'x' })).toBe('subject');
    expect(await field({ ...near, subject: 'Hi', text: 'x'.repeat(20_001) })).toBe('text');
    expect(await field({ ...near, subject: '', text: 'x' })).toBe('subject');
    expect(await field({ audience: 'near', latitude: 1, radiusKm: 5, subject: 'Hi', text: 'x' })).toBe('longitude');
    expect(await field({ ...near, radiusKm: 151, subject: 'Hi', text: 'x' })).toBe('radiusKm');
    expect(await field({ audience: 'everyone', subject: 'Hi', text: 'x' })).toBe('audience');
    const c = await count({ audience: 'near', longitude: 1, radiusKm: 5 });
    expect(c.status).toBe(400);
    expect((c.json as { error: { field?: string } }).error.field).toBe('latitude');
    expect((await progress('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
