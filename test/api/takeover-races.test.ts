/**
 * Taking an account over ("I did not sign up", or a reset of an account nobody verified) against
 * whoever signed up first and keeps trying: every session they hold or start ends, and nothing
 * they write lands after it. The first test times a write into the gap between the takeover's
 * steps (hooks around the revocations of this worker's copy of the code).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { REFRESH_COOKIE } from '../../shared/constants';
import type { Profile } from '../../shared/answers/auth';
import { as, linkToken, logIn, member, newBrowser, registration, signUp, uniqueEmail, type Member } from '../support/accounts';
import { deleteItem, getItem, queryPartition } from '../support/db';
import { NEWTOWN } from '../support/events';
import { useHostTable } from '../support/host-env';
import type * as LoginLimit from '../../functions/auth/login-limit';
import type * as Sessions from '../../functions/auth/sessions';
import type * as Live from '../../functions/lib/session/live';

const VERIFY = '/api/iam/authn/verifyemailtoken';

const hooks: { afterFirstRevoke?: () => Promise<void>; beforeSecondRevoke?: () => Promise<void> } = {};
let revokes = 0;
vi.mock('../../functions/auth/sessions', async (importOriginal) => {
  const real = await importOriginal<typeof Sessions>();
  return {
    ...real,
    revokeAllSessions: async (userId: string) => {
      revokes++;
      if (revokes === 2) await hooks.beforeSecondRevoke?.();
      const n = await real.revokeAllSessions(userId);
      if (revokes === 1) await hooks.afterFirstRevoke?.();
      return n;
    },
  };
});
const gates: { afterLiveCheck?: () => Promise<void>; beforeLoginLimitCleared?: () => Promise<void> } = {};
vi.mock('../../functions/lib/session/live', async (importOriginal) => {
  const real = await importOriginal<typeof Live>();
  return { ...real, assertLive: async (s: never) => { await real.assertLive(s); await gates.afterLiveCheck?.(); } };
});
vi.mock('../../functions/auth/login-limit', async (importOriginal) => {
  const real = await importOriginal<typeof LoginLimit>();
  return { ...real, clearLoginLimit: async (id: string) => { await gates.beforeLoginLimitCleared?.(); return real.clearLoginLimit(id); } };
});

const liveFamilies = async (uuid: string) => (await queryPartition(`user#${uuid}`)).filter((i) => String(i.sk).startsWith('session#') && !i.revokedAt);

describe('taking an account over', () => {
  it('a profile write by a session begun between the takeover\'s first revocation and its save, landing after the second, saves nothing', async () => {
    const email = uniqueEmail('gap');
    const attackerPassword = 'Attackers-pass-2026';
    await signUp(email, attackerPassword);
    const token = await linkToken(email, '/auth/verifyemail');
    useHostTable();
    const { findEmailToken, markUsedItem } = await import('../../functions/auth/email-tokens');
    const { setPasswordAsMailboxOwner } = await import('../../functions/auth/mailbox-owner');
    const { hashPassword } = await import('../../functions/auth/passwords');
    const { getUser } = await import('../../functions/users/users');
    const { main: updateProfile } = await import('../../functions/auth/handlers/update-profile');
    const record = (await findEmailToken('verify-email', token))!;
    const user = (await getUser(record.userId))!;

    let attacker: Member | undefined;
    let write: Promise<string> | undefined;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // A login lands after the first revocation (the old password still stands)...
    hooks.afterFirstRevoke = async () => {
      attacker = await logIn(email, attackerPassword);
    };
    // ...and its profile write passes its live check before the second, then waits until the takeover is all but done.
    hooks.beforeSecondRevoke = async () => {
      const [family] = await liveFamilies(user.uuid);
      let reached!: () => void;
      const atGate = new Promise<void>((r) => (reached = r));
      gates.afterLiveCheck = async () => {
        gates.afterLiveCheck = undefined;
        reached();
        await held;
      };
      const session = { userId: user.uuid, familyId: String(family!.familyId), csrfToken: attacker!.browser.csrf!, role: 'user', emailVerified: false, registered: false, suspended: false };
      const call = updateProfile as unknown as (a: unknown) => Promise<unknown>;
      write = call({ input: { first_name: 'Mallory', bio: 'back again' }, session, event: { headers: {} }, clientIp: '127.0.0.1' }).then(
        () => 'saved',
        (e: { status?: number }) => `refused ${e.status}`,
      );
      await atGate;
    };
    gates.beforeLoginLimitCleared = async () => {
      gates.beforeLoginLimitCleared = undefined;
      release();
      await write;
    };
    revokes = 0;
    try {
      await setPasswordAsMailboxOwner(user, await hashPassword('Owners-own-pass-2026'), () => markUsedItem(record));
    } finally {
      hooks.afterFirstRevoke = hooks.beforeSecondRevoke = undefined;
      gates.afterLiveCheck = gates.beforeLoginLimitCleared = undefined;
    }
    expect(await write).toBe('refused 401');
    const stored = (await getItem(`user#${user.uuid}`, 'profile'))!;
    expect(stored).toMatchObject({ emailVerified: true });
    expect([stored.firstName, stored.bio]).toEqual([undefined, undefined]);
    expect(await liveFamilies(user.uuid)).toEqual([]);
  });

  it('the access token of whoever signed up reads and writes nothing once the owner took over, and their blocks and settings go', async () => {
    const email = uniqueEmail('token');
    const attackerPassword = 'Attackers-pass-2026';
    await signUp(email, attackerPassword);
    const attacker = await logIn(email, attackerPassword);
    const uuid = attacker.profile.uuid;
    const friend = await member();
    const bystander = await member();
    expect((await as(attacker.browser, 'POST', '/api/iam/blocks/new', { userId: bystander.profile.uuid })).status).toBe(200);
    expect((await as(attacker.browser, 'PUT', '/api/iam/users/update-user-settings', { notify_email_messages: false })).status).toBe(200);
    attacker.browser.cookies.delete(REFRESH_COOKIE); // the access cookie alone, still within its 15 minutes

    const owner = newBrowser();
    const taken = await as<Profile>(owner, 'POST', VERIFY, { token: await linkToken(email, '/auth/verifyemail'), newPassword: 'Owners-own-pass-2026' });
    expect(taken.status, JSON.stringify(taken.json)).toBe(200);
    owner.csrf = taken.data.csrf_token;
    expect((await as(owner, 'POST', '/api/iam/authn/register', registration())).status).toBe(200);
    const started = await as<{ convnId: string }>(owner, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [uuid, friend.profile.uuid] });
    expect(started.status).toBe(200);
    expect((await as(friend.browser, 'POST', '/api/iam/messages/new', { id: randomUUID(), conversation_id: started.data.convnId, content: 'The gate code is 4711' })).status).toBe(201);

    for (const [method, path, body] of [
      ['GET', '/api/iam/messages/all', undefined],
      ['GET', `/api/iam/messages/conversation/${uuid}/${friend.profile.uuid}`, undefined],
      ['POST', '/api/iam/blocks/new', { userId: friend.profile.uuid }],
      ['PUT', '/api/iam/users/update-user-settings', { notify_email_comments: false }],
    ] as const) {
      const res = await as(attacker.browser, method, path, body);
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.json)}`).toBe(401);
    }
    // A public route sees a guest.
    const profile = await as<{ loggedIn?: boolean }>(attacker.browser, 'GET', '/api/iam/authn/isauthenticated');
    expect(profile.status).not.toBe(500);

    const left = await queryPartition(`user#${uuid}`);
    expect(left.filter((i) => String(i.sk).startsWith('block#'))).toEqual([]);
    const settings = await as<{ notify_email_messages: boolean; notify_email_comments: boolean }>(owner, 'GET', '/api/iam/users/user-settings');
    expect(settings.status, JSON.stringify(settings.json)).toBe(200);
    expect(settings.data).toMatchObject({ notify_email_messages: true, notify_email_comments: true });
  });

  it('a page cannot take the id of a member who has no id claim yet (an account older than the claims, before the migration)', async () => {
    const victim = await member();
    const creator = await member();
    await deleteItem(`ownerid#${victim.profile.uuid}`, 'ownerid');
    const res = await as(creator.browser, 'POST', '/api/iam/pages/new', {
      id: victim.profile.uuid, handle: `pg_${randomUUID().replace(/-/g, '').slice(0, 10)}`, name: 'Same id', place: { latitude: NEWTOWN.latitude, longitude: NEWTOWN.longitude },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(409);
    expect((res.json as { error: { field?: string } }).error.field).toBe('id');
    expect(await getItem(`ownerid#${victim.profile.uuid}`, 'ownerid')).toBeUndefined();
    expect(await getItem(`page#${victim.profile.uuid}`, 'page')).toBeUndefined();
  });
});
