/** GET /api/iam/users/{uuid}/permission/{name}: own account or an admin asking; what each kind of user holds. */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { as } from '../support/accounts';
import { lastSmsTo, admin, registeredUser, signInAgain, unregisteredUser, type TestUser } from '../support/users';

const NAMES = ['admin', 'moderate', 'create-page', 'create-event', 'post-plants', 'send-messages', 'invite'] as const;
const MEMBER = ['create-page', 'create-event', 'post-plants', 'send-messages', 'invite'];

async function allowed(asker: TestUser, uuid: string, name: string): Promise<boolean> {
  const res = await as<{ allowed: boolean }>(asker.browser, 'GET', `/api/iam/users/${uuid}/permission/${name}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.data.allowed;
}

async function held(asker: TestUser, uuid: string): Promise<string[]> {
  const out: string[] = [];
  for (const name of NAMES) if (await allowed(asker, uuid, name)) out.push(name);
  return out;
}

async function setPhoneRequired(value: boolean): Promise<void> {
  const res = await as((await admin()).browser, 'PUT', '/api/iam/admin/update/site-setting', {
    name: 'phone_required_to_post_plants',
    value: String(value),
    dataType: 'boolean',
    isPublic: true,
  });
  expect(res.status).toBe(200);
}

afterAll(() => setPhoneRequired(false));

describe('GET /api/iam/users/{uuid}/permission/{name}', () => {
  it('gives a registered member the member permissions, not admin or moderate', async () => {
    const u = await registeredUser();
    expect(await held(u, u.uuid)).toEqual(MEMBER);
  });

  it('gives an account whose registration is incomplete none', async () => {
    const u = await unregisteredUser();
    expect(await held(u, u.uuid)).toEqual([]);
  });

  it('answers 403 when a member asks about someone else', async () => {
    const a = await registeredUser();
    const b = await registeredUser();
    const res = await as(b.browser, 'GET', `/api/iam/users/${a.uuid}/permission/create-page`);
    expect(res.status).toBe(403);
  });

  it('lets an admin ask about anyone, and answers 404 for an unknown user', async () => {
    const a = await registeredUser();
    const boss = await admin();
    expect(await allowed(boss, a.uuid, 'invite')).toBe(true);
    expect(await allowed(boss, a.uuid, 'moderate')).toBe(false);
    const res = await as(boss.browser, 'GET', `/api/iam/users/${randomUUID()}/permission/invite`);
    expect(res.status).toBe(404);
  });

  it('refuses an unknown permission name or a malformed uuid with 400 naming the field', async () => {
    const u = await registeredUser();
    const name = await as(u.browser, 'GET', `/api/iam/users/${u.uuid}/permission/fly`);
    expect(name.status).toBe(400);
    expect(name.json).toMatchObject({ error: { field: 'name', message: 'name is not a known permission' } });
    const uuid = await as(u.browser, 'GET', `/api/iam/users/not-a-uuid/permission/invite`);
    expect(uuid.status).toBe(400);
    expect(uuid.json).toMatchObject({ error: { field: 'uuid' } });
  });

  it('takes every permission from a suspended member, and gives them back', async () => {
    const u = await registeredUser();
    const boss = await admin();
    expect((await as(boss.browser, 'PUT', `/api/iam/users/${u.uuid}`, { suspended: true })).status).toBe(200);
    expect(await held(u, u.uuid)).toEqual([]);
    expect((await as(boss.browser, 'PUT', `/api/iam/users/${u.uuid}`, { suspended: false })).status).toBe(200);
    expect(await held(u, u.uuid)).toEqual(MEMBER);
  });

  it('makes post-plants need a verified phone while the site setting phone_required_to_post_plants is true', async () => {
    const u = await registeredUser();
    await setPhoneRequired(true);
    try {
      expect(await allowed(u, u.uuid, 'post-plants')).toBe(false);
      expect(await allowed(u, u.uuid, 'create-page')).toBe(true);

      const phoneNo = `+61412${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
      const init = await as<{ recordId: string }>(u.browser, 'POST', '/api/iam/authn/init-phone-and-check', { phoneNo, userId: u.uuid });
      const code = /\b(\d{6})\b/.exec((await lastSmsTo(phoneNo)) ?? '')![1]!;
      const confirm = await as(u.browser, 'PUT', '/api/iam/authn/confirm-phone-and-record', { phoneNo, userId: u.uuid, recordId: init.data.recordId, code });
      expect(confirm.status).toBe(200);
      expect(await allowed(u, u.uuid, 'post-plants')).toBe(true);
    } finally {
      await setPhoneRequired(false);
    }
    const other = await registeredUser();
    expect(await allowed(other, other.uuid, 'post-plants')).toBe(true);
  });

  it('gives admin and moderate to the configured admin once registered', async () => {
    const boss = await signInAgain(await admin());
    if (!boss.profile.registration_complete) {
      // Registration may have been completed by another test file meanwhile: either answer is fine.
      const reg = await as(boss.browser, 'POST', '/api/iam/authn/register', {
        username: `boss_${randomUUID().slice(0, 8)}`,
        first_name: 'Ada',
        last_name: 'Admin',
        suburb_city: 'Sydney',
        state: 'NSW',
        country: 'Australia',
        latitude: -33.87,
        longitude: 151.21,
      });
      expect([200, 409]).toContain(reg.status);
    }
    expect(await held(boss, boss.uuid)).toEqual([...NAMES]);
  });
});
