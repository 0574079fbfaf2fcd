/**
 * Who holds admin powers, and when they end: a configured address only once verified; never
 * while suspended; suspension and demotion end every session of the account at once on admin
 * routes and refreshes.
 */
import { describe, expect, it } from 'vitest';
import type { AdminUser, Profile } from '../../shared/schemas/identity';
import { as, linkToken, logIn, newBrowser } from '../support/accounts';
import { call } from '../support/api';
import { getItem, setAttributes } from '../support/db';
import { admin, registeredUser, signInAgain, type TestUser } from '../support/users';

const ADMIN_LIST = '/api/iam/users/all/complete';

/** A member whom the configured admin has made an admin, signed in again so the token says so. */
async function promotedAdmin(): Promise<TestUser> {
  const boss = await admin();
  const member = await registeredUser();
  const made = await as<AdminUser>(boss.browser, 'PUT', `/api/iam/users/${member.uuid}`, { is_admin: true });
  expect(made.status).toBe(200);
  expect(made.data.is_admin).toBe(true);
  const promoted = await signInAgain(member);
  expect(promoted.profile.is_admin).toBe(true);
  expect((await as(promoted.browser, 'GET', ADMIN_LIST)).status).toBe(200);
  return promoted;
}

async function refresh(user: TestUser) {
  return as(user.browser, 'POST', '/api/iam/authn/refresh', {});
}

describe('configured admins (ADMIN_EMAILS)', () => {
  it('grants nothing to whoever signed up first with a configured address they do not hold, even once its owner opens the link', async () => {
    // second-admin@example.com is in the test host's ADMIN_EMAILS; only this test opens its link.
    const email = 'second-admin@example.com';
    const password = 'Not-the-real-owner-2026';
    expect((await call('POST', '/api/iam/authn/signup', { body: { email, password } })).status).toBe(200);
    const b = newBrowser();
    const login = await as<Profile>(b, 'POST', '/api/iam/authn/login', { email, password });
    expect(login.status).toBe(200);
    expect(login.data).toMatchObject({ email_verified: false, is_admin: false });
    b.csrf = login.data.csrf_token;
    const list = await as(b, 'GET', ADMIN_LIST);
    expect(list.status).toBe(403);
    const setting = await as(b, 'PUT', '/api/iam/admin/update/site-setting', { name: 'site_name', value: 'Taken over' });
    expect(setting.status).toBe(403);
    // A refresh re-reads the account and still grants nothing.
    expect((await as(b, 'POST', '/api/iam/authn/refresh', {})).status).toBe(200);
    expect((await as(b, 'GET', ADMIN_LIST)).status).toBe(403);

    // The owner of the mailbox opens the link: "I did not sign up", and chooses a password.
    const owner = newBrowser();
    const verified = await as<Profile>(owner, 'POST', '/api/iam/authn/verifyemailtoken', { token: await linkToken(email, '/auth/verifyemail'), newPassword: 'The-real-owner-2026' });
    expect(verified.status).toBe(200);
    expect(verified.data).toMatchObject({ email_verified: true, is_admin: true });
    owner.csrf = verified.data.csrf_token;
    expect((await as(owner, 'GET', ADMIN_LIST)).status).toBe(200);

    // The first sign-up's session refreshes into nothing, and its password no longer signs in.
    expect((await as(b, 'POST', '/api/iam/authn/refresh', {})).status).toBe(401);
    expect((await as(b, 'GET', ADMIN_LIST)).status).not.toBe(200);
    expect((await as(b, 'PUT', '/api/iam/admin/update/site-setting', { name: 'site_name', value: 'Taken over' })).status).not.toBe(200);
    expect((await call('POST', '/api/iam/authn/login', { body: { email, password } })).status).toBe(401);
    expect((await logIn(email, 'The-real-owner-2026')).profile).toMatchObject({ is_admin: true });
  });

  it('still makes a verified configured address an admin', async () => {
    const boss = await admin();
    expect(boss.profile).toMatchObject({ email_verified: true, is_admin: true });
    expect((await as(boss.browser, 'GET', ADMIN_LIST)).status).toBe(200);
  });
});

describe('suspending or demoting an admin', () => {
  it('ends the suspended admin\'s sessions at once: admin routes, refresh, and no unsuspending itself', async () => {
    const boss = await admin();
    const rogue = await promotedAdmin();
    const second = await signInAgain(rogue); // another device
    const suspend = await as<AdminUser>(boss.browser, 'PUT', `/api/iam/users/${rogue.uuid}`, { suspended: true });
    expect(suspend.status).toBe(200);
    expect(suspend.data).toMatchObject({ suspended: true, is_admin: true });

    for (const device of [rogue, second]) {
      // The access token in hand still says admin; the live check refuses it.
      expect((await as(device.browser, 'GET', ADMIN_LIST)).status).toBe(401);
      const unsuspend = await as(device.browser, 'PUT', `/api/iam/users/${rogue.uuid}`, { suspended: false });
      expect(unsuspend.status).toBe(401);
      expect((await refresh(device)).status).toBe(401);
    }
    expect((await getItem(`user#${rogue.uuid}`, 'profile'))!.suspended).toBe(true);

    // Signing in again gives a session without admin powers while suspended.
    const again = await logIn(rogue.email, rogue.password);
    expect(again.profile).toMatchObject({ suspended: true, is_admin: false });
    expect((await as(again.browser, 'GET', ADMIN_LIST)).status).toBe(403);
  });

  it('refuses an admin suspended behind the sessions\' back: the live check reads the account', async () => {
    const rogue = await promotedAdmin();
    // Suspended without its sessions being revoked (as a restore from backup might leave it).
    await setAttributes(`user#${rogue.uuid}`, 'profile', { suspended: true });
    const list = await as(rogue.browser, 'GET', ADMIN_LIST);
    expect(list.status).toBe(403);
    expect(list.json).toMatchObject({ error: { message: 'Only admins may do this' } });
    // A refresh re-issues the claims from the account: no admin role while suspended.
    expect((await refresh(rogue)).status).toBe(200);
    const profile = await as<Profile>(rogue.browser, 'GET', '/api/iam/authn/profile');
    expect(profile.data).toMatchObject({ suspended: true, is_admin: false });
  });

  it('ends a demoted admin\'s powers at once', async () => {
    const boss = await admin();
    const former = await promotedAdmin();
    const demote = await as<AdminUser>(boss.browser, 'PUT', `/api/iam/users/${former.uuid}`, { is_admin: false });
    expect(demote.status).toBe(200);
    expect(demote.data.is_admin).toBe(false);
    expect((await as(former.browser, 'GET', ADMIN_LIST)).status).toBe(401);
    expect((await refresh(former)).status).toBe(401);
    const again = await signInAgain(former);
    expect(again.profile.is_admin).toBe(false);
    expect((await as(again.browser, 'GET', ADMIN_LIST)).status).toBe(403);
  });

  it('ends a suspended member\'s sessions: the refresh fails at once', async () => {
    const boss = await admin();
    const member = await registeredUser();
    expect((await as(boss.browser, 'PUT', `/api/iam/users/${member.uuid}`, { suspended: true })).status).toBe(200);
    expect((await refresh(member)).status).toBe(401);
  });

  it('does not let an admin suspend or demote itself', async () => {
    const self = await promotedAdmin();
    const suspend = await as(self.browser, 'PUT', `/api/iam/users/${self.uuid}`, { suspended: true });
    expect(suspend.status).toBe(400);
    expect(suspend.json).toMatchObject({ error: { field: 'suspended' } });
    const demote = await as(self.browser, 'PUT', `/api/iam/users/${self.uuid}`, { is_admin: false });
    expect(demote.status).toBe(400);
    expect((await as(self.browser, 'GET', ADMIN_LIST)).status).toBe(200);
  });
});
