/**
 * What an unverified sign-up, a suspended member and a session that has ended may still do on the
 * routes that hold storage, text messages or mint a fresh access token.
 */
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../shared/schemas/identity';
import { ACCESS_COOKIE } from '../../shared/constants';
import { as, linkToken, logIn, registration, signUp, verifyEmail } from '../support/accounts';
import { getItem, setAttributes } from '../support/db';
import { registeredUser } from '../support/users';

describe('an unverified sign-up', () => {
  it('gets no avatar upload URL (403)', async () => {
    const { email, password } = await signUp();
    const m = await logIn(email, password);
    const res = await as(m.browser, 'POST', '/api/iam/images/avatar-upload', { contentType: 'image/png', size: 1000 });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: { message: 'Verify your e-mail address before adding a photo' } });
  });
});

describe('a suspended member', () => {
  it('cannot ask for a phone code (403): no text is sent', async () => {
    const u = await registeredUser();
    await setAttributes(`user#${u.uuid}`, 'profile', { suspended: true });
    const res = await as(u.browser, 'POST', '/api/iam/authn/init-phone-and-check', { userId: u.uuid, phoneNo: '+61412345678' });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: { message: 'Your account is suspended: your phone number cannot be changed' } });
  });

  it('cannot complete a registration (403)', async () => {
    const { email, password } = await signUp();
    await verifyEmail(email, password);
    const m = await logIn(email, password);
    await setAttributes(`user#${m.profile.uuid}`, 'profile', { suspended: true });
    const res = await as(m.browser, 'POST', '/api/iam/authn/register', registration());
    expect(res.status).toBe(403);
    expect(await getItem(`user#${m.profile.uuid}`, 'profile')).toMatchObject({ regState: 'incomplete' });
  });
});

describe('a session that has ended', () => {
  it('gets no fresh access token from register: 401, and the registration is not made', async () => {
    const { email, password } = await signUp();
    await verifyEmail(email, password);
    const m = await logIn(email, password);
    const ended = { cookies: new Map(m.browser.cookies), csrf: m.browser.csrf! };
    expect((await as(m.browser, 'POST', '/api/iam/authn/logout', {})).status).toBe(200);
    const res = await as<Profile>(ended, 'POST', '/api/iam/authn/register', registration());
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${ACCESS_COOKIE}=`) && !/max-age=0/i.test(c))).toBe(false);
    expect(await getItem(`user#${m.profile.uuid}`, 'profile')).toMatchObject({ regState: 'incomplete' });
  });

  it('cannot verify with the link alone: 400 naming password, no access token, and the address stays unverified', async () => {
    const { email, password } = await signUp();
    const m = await logIn(email, password);
    const ended = { cookies: new Map(m.browser.cookies), csrf: m.browser.csrf! };
    expect((await as(m.browser, 'POST', '/api/iam/authn/logout', {})).status).toBe(200);
    const res = await as(ended, 'POST', '/api/iam/authn/verifyemailtoken', { token: await linkToken(email, '/auth/verifyemail') });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { field: 'password' } });
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${ACCESS_COOKIE}=`))).toBe(false);
    expect(await getItem(`user#${m.profile.uuid}`, 'profile')).toMatchObject({ emailVerified: false });
  });

  it('a live session of the same account verifies with the link alone and gets a fresh access token', async () => {
    const { email, password } = await signUp();
    const m = await logIn(email, password);
    const res = await as<Profile>(m.browser, 'POST', '/api/iam/authn/verifyemailtoken', { token: await linkToken(email, '/auth/verifyemail') });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ uuid: m.profile.uuid, email_verified: true, csrf_token: m.browser.csrf });
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${ACCESS_COOKIE}=`))).toBe(true);
    expect(await getItem(`user#${m.profile.uuid}`, 'profile')).toMatchObject({ emailVerified: true });
    // The session carries on: registration needs no second sign-in.
    expect((await as(m.browser, 'POST', '/api/iam/authn/register', registration())).status).toBe(200);
  });
});
