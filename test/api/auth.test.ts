/** Accounts and sessions over real HTTP: signup, verification, login, refresh rotation, logout, register. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../shared/constants';
import type { Profile } from '../../shared/answers/auth';
import { sha256 } from '../../functions/lib/crypto';
import { call } from '../support/api';
import { as, linkToken, logIn, member, newBrowser, registration, signUp, uniqueEmail, verifyEmail } from '../support/accounts';
import { getItem, queryPartition, setAttributes } from '../support/db';
import { useHostTable } from '../support/host-env';
import { outbox } from '../support/outbox';

describe('signup', () => {
  it('answers a new and a known address identically, without a session, and e-mails each differently', async () => {
    const email = uniqueEmail();
    const first = await call('POST', '/api/iam/authn/signup', { body: { email, password: 'Green-thumb-2026' } });
    const again = await call('POST', '/api/iam/authn/signup', { body: { email, password: 'Another-pass-99' } });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(first.headers.getSetCookie()).toEqual([]);
    expect(again.headers.getSetCookie()).toEqual([]);
    const mails = (await outbox()).filter((m) => m.to === email);
    expect(mails.map((m) => m.subject)).toEqual(['Confirm your e-mail for Leafline', 'Someone tried to sign up to Leafline with your address']);
    const uuid = (await getItem(`email#${email}`, 'email'))!.userId as string;
    const user = await getItem(`user#${uuid}`, 'profile');
    expect(user).toMatchObject({ email, emailVerified: false, regState: 'incomplete' });
    expect(String(user!.passwordHash)).toMatch(/^scrypt\$12\$8\$1\$/);
    expect(String(user!.passwordHash)).not.toContain('Green-thumb-2026');
  });

  it('tells the owner of a known address about sign-up attempts at most once a day', async () => {
    const { email } = await signUp();
    for (let i = 0; i < 3; i++) {
      const res = await call('POST', '/api/iam/authn/signup', { body: { email, password: `Another-pass-9${i}` } });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ status: 'success', data: { sent: true } });
    }
    const notices = (await outbox()).filter((m) => m.to === email && m.subject === 'Someone tried to sign up to Leafline with your address');
    expect(notices).toHaveLength(1);
  });

  it('stores addresses in lower case, so case cannot make a second account', async () => {
    const email = uniqueEmail('Case');
    await signUp(email.toUpperCase());
    expect(await getItem(`email#${email.toLowerCase()}`, 'email')).toBeDefined();
  });

  it('refuses short, overlong and common passwords, naming password', async () => {
    for (const password of ['short1!', 'x'.repeat(129), 'password123', 'iloveplants']) {
      const res = await call('POST', '/api/iam/authn/signup', { body: { email: uniqueEmail(), password } });
      expect(res.status, password).toBe(400);
      expect(res.json).toMatchObject({ error: { field: 'password' } });
    }
  });

  it('refuses a malformed address naming email', async () => {
    const res = await call('POST', '/api/iam/authn/signup', { body: { email: 'not-an-address', password: 'Green-thumb-2026' } });
    expect(res.json).toMatchObject({ error: { field: 'email' } });
  });
});

describe('login', () => {
  it('works before verification, sets __Host- cookies with the right flags, and answers the profile with a csrf_token', async () => {
    const { email, password } = await signUp();
    const b = newBrowser();
    const res = await as<Profile>(b, 'POST', '/api/iam/authn/login', { email, password });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ email, email_verified: false, registration_complete: false, username: null });
    expect(res.data.csrf_token.length).toBeGreaterThanOrEqual(22);
    const cookies = res.headers.getSetCookie();
    const access = cookies.find((c) => c.startsWith(`${ACCESS_COOKIE}=`))!;
    const refresh = cookies.find((c) => c.startsWith(`${REFRESH_COOKIE}=`))!;
    for (const c of [access, refresh]) {
      expect(c).toMatch(/; HttpOnly/i);
      expect(c).toMatch(/; Secure/i);
      expect(c).toMatch(/; SameSite=Lax/i);
      expect(c).toMatch(/; Path=\//i);
      expect(c).not.toMatch(/Domain=/i);
    }
    expect(refresh).toMatch(/Max-Age=34560000/);
    expect(access).toMatch(/Max-Age=900/);
  });

  it('answers a wrong password and an unknown address identically', async () => {
    const { email } = await signUp();
    const wrong = await call('POST', '/api/iam/authn/login', { body: { email, password: 'Not-the-password-1' } });
    const unknown = await call('POST', '/api/iam/authn/login', { body: { email: uniqueEmail('nobody'), password: 'Not-the-password-1' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual(wrong.json);
    expect(wrong.json).toMatchObject({ error: { code: 'invalid_credentials', message: 'Wrong e-mail or password' } });
  });

  it('takes about as long for an unknown address as for a wrong password (a hash is computed either way)', async () => {
    const { email } = await signUp();
    const time = async (address: string) => {
      const t0 = performance.now();
      await call('POST', '/api/iam/authn/login', { body: { email: address, password: 'Not-the-password-1' } });
      return performance.now() - t0;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      wrong.push(await time(email));
      unknown.push(await time(uniqueEmail('ghost')));
    }
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.4);
    expect(median(unknown)).toBeLessThan(median(wrong) * 2.5);
  });
});

/** The failed logins counted against an account in this hour's window (and the last, near a window's end). */
async function failedLogins(userId: string): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  const start = now - (now % 3600);
  const items = await Promise.all([start, start - 3600].map((w) => getItem(`rate#LOGIN_ACCOUNT#${userId}#${w}`, 'rate')));
  return items.reduce((n, i) => n + Number(i?.count ?? 0), 0);
}

describe('e-mail verification', () => {
  const VERIFY = '/api/iam/authn/verifyemailtoken';
  const userOf = async (email: string) => (await getItem(`email#${email}`, 'email'))!.userId as string;

  it('the link and the password together verify and sign in, as login does; a reused link answers already_verified', async () => {
    const { email, password } = await signUp();
    const token = await linkToken(email, '/auth/verifyemail');
    const b = newBrowser();
    const res = await as<Profile>(b, 'POST', VERIFY, { token, password });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ email, email_verified: true, registration_complete: false });
    expect(res.data.csrf_token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(b.cookies.has(ACCESS_COOKIE) && b.cookies.has(REFRESH_COOKIE)).toBe(true);
    const uuid = await userOf(email);
    expect(await getItem(`user#${uuid}`, 'profile')).toMatchObject({ emailVerified: true });
    // Signed in: registration is the next step, with no second sign-in.
    b.csrf = res.data.csrf_token;
    expect((await as<Profile>(b, 'POST', '/api/iam/authn/register', registration())).status).toBe(200);

    const reused = await call('POST', VERIFY, { body: { token, password } });
    expect(reused.status).toBe(400);
    expect(reused.json).toMatchObject({ error: { code: 'already_verified', field: 'token' } });
    expect(reused.headers.getSetCookie()).toEqual([]);
  });

  it('checks in order: an unusable token (token), then a missing or wrong password (password); a refusal does not use the link up', async () => {
    const other = await signUp();
    const stale = await linkToken(other.email, '/auth/verifyemail');
    await setAttributes(`token#${sha256(stale)}`, 'token', { expiresAt: Math.floor(Date.now() / 1000) - 1 });
    for (const body of [{ token: stale, password: other.password }, { token: 'x'.repeat(43), password: other.password }, { token: 'short' }]) {
      const res = await call('POST', VERIFY, { body });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ error: { field: 'token' } });
    }

    const { email, password } = await signUp();
    const token = await linkToken(email, '/auth/verifyemail');
    const alone = await call('POST', VERIFY, { body: { token } });
    expect(alone.status).toBe(400);
    expect(alone.json).toMatchObject({ error: { field: 'password' } });
    const wrong = await call('POST', VERIFY, { body: { token, password: 'Not-my-password-1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ error: { field: 'password' } });
    expect(wrong.headers.getSetCookie()).toEqual([]);
    const uuid = await userOf(email);
    expect(await getItem(`user#${uuid}`, 'profile')).toMatchObject({ emailVerified: false });
    // The wrong password counts as a failed login of the account.
    expect(await failedLogins(uuid)).toBe(1);
    // Still usable: nothing but success uses it up.
    expect((await call('POST', VERIFY, { body: { token, password } })).status).toBe(200);
  });

  it('"I did not sign up": a new password takes the account over from whoever signed up first', async () => {
    // Someone signs up with an address they do not hold, signs in unverified and fills in a profile.
    const email = uniqueEmail('victim');
    const attackerPassword = 'Attackers-pass-2026';
    await signUp(email, attackerPassword);
    const attacker = await logIn(email, attackerPassword);
    const uuid = attacker.profile.uuid;
    const set = await as<Profile>(attacker.browser, 'PUT', '/api/iam/authn/update', {
      first_name: 'Mallory', last_name: 'Sly', bio: 'my account now', motivations: ['sell'], suburb_city: 'Newtown', state: 'NSW', country: 'Australia', latitude: -33.9, longitude: 151.18,
    });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    expect(set.data).toMatchObject({ first_name: 'Mallory', bio: 'my account now', email_verified: false });
    expect((await getItem(`user#${attacker.profile.uuid}`, 'profile'))!).toMatchObject({ motivations: ['sell'], suburbCity: 'Newtown', latitude: -33.9 });
    const secondDevice = await logIn(email, attackerPassword);

    // The owner of the mailbox opens the link and chooses a password.
    const owner = newBrowser();
    const verified = await as<Profile>(owner, 'POST', VERIFY, { token: await linkToken(email, '/auth/verifyemail'), newPassword: 'Owners-own-pass-2026' });
    expect(verified.status).toBe(200);
    expect(verified.data).toMatchObject({ uuid, email, email_verified: true, first_name: null, last_name: null, bio: null, avatar: null });
    const stored = (await getItem(`user#${uuid}`, 'profile'))!;
    expect(stored).toMatchObject({ emailVerified: true });
    for (const field of ['firstName', 'lastName', 'bio', 'avatar', 'motivations', 'suburbCity', 'state', 'country', 'latitude', 'longitude', 'geohash']) {
      expect(stored[field], field).toBeUndefined();
    }

    // The attacker's sessions and password stop working: the access token in hand cannot put the profile back either.
    const rewrite = await as(attacker.browser, 'PUT', '/api/iam/authn/update', { first_name: 'Mallory', bio: 'still mine' });
    expect(rewrite.status).toBe(401);
    expect((await getItem(`user#${uuid}`, 'profile'))!.firstName).toBeUndefined();
    for (const device of [attacker, secondDevice]) {
      expect((await as(device.browser, 'POST', '/api/iam/authn/refresh', {})).status).toBe(401);
    }
    expect((await call('POST', '/api/iam/authn/login', { body: { email, password: attackerPassword } })).status).toBe(401);
    // The owner is signed in and goes on to register.
    owner.csrf = verified.data.csrf_token;
    expect((await as<Profile>(owner, 'POST', '/api/iam/authn/register', registration())).status).toBe(200);
    expect((await call('POST', '/api/iam/authn/login', { body: { email, password: 'Owners-own-pass-2026' } })).status).toBe(200);
  });

  it('whoever signed up first cannot keep the owner out by editing the profile while the owner uses the link (verification and reset)', async () => {
    for (const via of ['verify', 'reset'] as const) {
      const email = uniqueEmail(`edits-${via}`);
      const attackerPassword = 'Attackers-pass-2026';
      await signUp(email, attackerPassword);
      const attacker = await logIn(email, attackerPassword);
      const token = via === 'verify'
        ? await linkToken(email, '/auth/verifyemail')
        : (expect((await call('POST', '/api/iam/authn/reset', { body: { email } })).status).toBe(200), await linkToken(email, '/auth/reset'));
      // The attacker keeps changing the account (its version) while the owner's request runs.
      let editing = true;
      const edits = Promise.all(Array.from({ length: 4 }, async () => {
        while (editing) await as(attacker.browser, 'PUT', '/api/iam/authn/update', { bio: `mine ${randomUUID().slice(0, 6)}` });
      }));
      const owner = newBrowser();
      const res = via === 'verify'
        ? await as<Profile>(owner, 'POST', VERIFY, { token, newPassword: 'Owners-own-pass-2026' })
        : await call('PUT', '/api/iam/pwreset/update', { body: { token, password: 'Owners-own-pass-2026' } });
      editing = false;
      await edits;
      expect(res.status, `${via}: ${JSON.stringify(res.json)}`).toBe(200);
      const stored = (await getItem(`user#${attacker.profile.uuid}`, 'profile'))!;
      expect(stored.emailVerified, via).toBe(true);
      expect(stored.bio, via).toBeUndefined();
      expect((await call('POST', '/api/iam/authn/login', { body: { email, password: attackerPassword } })).status, via).toBe(401);
      expect((await call('POST', '/api/iam/authn/login', { body: { email, password: 'Owners-own-pass-2026' } })).status, via).toBe(200);
    }
  });

  it('a session begun with the old password while the owner takes the account over leaves nothing of its edits', async () => {
    const email = uniqueEmail('login-race');
    const attackerPassword = 'Attackers-pass-2026';
    await signUp(email, attackerPassword);
    const uuid = (await logIn(email, attackerPassword)).profile.uuid;
    const token = await linkToken(email, '/auth/verifyemail');
    // Whoever signed up keeps signing in afresh and editing, hoping for a session that outlives the takeover.
    let editing = true;
    const edits = Promise.all(Array.from({ length: 4 }, async () => {
      while (editing) {
        const session = newBrowser();
        const login = await as<Profile>(session, 'POST', '/api/iam/authn/login', { email, password: attackerPassword });
        if (login.status !== 200) continue;
        session.csrf = login.data.csrf_token;
        await as(session, 'PUT', '/api/iam/authn/update', { first_name: 'Mallory', bio: `mine ${randomUUID().slice(0, 6)}`, motivations: ['sell'] });
      }
    }));
    const res = await as<Profile>(newBrowser(), 'POST', VERIFY, { token, newPassword: 'Owners-own-pass-2026' });
    // Each editor finishes the login and edit it has under way (one that checked the old password
    // just before the save lands now), then stops.
    editing = false;
    await edits;
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const stored = (await getItem(`user#${uuid}`, 'profile'))!;
    expect(stored).toMatchObject({ emailVerified: true });
    expect([stored.firstName, stored.bio, stored.motivations]).toEqual([undefined, undefined, undefined]);
    expect((await call('POST', '/api/iam/authn/login', { body: { email, password: attackerPassword } })).status).toBe(401);
  });

  it('one link changes the password once: of two requests at once with it, one saves its password and the other is told the link is used', async () => {
    for (const via of ['verify', 'reset'] as const) {
      const email = uniqueEmail(`twice-${via}`);
      await signUp(email, 'First-pass-2026');
      if (via === 'reset') expect((await call('POST', '/api/iam/authn/reset', { body: { email } })).status).toBe(200);
      const token = await linkToken(email, via === 'verify' ? '/auth/verifyemail' : '/auth/reset');
      const passwords = ['Second-pass-2026', 'Third-pass-2026'];
      const answers = await Promise.all(passwords.map((p) => (via === 'verify'
        ? call('POST', VERIFY, { body: { token, newPassword: p } })
        : call('PUT', '/api/iam/pwreset/update', { body: { token, password: p } }))));
      expect(answers.map((a) => a.status).sort(), via).toEqual([200, 400]);
      const winner = passwords[answers.findIndex((a) => a.status === 200)]!;
      const loser = passwords.find((p) => p !== winner)!;
      expect((await call('POST', '/api/iam/authn/login', { body: { email, password: winner } })).status, via).toBe(200);
      expect((await call('POST', '/api/iam/authn/login', { body: { email, password: loser } })).status, via).toBe(401);
    }
  });

  it('a login whose password was checked just before the owner chose a new one gets no session', async () => {
    const email = uniqueEmail('race');
    await signUp(email, 'Attackers-pass-2026');
    const uuid = await userOf(email);
    useHostTable();
    const { getUser } = await import('../../functions/users/users');
    const { signInWithPassword } = await import('../../functions/auth/sign-in');
    // The attacker's login has read the account and checked its password...
    const checked = (await getUser(uuid))!;
    // ...when the owner takes the account over.
    expect((await call('POST', VERIFY, { body: { token: await linkToken(email, '/auth/verifyemail'), newPassword: 'Owners-own-pass-2026' } })).status).toBe(200);
    await expect(signInWithPassword(checked, 'race test')).rejects.toMatchObject({ status: 401 });
    const families = (await queryPartition(`user#${uuid}`)).filter((i) => String(i.sk).startsWith('session#'));
    expect(families).toHaveLength(2);
    expect(families.filter((f) => !f.revokedAt)).toHaveLength(1); // the owner's own
    expect(families.find((f) => !f.revokedAt)!.userAgent).not.toBe('race test');
  });

  it('a new password is held to the password rules (newPassword named), and the link stays usable', async () => {
    const { email } = await signUp();
    const token = await linkToken(email, '/auth/verifyemail');
    const weak = await call('POST', VERIFY, { body: { token, newPassword: 'password' } });
    expect(weak.status).toBe(400);
    expect(weak.json).toMatchObject({ error: { field: 'newPassword' } });
    expect((await call('POST', VERIFY, { body: { token, newPassword: 'A-much-better-one-2026' } })).status).toBe(200);
  });

  it('stores only the token\'s hash', async () => {
    const { email } = await signUp();
    const token = await linkToken(email, '/auth/verifyemail');
    expect(await getItem(`token#${token}`, 'token')).toBeUndefined();
    expect(await getItem(`token#${sha256(token)}`, 'token')).toMatchObject({ kind: 'verify-email' });
  });

  it('resends a link on request, with the same answer for an unknown address', async () => {
    const { email } = await signUp();
    const known = await call('POST', '/api/iam/authn/verifyemail', { body: { email } });
    const unknown = await call('POST', '/api/iam/authn/verifyemail', { body: { email: uniqueEmail('nobody') } });
    expect(known.json).toEqual(unknown.json);
    expect((await outbox()).filter((m) => m.to === email && m.subject?.startsWith('Confirm'))).toHaveLength(2);
  });
});

describe('registration', () => {
  it('needs a verified e-mail', async () => {
    const { email, password } = await signUp();
    const m = await logIn(email, password);
    const res = await as(m.browser, 'POST', '/api/iam/authn/register', registration());
    expect(res.status).toBe(403);
  });

  it('registered routes answer 403 until registration is complete, then work at once (fresh access token)', async () => {
    const { email, password } = await signUp();
    await verifyEmail(email, password);
    const m = await logIn(email, password);
    const form = { id: randomUUID(), kind: 'contact', subject: 'Hi', message: 'Hello' };
    const before = await as(m.browser, 'POST', '/api/iam/forms/new', form);
    expect(before.status).toBe(403);
    expect(before.json).toMatchObject({ error: { message: 'Complete your registration first' } });
    const reg = await as<Profile>(m.browser, 'POST', '/api/iam/authn/register', registration({ first_name: 'ada', last_name: "o'neil-smith" }));
    expect(reg.status).toBe(200);
    expect(reg.data).toMatchObject({ registration_complete: true, first_name: 'Ada', last_name: "O'Neil-Smith" });
    expect((await as(m.browser, 'POST', '/api/iam/forms/new', form)).status).toBe(201);
  });

  it('claims the username in the shared handle namespace: taken (any case) → 409, reserved → 400', async () => {
    const a = await member();
    const taken = a.profile.username!;
    const { email, password } = await signUp();
    await verifyEmail(email, password);
    const b = await logIn(email, password);
    const clash = await as(b.browser, 'POST', '/api/iam/authn/register', registration({ username: taken.toUpperCase() }));
    expect(clash.status).toBe(409);
    expect(clash.json).toMatchObject({ error: { field: 'username' } });
    const reserved = await as(b.browser, 'POST', '/api/iam/authn/register', registration({ username: 'admin' }));
    expect(reserved.status).toBe(400);
    expect(reserved.json).toMatchObject({ error: { field: 'username' } });
    expect(await getItem(`handle#${taken}`, 'handle')).toMatchObject({ ownerType: 'user', ownerId: a.profile.uuid });
  });

  it('refuses a handle a page holds', async () => {
    const pageHandle = `garden_${randomUUID().slice(0, 8)}`;
    const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
    const { DynamoDBDocumentClient, PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const { inject } = await import('vitest');
    const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: inject('dynamoEndpoint'), region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } }));
    await doc.send(new PutCommand({ TableName: inject('tableName'), Item: { pk: `handle#${pageHandle}`, sk: 'handle', handle: pageHandle, ownerType: 'page', ownerId: randomUUID(), __edb_e__: 'handleClaim', __edb_v__: '1' } }));
    const { email, password } = await signUp();
    await verifyEmail(email, password);
    const b = await logIn(email, password);
    const res = await as(b.browser, 'POST', '/api/iam/authn/register', registration({ username: pageHandle }));
    expect(res.status).toBe(409);
  });
});

describe('refresh tokens', () => {
  it('rotate: the new token works, the old one is refused, and its reuse revokes the whole family', async () => {
    const m = await member();
    const oldRefresh = m.browser.cookies.get(REFRESH_COOKIE)!;
    const r1 = await as(m.browser, 'POST', '/api/iam/authn/refresh', {}, { noCsrf: true });
    expect(r1.status).toBe(200);
    const newRefresh = m.browser.cookies.get(REFRESH_COOKIE)!;
    expect(newRefresh).not.toBe(oldRefresh);

    const attacker = newBrowser();
    attacker.cookies.set(REFRESH_COOKIE, oldRefresh);
    const reuse = await as(attacker, 'POST', '/api/iam/authn/refresh', {});
    expect(reuse.status).toBe(401);
    // The family is revoked: even the legitimate newest token stops working.
    const after = await as(m.browser, 'POST', '/api/iam/authn/refresh', {});
    expect(after.status).toBe(401);
    expect(after.headers.getSetCookie().some((c) => c.startsWith(`${REFRESH_COOKIE}=;`))).toBe(true);
  });

  it('keep the csrf_token of the family across refreshes', async () => {
    const m = await member();
    await as(m.browser, 'POST', '/api/iam/authn/refresh', {});
    const profile = await as<Profile>(m.browser, 'GET', '/api/iam/authn/profile');
    expect(profile.data.csrf_token).toBe(m.browser.csrf);
  });

  it('refuse garbage and forged tokens without revoking anything', async () => {
    const m = await member();
    const [uid, fam] = m.browser.cookies.get(REFRESH_COOKIE)!.split('.');
    for (const forged of ['garbage', `${uid}.${fam}.${'A'.repeat(43)}`]) {
      const b = newBrowser();
      b.cookies.set(REFRESH_COOKIE, forged);
      expect((await as(b, 'POST', '/api/iam/authn/refresh', {})).status).toBe(401);
    }
    expect((await as(m.browser, 'POST', '/api/iam/authn/refresh', {})).status).toBe(200);
  });
});

describe('logout and sessions', () => {
  it('logout always answers 200, clears the cookies and ends the refresh token', async () => {
    const m = await member();
    const refresh = m.browser.cookies.get(REFRESH_COOKIE)!;
    const out = await as(m.browser, 'POST', '/api/iam/authn/logout', { anything: 'goes' }, { noCsrf: true });
    expect(out.status).toBe(200);
    expect(m.browser.cookies.size).toBe(0);
    const b = newBrowser();
    b.cookies.set(REFRESH_COOKIE, refresh);
    expect((await as(b, 'POST', '/api/iam/authn/refresh', {})).status).toBe(401);
    expect((await call('POST', '/api/iam/authn/logout')).status).toBe(200);
  });

  it('isauthenticated tells a signed-in browser from a guest', async () => {
    const m = await member();
    expect((await as(m.browser, 'GET', '/api/iam/authn/isauthenticated')).data).toEqual({ loggedIn: true });
    expect((await call('GET', '/api/iam/authn/isauthenticated')).data).toEqual({ loggedIn: false });
  });

  it('lists sessions per device; revoking the others ends them at their next refresh', async () => {
    const m = await member();
    const phone = await logIn(m.email, m.password);
    const list = await as<{ id: string; current: boolean; device: string }[]>(m.browser, 'GET', '/api/iam/refresh-tokens');
    expect(list.data).toHaveLength(2);
    expect(list.data.filter((s) => s.current)).toHaveLength(1);
    const revoke = await as<{ revoked: number }>(m.browser, 'DELETE', '/api/iam/refresh-tokens', {});
    expect(revoke.data.revoked).toBe(1);
    expect((await as(phone.browser, 'POST', '/api/iam/authn/refresh', {})).status).toBe(401);
    expect((await as(m.browser, 'POST', '/api/iam/authn/refresh', {})).status).toBe(200);
  });

  it('revokes one session by id; another user\'s session id is 404 and stays live', async () => {
    const a = await member();
    const aPhone = await logIn(a.email, a.password);
    const b = await member();
    const aSessions = await as<{ id: string; current: boolean }[]>(a.browser, 'GET', '/api/iam/refresh-tokens');
    const phoneId = aSessions.data.find((s) => !s.current)!.id;
    const foreign = await as(b.browser, 'DELETE', `/api/iam/refresh-tokens/${phoneId}`, {});
    expect(foreign.status).toBe(404);
    expect((await as(aPhone.browser, 'POST', '/api/iam/authn/refresh', {})).status).toBe(200);
    expect((await as(a.browser, 'DELETE', `/api/iam/refresh-tokens/${phoneId}`, {})).status).toBe(200);
    expect((await as(aPhone.browser, 'POST', '/api/iam/authn/refresh', {})).status).toBe(401);
  });

  it('mutating calls need the session\'s csrf_token', async () => {
    const m = await member();
    expect((await as(m.browser, 'PUT', '/api/iam/authn/update', { bio: 'x' }, { noCsrf: true })).status).toBe(403);
    const wrong = await call('PUT', '/api/iam/authn/update', { body: { bio: 'x', csrf_token: 'nope' }, headers: { cookie: [...m.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(wrong.status).toBe(403);
    expect((await as(m.browser, 'PUT', '/api/iam/authn/update', { bio: 'Ferns and figs' })).status).toBe(200);
  });
});

describe('password reset', () => {
  it('a reset link sets a new password once, signs every session out, and the old password stops working', async () => {
    const m = await member();
    const unknown = await call('POST', '/api/iam/authn/reset', { body: { email: uniqueEmail('nobody') } });
    const known = await call('POST', '/api/iam/authn/reset', { body: { email: m.email } });
    expect(known.json).toEqual(unknown.json);
    const token = await linkToken(m.email, '/auth/reset');
    expect((await call('POST', '/api/iam/pwreset/verify', { body: { token } })).data).toEqual({ valid: true });
    expect((await call('POST', '/api/iam/authn/verifyreset', { body: { token } })).data).toEqual({ valid: true });
    const weak = await call('PUT', '/api/iam/pwreset/update', { body: { token, password: 'password123' } });
    expect(weak.json).toMatchObject({ error: { field: 'password' } });
    const ok = await call('PUT', '/api/iam/pwreset/update', { body: { token, password: 'New-leaf-2027' } });
    expect(ok.status).toBe(200);
    expect((await call('PUT', '/api/iam/pwreset/update', { body: { token, password: 'Other-leaf-2027' } })).status).toBe(400);
    expect((await as(m.browser, 'POST', '/api/iam/authn/refresh', {})).status).toBe(401);
    expect((await call('POST', '/api/iam/authn/login', { body: { email: m.email, password: m.password } })).status).toBe(401);
    await logIn(m.email, 'New-leaf-2027');
  });

  it('a reset of an account nobody verified yet takes it over as "I did not sign up" does: the profile set before is cleared; a verified one keeps its profile', async () => {
    const email = uniqueEmail('reset-victim');
    await signUp(email, 'Attackers-pass-2026');
    const attacker = await logIn(email, 'Attackers-pass-2026');
    expect((await as(attacker.browser, 'PUT', '/api/iam/authn/update', { first_name: 'Mallory', bio: 'mine' })).status).toBe(200);
    await call('POST', '/api/iam/authn/reset', { body: { email } });
    const token = await linkToken(email, '/auth/reset');
    expect((await call('PUT', '/api/iam/pwreset/update', { body: { token, password: 'Owners-own-pass-2026' } })).status).toBe(200);
    const stored = (await getItem(`user#${attacker.profile.uuid}`, 'profile'))!;
    expect(stored).toMatchObject({ emailVerified: true });
    expect(stored.firstName).toBeUndefined();
    expect(stored.bio).toBeUndefined();
    expect((await as(attacker.browser, 'POST', '/api/iam/authn/refresh', {})).status).toBe(401);

    const m = await member({ first_name: 'ada' });
    await call('POST', '/api/iam/authn/reset', { body: { email: m.email } });
    expect((await call('PUT', '/api/iam/pwreset/update', { body: { token: await linkToken(m.email, '/auth/reset'), password: 'New-leaf-2027' } })).status).toBe(200);
    expect(await getItem(`user#${m.profile.uuid}`, 'profile')).toMatchObject({ firstName: 'Ada', regState: 'complete' });
  });

  it('an expired reset link is refused', async () => {
    const m = await member();
    await call('POST', '/api/iam/authn/reset', { body: { email: m.email } });
    const token = await linkToken(m.email, '/auth/reset');
    await setAttributes(`token#${sha256(token)}`, 'token', { expiresAt: Math.floor(Date.now() / 1000) - 1 });
    expect((await call('POST', '/api/iam/pwreset/verify', { body: { token } })).status).toBe(400);
    expect((await call('PUT', '/api/iam/pwreset/update', { body: { token, password: 'New-leaf-2027' } })).status).toBe(400);
  });
});

describe('profile', () => {
  it('update changes names (title case) and location with its geohash; identity comes from the session', async () => {
    const m = await member();
    const res = await as<Profile>(m.browser, 'PUT', '/api/iam/authn/update', { first_name: 'grace', latitude: -37.8136, longitude: 144.9631, suburb_city: 'Melbourne', state: 'VIC' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ first_name: 'Grace', location: { latitude: -37.8136, longitude: 144.9631 }, suburb_city: 'Melbourne' });
    const stored = await getItem(`user#${m.profile.uuid}`, 'profile');
    expect(stored).toMatchObject({ geohash: expect.stringMatching(/^r1r0/), geo5pk: expect.stringMatching(/^user#r1r0/) });
    const spoof = await as(m.browser, 'PUT', '/api/iam/authn/update', { uuid: randomUUID(), first_name: 'Eve' });
    expect(spoof.status).toBe(400);
  });

  it('refuses a suspended member\'s changes of name, bio or avatar (403) and keeps the profile as it was', async () => {
    const m = await member();
    // Suspended after the access token was issued: the handler reads the account, not the token.
    await setAttributes(`user#${m.profile.uuid}`, 'profile', { suspended: true });
    for (const change of [{ first_name: 'Spammy' }, { last_name: 'Links' }, { bio: 'buy followers at example.com' }, { avatar: null }, { motivations: ['sell'] }]) {
      const res = await as(m.browser, 'PUT', '/api/iam/authn/update', change);
      expect(res.status, JSON.stringify(change)).toBe(403);
      expect(res.json).toMatchObject({ error: { message: 'Your account is suspended: your profile cannot be changed' } });
    }
    const stored = await getItem(`user#${m.profile.uuid}`, 'profile');
    expect(stored).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', motivations: ['swap'] });
    expect(stored!.bio).toBeUndefined();
  });

  it('refuses an avatar key that is not the user\'s own upload', async () => {
    const m = await member();
    const res = await as(m.browser, 'PUT', '/api/iam/authn/update', { avatar: `images/avatars/${randomUUID()}/${randomUUID()}.jpg` });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { field: 'avatar' } });
  });

  it('the user\'s partition holds the profile and the sessions, nothing public about the password', async () => {
    const m = await member();
    const items = await queryPartition(`user#${m.profile.uuid}`);
    expect(items.map((i) => String(i.sk).split('#')[0]).sort()).toEqual(['profile', 'session']);
    const profile = await as<Profile>(m.browser, 'GET', '/api/iam/authn/profile');
    expect(JSON.stringify(profile.data)).not.toMatch(/scrypt|passwordHash/);
  });
});
