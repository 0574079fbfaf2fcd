/**
 * Who holds admin powers, and when they end: a configured address only once verified; never
 * while suspended; suspension and demotion end every session of the account at once on admin
 * routes and refreshes.
 */
import { describe, expect, it } from 'vitest';
import type { PageView } from '../../shared/answers/pages';
import type { AdminUser } from '../../shared/answers/admin';
import type { Profile } from '../../shared/answers/auth';
import { as, linkToken, logIn, newBrowser } from '../support/accounts';
import { call } from '../support/api';
import { comment, newPost } from '../support/content';
import { getItem, setAttributes } from '../support/db';
import { newPage } from '../support/pages';
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

describe('a suspended or demoted admin outside the admin routes (the token still says admin)', () => {
  /**
   * A page whose creator made `rogue` a moderator and `kept` an admin, a post and a comment of
   * another member's, and a page `rogue` has no role in; then `rogue` loses admin powers by
   * `lose`, while the access token in hand still says admin.
   */
  async function scene(lose: (boss: TestUser, rogue: TestUser) => Promise<void>) {
    const boss = await admin();
    const rogue = await promotedAdmin();
    const creator = await registeredUser();
    const kept = await registeredUser();
    const author = await registeredUser();
    const page = await newPage(creator, { openness: 'moderated' });
    for (const [who, role] of [[rogue, 'moderator'], [kept, 'admin']] as const) {
      expect((await as(who.browser, 'POST', '/api/iam/pages/join', { pageId: page.id })).status).toBe(200);
      expect((await as(creator.browser, 'POST', '/api/iam/pages/approve-request', { pageId: page.id, userId: who.uuid })).status).toBe(200);
      expect((await as(creator.browser, 'PUT', '/api/iam/pages/member-role', { pageId: page.id, userId: who.uuid, role })).status).toBe(200);
    }
    const other = await newPage(creator);
    const post = await newPost(author, { text: 'mine alone', privacy: 'private' });
    const open = await newPost(author, { text: 'open to comments' });
    const remark = await comment(author, open.id, 'my remark');
    await lose(boss, rogue);
    return { rogue, creator, kept, author, page, other, post, open, remark };
  }

  /** `pageRefusal`: a page action's answer (403; 401 once the session has ended, as demoting ends it). */
  async function assertPowerless(s: Awaited<ReturnType<typeof scene>>, pageRefusal: 401 | 403 = 403) {
    const { rogue, kept, author, page, other, post, open, remark } = s;
    // A moderator cannot remove the page's admin.
    const removal = await as(rogue.browser, 'DELETE', '/api/iam/pages/member', { pageId: page.id, userId: kept.uuid });
    expect(removal.status).toBe(pageRefusal);
    expect(await getItem(`page#${page.id}`, `member#${kept.uuid}`)).toMatchObject({ status: 'member', role: 'admin' });
    // Another member's post: not edited, not deleted, not even seen (it is private).
    const edit = await as(rogue.browser, 'PUT', '/api/iam/posts/update/textandtags', { postId: post.id, userId: author.uuid, text: 'DEFACED', tags: [] });
    expect(edit.status).toBe(403);
    const deletion = await as(rogue.browser, 'DELETE', '/api/iam/posts', { postId: post.id, userId: author.uuid });
    expect(deletion.status).toBe(403);
    expect(await getItem(`post#${post.id}`, 'post')).toMatchObject({ text: 'mine alone' });
    expect((await getItem(`post#${post.id}`, 'post'))!.deletedAt).toBeUndefined();
    expect((await as(rogue.browser, 'GET', `/api/iam/posts/${post.id}`)).status).toBe(404);
    // Another member's comment stays.
    expect((await as(rogue.browser, 'DELETE', '/api/iam/posts/comment', { id: remark.id, uuid: author.uuid })).status).toBe(403);
    expect((await getItem(`post#${open.id}`, 'post'))).toMatchObject({ commentCount: 1 });
    // No upload URL for a page they do not run.
    const upload = await as(rogue.browser, 'POST', '/api/iam/pages/image-upload', { pageId: other.id, contentType: 'image/png', size: 100 });
    expect(upload.status).toBe(pageRefusal);
    // Another member's account (assertSelf).
    expect((await as(rogue.browser, 'GET', `/api/iam/users/${author.uuid}/permission/post-plants`)).status).toBe(403);
    // The staff view of a page they hold no staff role in: no request count.
    const single = await as<{ page: PageView }>(rogue.browser, 'GET', `/api/iam/pages/single-page/${other.id}`);
    expect(single.status).toBe(200);
    expect(single.data.page.requestCount).toBeNull();
    const details = await as<{ page: PageView }>(rogue.browser, 'GET', `/api/page/all-details/${other.handle}`);
    expect(details.status).toBe(200);
    expect(details.data.page.requestCount).toBeNull();
  }

  it('a suspended admin acts only as the member they are', async () => {
    const s = await scene(async (boss, rogue) => {
      expect((await as(boss.browser, 'PUT', `/api/iam/users/${rogue.uuid}`, { suspended: true })).status).toBe(200);
    });
    await assertPowerless(s);
  });

  it('a demoted admin acts only as the member they are', async () => {
    const s = await scene(async (boss, rogue) => {
      expect((await as(boss.browser, 'PUT', `/api/iam/users/${rogue.uuid}`, { is_admin: false })).status).toBe(200);
    });
    // Demoting ends their sessions: a page's powers end with the session (401), the rest with the admin role.
    await assertPowerless(s, 401);
    // Signed in again, still a moderator of the page: removing a plain member of it works as before.
    const rogue = await signInAgain(s.rogue);
    const plain = await registeredUser();
    expect((await as(plain.browser, 'POST', '/api/iam/pages/join', { pageId: s.page.id })).status).toBe(200);
    expect((await as(s.creator.browser, 'POST', '/api/iam/pages/approve-request', { pageId: s.page.id, userId: plain.uuid })).status).toBe(200);
    expect((await as(rogue.browser, 'DELETE', '/api/iam/pages/member', { pageId: s.page.id, userId: s.kept.uuid })).status).toBe(403);
    expect((await as(rogue.browser, 'DELETE', '/api/iam/pages/member', { pageId: s.page.id, userId: plain.uuid })).status).toBe(200);
  });

  it('an admin who holds the powers still uses them on those routes', async () => {
    const boss = await admin();
    const author = await registeredUser();
    const post = await newPost(author, { text: 'spam', privacy: 'private' });
    expect((await as(boss.browser, 'GET', `/api/iam/posts/${post.id}`)).status).toBe(200);
    expect((await as(boss.browser, 'DELETE', '/api/iam/posts', { postId: post.id, userId: author.uuid })).status).toBe(200);
  });
});
