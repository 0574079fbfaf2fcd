/** Invites: members make links, see their own newest first, admins switch them off, and signup honours that. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { as, uniqueEmail } from '../support/accounts';
import { call } from '../support/api';
import { getItem } from '../support/db';
import { admin, allPages, registeredUser, unregisteredUser } from '../support/users';

interface Invite {
  uuid: string;
  is_valid: boolean;
  created_at: string;
  accepted_count: number;
  link: string;
}

describe('POST /api/iam/users/invites/new', () => {
  it('makes a valid invite of the caller\'s, with a link to the join screen', async () => {
    const u = await registeredUser();
    const res = await as<Invite>(u.browser, 'POST', '/api/iam/users/invites/new', {});
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ is_valid: true, accepted_count: 0 });
    expect(res.data.link).toMatch(new RegExp(`^http://(localhost|127\\.0\\.0\\.1):\\d+/join\\?invite=${res.data.uuid}$`));
    expect(await getItem(`invite#${res.data.uuid}`, 'invite')).toMatchObject({ inviterId: u.uuid, isValid: true });
  });

  it('lets someone sign up through the link, and counts it', async () => {
    const u = await registeredUser();
    const invite = (await as<Invite>(u.browser, 'POST', '/api/iam/users/invites/new', {})).data;
    const email = uniqueEmail('invited');
    expect((await call('POST', '/api/iam/authn/signup', { body: { email, password: 'Green-thumb-2026', invite: invite.uuid } })).status).toBe(200);
    const uuid = (await getItem(`email#${email}`, 'email'))!.userId as string;
    expect(await getItem(`user#${uuid}`, 'profile')).toMatchObject({ invitedBy: u.uuid });
    const list = await as<{ invites: Invite[] }>(u.browser, 'GET', '/api/iam/users/invites');
    expect(list.data.invites.find((i) => i.uuid === invite.uuid)).toMatchObject({ accepted_count: 1 });
  });

  it('answers 403 until registration is complete, and makes nothing', async () => {
    const u = await unregisteredUser();
    const res = await as(u.browser, 'POST', '/api/iam/users/invites/new', {});
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: { message: 'Complete your registration first' } });
    expect((await as<{ invites: Invite[] }>(u.browser, 'GET', '/api/iam/users/invites')).data.invites).toEqual([]);
  });
});

describe('GET /api/iam/users/invites', () => {
  it('lists only the caller\'s invites, newest first, every one exactly once across pages', async () => {
    const u = await registeredUser();
    const other = await registeredUser();
    await as(other.browser, 'POST', '/api/iam/users/invites/new', {});
    const made: string[] = [];
    for (let i = 0; i < 23; i++) made.push((await as<Invite>(u.browser, 'POST', '/api/iam/users/invites/new', {})).data.uuid);
    const first = await as<{ invites: Invite[]; cursorId: string | null }>(u.browser, 'GET', '/api/iam/users/invites');
    expect(first.data.invites).toHaveLength(20);
    expect(first.data.cursorId).toEqual(expect.any(String));
    const all = await allPages<Invite>((q) => as(u.browser, 'GET', `/api/iam/users/invites${q}`), 'invites');
    expect(all.map((i) => i.uuid)).toEqual([...made].reverse());
  });

  it('refuses a cursor of another list with 400 naming cursorId', async () => {
    const a = await registeredUser();
    const b = await registeredUser();
    for (let i = 0; i < 21; i++) await as(a.browser, 'POST', '/api/iam/users/invites/new', {});
    const cursor = (await as<{ cursorId: string }>(a.browser, 'GET', '/api/iam/users/invites')).data.cursorId;
    const res = await as(b.browser, 'GET', `/api/iam/users/invites?cursorId=${encodeURIComponent(cursor)}`);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { field: 'cursorId' } });
    const junk = await as(b.browser, 'GET', '/api/iam/users/invites?cursorId=%7B%7D');
    expect(junk.status).toBe(400);
  });
});

describe('PUT /api/iam/users/invites/update-validity/{uuid}', () => {
  it('lets an admin switch an invite off (signup then refuses it) and on again', async () => {
    const u = await registeredUser();
    const invite = (await as<Invite>(u.browser, 'POST', '/api/iam/users/invites/new', {})).data;
    const boss = await admin();
    const off = await as<Invite>(boss.browser, 'PUT', `/api/iam/users/invites/update-validity/${invite.uuid}`, { uuid: invite.uuid, is_valid: false });
    expect(off.status).toBe(200);
    expect(off.data).toMatchObject({ uuid: invite.uuid, is_valid: false });
    expect(await getItem(`invite#${invite.uuid}`, 'invite')).toMatchObject({ isValid: false });

    const refused = await call('POST', '/api/iam/authn/signup', { body: { email: uniqueEmail(), password: 'Green-thumb-2026', invite: invite.uuid } });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: { field: 'invite' } });

    const on = await as<Invite>(boss.browser, 'PUT', `/api/iam/users/invites/update-validity/${invite.uuid}`, { is_valid: true });
    expect(on.data.is_valid).toBe(true);
  });

  it('answers 403 to a member, even for their own invite, and changes nothing', async () => {
    const u = await registeredUser();
    const invite = (await as<Invite>(u.browser, 'POST', '/api/iam/users/invites/new', {})).data;
    const res = await as(u.browser, 'PUT', `/api/iam/users/invites/update-validity/${invite.uuid}`, { uuid: invite.uuid, is_valid: false });
    expect(res.status).toBe(403);
    expect(await getItem(`invite#${invite.uuid}`, 'invite')).toMatchObject({ isValid: true });
  });

  it('refuses a body uuid other than the path\'s, a missing is_valid, and answers 404 for an unknown invite', async () => {
    const u = await registeredUser();
    const invite = (await as<Invite>(u.browser, 'POST', '/api/iam/users/invites/new', {})).data;
    const boss = await admin();
    const path = `/api/iam/users/invites/update-validity/${invite.uuid}`;
    const mismatch = await as(boss.browser, 'PUT', path, { uuid: randomUUID(), is_valid: false });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json).toMatchObject({ error: { field: 'uuid', message: 'uuid must match the uuid in the path' } });
    const missing = await as(boss.browser, 'PUT', path, { uuid: invite.uuid });
    expect(missing.json).toMatchObject({ error: { field: 'is_valid', message: 'is_valid is required' } });
    expect(await getItem(`invite#${invite.uuid}`, 'invite')).toMatchObject({ isValid: true });
    const unknown = await as(boss.browser, 'PUT', `/api/iam/users/invites/update-validity/${randomUUID()}`, { is_valid: false });
    expect(unknown.status).toBe(404);
  });
});

describe('GET /api/iam/admin/users/{uuid}/invites', () => {
  it('shows an admin one member\'s invites, newest first with their uses, and the member; a switched-off one shows as such', async () => {
    const u = await registeredUser();
    const first = (await as<Invite>(u.browser, 'POST', '/api/iam/users/invites/new', {})).data;
    const second = (await as<Invite>(u.browser, 'POST', '/api/iam/users/invites/new', {})).data;
    expect((await call('POST', '/api/iam/authn/signup', { body: { email: uniqueEmail('invited'), password: 'Green-thumb-2026', invite: first.uuid } })).status).toBe(200);
    const boss = await admin();
    expect((await as(boss.browser, 'PUT', `/api/iam/users/invites/update-validity/${second.uuid}`, { is_valid: false })).status).toBe(200);
    const res = await as<{ inviter: { uuid: string; username: string; email: string }; invites: Invite[]; cursorId: string | null }>(boss.browser, 'GET', `/api/iam/admin/users/${u.uuid}/invites`);
    expect(res.status).toBe(200);
    expect(res.data.inviter).toMatchObject({ uuid: u.uuid, username: u.profile.username, email: u.email });
    expect(res.data.invites.map((i) => [i.uuid, i.is_valid, i.accepted_count])).toEqual([
      [second.uuid, false, 0],
      [first.uuid, true, 1],
    ]);
    expect(res.data.cursorId).toBeNull();
  });

  it('pages with the list\'s own cursor only, and answers 404 for no such member and 400 naming uuid for a malformed one', async () => {
    const boss = await admin();
    const a = await registeredUser();
    const b = await registeredUser();
    for (let i = 0; i < 21; i++) await as(a.browser, 'POST', '/api/iam/users/invites/new', {});
    const page1 = await as<{ invites: Invite[]; cursorId: string }>(boss.browser, 'GET', `/api/iam/admin/users/${a.uuid}/invites`);
    expect(page1.data.invites).toHaveLength(20);
    const page2 = await as<{ invites: Invite[]; cursorId: string | null }>(boss.browser, 'GET', `/api/iam/admin/users/${a.uuid}/invites?cursorId=${encodeURIComponent(page1.data.cursorId)}`);
    expect(page2.data.invites).toHaveLength(1);
    expect(page2.data.cursorId).toBeNull();
    const foreign = await as(boss.browser, 'GET', `/api/iam/admin/users/${b.uuid}/invites?cursorId=${encodeURIComponent(page1.data.cursorId)}`);
    expect(foreign.status).toBe(400);
    expect(foreign.json).toMatchObject({ error: { field: 'cursorId' } });
    expect((await as(boss.browser, 'GET', `/api/iam/admin/users/${randomUUID()}/invites`)).status).toBe(404);
    const malformed = await as(boss.browser, 'GET', '/api/iam/admin/users/not-a-uuid/invites');
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ error: { field: 'uuid' } });
  });

  it('answers a guest 401, and an unregistered user, a member (even about themselves) and a deleted account\'s cookie 403', async () => {
    const u = await registeredUser();
    await as(u.browser, 'POST', '/api/iam/users/invites/new', {});
    const path = `/api/iam/admin/users/${u.uuid}/invites`;
    expect((await call('GET', path)).status).toBe(401);
    expect((await as((await unregisteredUser()).browser, 'GET', path)).status).toBe(403);
    expect((await as(u.browser, 'GET', path)).status).toBe(403);
    const gone = await registeredUser();
    const kept = { cookies: new Map(gone.browser.cookies), csrf: gone.browser.csrf };
    expect((await as(gone.browser, 'DELETE', '/api/iam/authn/delete', { uuid: gone.uuid })).status).toBe(200);
    expect((await as(kept, 'GET', path)).status).toBe(403);
  });
});
