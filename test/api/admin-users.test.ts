/** The admin's user routes: lists by registration state, changing and suspending a user, deleting one, users without a location. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '../../shared/answers/admin';
import type { Profile } from '../../shared/answers/auth';
import { as, logIn, signUp } from '../support/accounts';
import { call } from '../support/api';
import { getItem } from '../support/db';
import { newPost } from '../support/content';
import { join, newPage } from '../support/pages';
import { outbox } from '../support/outbox';
import { admin, adminSession, allPages, registeredUser, signInAgain, unregisteredUser } from '../support/users';


const ADMIN_FIELDS = ['uuid', 'email', 'username', 'first_name', 'last_name', 'created_at', 'suspended', 'is_admin', 'email_verified', 'registration_complete'].sort();

describe('GET /api/iam/users/all/{arg}', () => {
  it('pages through complete registrations newest first, every user exactly once, in the admin view', async () => {
    const made = [await registeredUser(), await registeredUser(), await registeredUser()];
    const boss = await admin();
    const firstPage = () => as<{ users: AdminUser[]; cursorId: string | null }>(boss.browser, 'GET', '/api/iam/users/all/complete');
    while (!(await firstPage()).data.cursorId) made.push(await registeredUser()); // at least two pages
    const first = await firstPage();
    expect(first.status).toBe(200);
    expect(first.data.users).toHaveLength(20);
    expect(Object.keys(first.data.users[0]!).sort()).toEqual(ADMIN_FIELDS);
    const all = await allPages<AdminUser>((q) => as(boss.browser, 'GET', `/api/iam/users/all/complete${q}`), 'users');
    const uuids = all.map((u) => u.uuid);
    expect(new Set(uuids).size).toBe(uuids.length);
    const positions = made.map((m) => uuids.indexOf(m.uuid));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => b - a)).toEqual(positions); // newest first
    const times = all.map((u) => u.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.every((u) => u.registration_complete)).toBe(true);
    expect(all.find((u) => u.uuid === made[0]!.uuid)).toMatchObject({ email: made[0]!.email, username: made[0]!.profile.username, suspended: false, is_admin: false, email_verified: true });
    expect(JSON.stringify(all)).not.toMatch(/passwordHash|scrypt/);
  });

  it('lists incomplete registrations apart', async () => {
    const pending = await unregisteredUser();
    const done = await registeredUser();
    const boss = await admin();
    const all = await allPages<AdminUser>((q) => as(boss.browser, 'GET', `/api/iam/users/all/incomplete${q}`), 'users');
    expect(all.find((u) => u.uuid === pending.uuid)).toMatchObject({ registration_complete: false, username: null });
    expect(all.map((u) => u.uuid)).not.toContain(done.uuid);
  });

  it('refuses another arg, a foreign cursor, and members', async () => {
    const boss = await admin();
    const arg = await as(boss.browser, 'GET', '/api/iam/users/all/everyone');
    expect(arg.status).toBe(400);
    expect(arg.json).toMatchObject({ error: { field: 'arg', message: 'arg must be complete or incomplete' } });
    const incomplete = await as<{ cursorId: string | null }>(boss.browser, 'GET', '/api/iam/users/all/incomplete');
    if (incomplete.data.cursorId) {
      const foreign = await as(boss.browser, 'GET', `/api/iam/users/all/complete?cursorId=${encodeURIComponent(incomplete.data.cursorId)}`);
      expect(foreign.status).toBe(400);
    }
    const forged = Buffer.from(JSON.stringify({ gsi1pk: 'users#complete', pk: 1 })).toString('base64url');
    const res = await as(boss.browser, 'GET', `/api/iam/users/all/complete?cursorId=${forged}`);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { field: 'cursorId' } });
    const member = await registeredUser();
    expect((await as(member.browser, 'GET', '/api/iam/users/all/complete')).status).toBe(403);
  });

  it('answers 401 to an admin whose session was signed out, though the access token is still unexpired', async () => {
    const boss = await adminSession();
    const cookie = boss.cookie;
    expect((await call('GET', '/api/iam/users/all/complete', { headers: { cookie } })).status).toBe(200);
    expect((await as(boss.browser, 'POST', '/api/iam/authn/logout', {})).status).toBe(200);
    const res = await call('GET', '/api/iam/users/all/complete', { headers: { cookie } });
    expect(res.status).toBe(401);
  });
});

describe('PUT /api/iam/users/{uuid}', () => {
  it('changes names (title case) and answers the admin view', async () => {
    const u = await registeredUser();
    const boss = await admin();
    const res = await as<AdminUser>(boss.browser, 'PUT', `/api/iam/users/${u.uuid}`, { first_name: 'grace', last_name: "o'hara" });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ uuid: u.uuid, first_name: 'Grace', last_name: "O'Hara" });
    expect(Object.keys(res.data).sort()).toEqual(ADMIN_FIELDS);
    expect(await getItem(`user#${u.uuid}`, 'profile')).toMatchObject({ firstName: 'Grace', lastName: "O'Hara" });
  });

  it('suspends a user: their sessions end, a new one carries it, registered routes refuse, the directory drops them; lifting it restores all', async () => {
    const u = await registeredUser();
    const boss = await admin();
    expect((await as<AdminUser>(boss.browser, 'PUT', `/api/iam/users/${u.uuid}`, { suspended: true })).data.suspended).toBe(true);
    expect(await getItem(`user#${u.uuid}`, 'profile')).not.toHaveProperty('pubpk');

    expect((await as(u.browser, 'POST', '/api/iam/authn/refresh', {})).status).toBe(401);
    const again = await signInAgain(u);
    const profile = await as<Profile>(again.browser, 'GET', '/api/iam/authn/profile');
    expect(profile.data.suspended).toBe(true);
    const refused = await as(again.browser, 'POST', '/api/iam/users/invites/new', {});
    expect(refused.status).toBe(403);

    await as(boss.browser, 'PUT', `/api/iam/users/${u.uuid}`, { suspended: false });
    expect(await getItem(`user#${u.uuid}`, 'profile')).toMatchObject({ suspended: false, pubpk: 'users#directory' });
    expect((await as(again.browser, 'POST', '/api/iam/authn/refresh', {})).status).toBe(200);
    expect((await as(again.browser, 'POST', '/api/iam/users/invites/new', {})).status).toBe(201);
  });

  it('makes a user an admin (their next session is an admin\'s) and back', async () => {
    const u = await registeredUser();
    const boss = await admin();
    expect((await as<AdminUser>(boss.browser, 'PUT', `/api/iam/users/${u.uuid}`, { is_admin: true })).data.is_admin).toBe(true);
    const promoted = await logIn(u.email, u.password);
    expect(promoted.profile.is_admin).toBe(true);
    expect((await as(promoted.browser, 'GET', '/api/iam/users/all/complete')).status).toBe(200);
    expect((await as<AdminUser>(boss.browser, 'PUT', `/api/iam/users/${u.uuid}`, { is_admin: false })).data.is_admin).toBe(false);
    expect(await getItem(`user#${u.uuid}`, 'profile')).toMatchObject({ role: 'user' });
  });

  it('refuses to demote an admin named in ADMIN_EMAILS, a body uuid other than the path\'s, unknown fields, and members', async () => {
    const boss = await admin();
    const self = await as(boss.browser, 'PUT', `/api/iam/users/${boss.uuid}`, { is_admin: false });
    expect(self.status).toBe(400);
    expect(self.json).toMatchObject({ error: { field: 'is_admin' } });

    const u = await registeredUser();
    const other = await as(boss.browser, 'PUT', `/api/iam/users/${u.uuid}`, { uuid: randomUUID(), suspended: true });
    expect(other.status).toBe(400);
    expect(other.json).toMatchObject({ error: { field: 'uuid' } });
    const unknown = await as(boss.browser, 'PUT', `/api/iam/users/${u.uuid}`, { email: 'x@example.com' });
    expect(unknown.json).toMatchObject({ error: { field: 'email' } });
    const name = await as(boss.browser, 'PUT', `/api/iam/users/${u.uuid}`, { first_name: '42' });
    expect(name.json).toMatchObject({ error: { field: 'first_name' } });
    expect((await as(boss.browser, 'PUT', `/api/iam/users/${randomUUID()}`, { suspended: true })).status).toBe(404);

    const member = await registeredUser();
    expect((await as(member.browser, 'PUT', `/api/iam/users/${u.uuid}`, { suspended: true })).status).toBe(403);
    expect(await getItem(`user#${u.uuid}`, 'profile')).toMatchObject({ suspended: false, email: u.email });
  });
});

describe('DELETE /api/iam/users/{uuid}', () => {
  it('deletes the account: gone from the public profile, sign-in, and the lists; the address is free again; the user is told', async () => {
    const u = await registeredUser();
    const boss = await admin();
    const res = await as(boss.browser, 'DELETE', `/api/iam/users/${u.uuid}`, {});
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ deleted: true });
    expect((await call('GET', `/api/user/get-user-by-uuid/${u.uuid}`)).status).toBe(404);
    expect((await call('POST', '/api/iam/authn/login', { body: { email: u.email, password: u.password } })).status).toBe(401);
    expect(await getItem(`email#${u.email}`, 'email')).toBeUndefined();
    expect(await getItem(`handle#${u.profile.username}`, 'handle')).toBeUndefined();
    expect((await outbox()).filter((m) => m.to === u.email).map((m) => m.subject)).toContain('Your Leafline account was deleted');
    const again = await as(boss.browser, 'DELETE', `/api/iam/users/${u.uuid}`, {});
    expect(again.status).toBe(404);
  });

  it('answers 403 to a member and deletes nothing', async () => {
    const u = await registeredUser();
    const member = await registeredUser();
    expect((await as(member.browser, 'DELETE', `/api/iam/users/${u.uuid}`, {})).status).toBe(403);
    expect(await getItem(`user#${u.uuid}`, 'profile')).not.toHaveProperty('deletedAt');
  });
});

describe('an admin\'s suspension and deletion follow the rules a member\'s own do', () => {
  it('deletes the member\'s posts with the account, and a page they alone ran keeps going for its members', async () => {
    const u = await registeredUser();
    const other = await registeredUser();
    const boss = await admin();
    const post = await newPost(u, { privacy: 'public' });
    const page = await newPage(u);
    await join(other, page.id);
    expect((await as(u.browser, 'DELETE', '/api/iam/authn/delete', { uuid: u.uuid })).status).toBe(409); // the member's own: name another admin first
    expect((await as(boss.browser, 'DELETE', `/api/iam/users/${u.uuid}`, {})).status).toBe(200);
    expect((await call('GET', `/api/post/${post.id}`)).status).toBe(404);
    expect(await getItem(`page#${page.id}`, 'page')).toBeDefined();
    expect(await getItem(`page#${page.id}`, `member#${other.uuid}`)).toBeDefined();
  });

  it('answers 404 for an account that does not exist, and suspends nobody', async () => {
    const boss = await admin();
    const ghost = randomUUID();
    expect((await as(boss.browser, 'PUT', `/api/iam/users/${ghost}`, { suspended: true })).status).toBe(404);
    expect((await as(boss.browser, 'DELETE', `/api/iam/users/${ghost}`, {})).status).toBe(404);
    expect(await getItem(`user#${ghost}`, 'profile')).toBeUndefined();
  });
});

describe('GET /api/iam/admin/users-without-location', () => {
  it('lists registered users without a location (an account from before locations were asked), not located ones', async () => {
    const located = await registeredUser();
    const legacy = await registeredUser();
    await stripLocation(legacy.uuid);
    const boss = await admin();
    const all = await allPages<AdminUser>((q) => as(boss.browser, 'GET', `/api/iam/admin/users-without-location${q}`), 'users');
    expect(all.find((u) => u.uuid === legacy.uuid)).toMatchObject({ email: legacy.email, registration_complete: true });
    expect(all.map((u) => u.uuid)).not.toContain(located.uuid);
    const member = await registeredUser();
    expect((await as(member.browser, 'GET', '/api/iam/admin/users-without-location')).status).toBe(403);
  });
});

describe('POST /api/iam/emails/account-deletion', () => {
  it('e-mails the caller how to delete their account', async () => {
    const u = await registeredUser();
    const res = await as(u.browser, 'POST', '/api/iam/emails/account-deletion', {});
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ sent: true });
    const mail = (await outbox()).filter((m) => m.to === u.email && m.subject === 'Deleting your Leafline account');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toMatch(/\/settings/);
  });

  it('mails only an address its owner has proven: an unverified sign-up gets 403 and nothing is sent', async () => {
    const { email, password } = await signUp();
    const stranger = await logIn(email, password);
    const res = await as(stranger.browser, 'POST', '/api/iam/emails/account-deletion', {});
    expect(res.status).toBe(403);
    expect((await outbox()).filter((m) => m.to === email && m.subject === 'Deleting your Leafline account')).toEqual([]);
  });

  it('refuses a body with fields, naming the field, and sends nothing', async () => {
    const u = await registeredUser();
    const res = await as(u.browser, 'POST', '/api/iam/emails/account-deletion', { to: 'someone@example.com' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { field: 'to' } });
    expect((await outbox()).filter((m) => m.to === 'someone@example.com' || (m.to === u.email && m.subject === 'Deleting your Leafline account'))).toEqual([]);
  });
});

/**
 * Accounts from before locations were required have none; no route removes a location, so the
 * test writes such an account the way the server writes users (a whole-item save) — the sparse
 * index then holds it.
 */
async function stripLocation(uuid: string): Promise<void> {
  const { useHostTable } = await import('../support/host-env');
  useHostTable();
  const { getUser, saveUser } = await import('../../functions/users/users');
  const user = (await getUser(uuid))!;
  const { latitude: _la, longitude: _lo, geohash: _g, ...rest } = user;
  await saveUser(rest as typeof user);
}
