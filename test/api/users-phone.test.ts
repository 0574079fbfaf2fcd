/** Phone verification: the SMS code, five tries, ten minutes, single use, and the order of the writes. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../shared/answers/auth';
import { as, logIn, signUp } from '../support/accounts';
import { call } from '../support/api';
import { getItem, queryPartition, setAttributes } from '../support/db';
import { outbox } from '../support/outbox';
import { lastSmsTo, registeredUser, type TestUser } from '../support/users';

const INIT = '/api/iam/authn/init-phone-and-check';
const CONFIRM = '/api/iam/authn/confirm-phone-and-record';

/** A fresh Australian mobile number, so that each test reads its own SMS. */
const newNumber = () => `+61 412 ${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
const e164 = (n: string) => n.replace(/\s/g, '');

async function start(u: TestUser, phoneNo = newNumber()): Promise<{ phoneNo: string; recordId: string; code: string }> {
  const res = await as<{ unverifiable: boolean; recordId: string }>(u.browser, 'POST', INIT, { phoneNo, userId: u.uuid });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(res.data.unverifiable).toBe(false);
  const text = (await lastSmsTo(e164(phoneNo))) ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  expect(code, text).toBeDefined();
  return { phoneNo, recordId: res.data.recordId, code: code! };
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const checkItem = (u: TestUser, recordId: string) => getItem(`user#${u.uuid}`, `phonecheck#${recordId}`);
const profileOf = async (u: TestUser) => (await as<Profile>(u.browser, 'GET', '/api/iam/authn/profile')).data;

describe('POST /api/iam/authn/init-phone-and-check', () => {
  it('texts a 6-digit code to the number and stores only its hash, for 10 minutes', async () => {
    const u = await registeredUser();
    const before = Math.floor(Date.now() / 1000);
    const { phoneNo, recordId, code } = await start(u);
    const sms = (await outbox()).filter((m) => m.channel === 'sms' && m.to === e164(phoneNo));
    expect(sms).toHaveLength(1);
    const item = await checkItem(u, recordId);
    expect(item).toMatchObject({ phone: e164(phoneNo), tries: 0 });
    expect(JSON.stringify(item)).not.toContain(code);
    expect(item!.expiresAt as number).toBeGreaterThanOrEqual(before + 600);
    expect(item!.expiresAt as number).toBeLessThanOrEqual(before + 602);
  });

  it('answers unverifiable with an empty recordId for a number that is not one, and texts nothing', async () => {
    const u = await registeredUser();
    for (const phoneNo of ['0412 345 678', '+61 4l2', '+0 412 345 678', 'call me']) {
      const res = await as(u.browser, 'POST', INIT, { phoneNo, userId: u.uuid });
      expect(res.status).toBe(200);
      expect(res.data).toEqual({ unverifiable: true, recordId: '' });
    }
    expect((await queryPartition(`user#${u.uuid}`)).filter((i) => String(i.sk).startsWith('phonecheck#'))).toEqual([]);
  });

  it('answers 403 for another user\'s userId, and texts nothing', async () => {
    const a = await registeredUser();
    const b = await registeredUser();
    const phoneNo = newNumber();
    const res = await as(b.browser, 'POST', INIT, { phoneNo, userId: a.uuid });
    expect(res.status).toBe(403);
    expect(await lastSmsTo(e164(phoneNo))).toBeUndefined();
  });

  it('answers 403 until the account\'s e-mail is verified, and texts nothing', async () => {
    const { email, password } = await signUp();
    const m = await logIn(email, password);
    const phoneNo = newNumber();
    const res = await as(m.browser, 'POST', INIT, { phoneNo, userId: m.profile.uuid });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: { code: 'email_unverified', message: expect.stringMatching(/verify your e-mail/i) } });
    expect(await lastSmsTo(e164(phoneNo))).toBeUndefined();
    expect((await queryPartition(`user#${m.profile.uuid}`)).filter((i) => String(i.sk).startsWith('phonecheck#'))).toEqual([]);
  });

  it('refuses a missing or malformed field with 400 naming it', async () => {
    const u = await registeredUser();
    expect((await as(u.browser, 'POST', INIT, { userId: u.uuid })).json).toMatchObject({ error: { field: 'phoneNo', message: 'phoneNo is required' } });
    expect((await as(u.browser, 'POST', INIT, { phoneNo: newNumber(), userId: 'me' })).json).toMatchObject({ error: { field: 'userId' } });
  });

  it('limits the texts a user can ask for (5 an hour) with 429 and Retry-After', async () => {
    const u = await registeredUser();
    for (let i = 0; i < 5; i++) await start(u);
    const phoneNo = newNumber();
    const res = await as(u.browser, 'POST', INIT, { phoneNo, userId: u.uuid });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await lastSmsTo(e164(phoneNo))).toBeUndefined();
  });

  it('answers 401 to a session that was signed out, though its access token is unexpired', async () => {
    const u = await registeredUser();
    const cookie = u.cookie;
    const csrf = u.csrf;
    await as(u.browser, 'POST', '/api/iam/authn/logout', {});
    const res = await call('POST', INIT, { headers: { cookie }, body: { phoneNo: newNumber(), userId: u.uuid, csrf_token: csrf } });
    expect(res.status).toBe(401);
  });
});

describe('PUT /api/iam/authn/confirm-phone-and-record', () => {
  it('verifies the phone on the account with the right code, then records the confirmation; the code works once', async () => {
    const u = await registeredUser();
    const { phoneNo, recordId, code } = await start(u);
    expect((await profileOf(u)).phone_verified).toBe(false);
    const res = await as(u.browser, 'PUT', CONFIRM, { phoneNo, userId: u.uuid, recordId, code });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.data).toEqual({ phone_verified: true });
    expect((await profileOf(u)).phone_verified).toBe(true);
    expect(await getItem(`user#${u.uuid}`, 'profile')).toMatchObject({ phone: e164(phoneNo), phoneVerified: true });
    expect(await checkItem(u, recordId)).toMatchObject({ confirmedAt: expect.any(String) });

    const again = await as(u.browser, 'PUT', CONFIRM, { phoneNo, userId: u.uuid, recordId, code });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ error: { field: 'code' } });
  });

  it('counts wrong codes, and after five refuses even the right one', async () => {
    const u = await registeredUser();
    const { phoneNo, recordId, code } = await start(u);
    for (let i = 1; i <= 5; i++) {
      const res = await as(u.browser, 'PUT', CONFIRM, { phoneNo, userId: u.uuid, recordId, code: wrong(code) });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ error: { field: 'code' } });
      expect(await checkItem(u, recordId)).toMatchObject({ tries: i });
    }
    const locked = await as(u.browser, 'PUT', CONFIRM, { phoneNo, userId: u.uuid, recordId, code });
    expect(locked.status).toBe(403);
    expect(locked.json).toMatchObject({ error: { code: 'code_locked' } });
    expect((await profileOf(u)).phone_verified).toBe(false);
  });

  it('never lets parallel guesses exceed five tries', async () => {
    const u = await registeredUser();
    const { phoneNo, recordId, code } = await start(u);
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((g) => as(u.browser, 'PUT', CONFIRM, { phoneNo, userId: u.uuid, recordId, code: g })));
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(7);
    expect(await checkItem(u, recordId)).toMatchObject({ tries: 5 });
  });

  it('refuses an expired code', async () => {
    const u = await registeredUser();
    const { phoneNo, recordId, code } = await start(u);
    await setAttributes(`user#${u.uuid}`, `phonecheck#${recordId}`, { expiresAt: Math.floor(Date.now() / 1000) - 1 });
    const res = await as(u.browser, 'PUT', CONFIRM, { phoneNo, userId: u.uuid, recordId, code });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { code: 'code_expired', field: 'code' } });
    expect((await profileOf(u)).phone_verified).toBe(false);
  });

  it('refuses another number than the one texted, an unknown record, and another user\'s record', async () => {
    const a = await registeredUser();
    const { phoneNo, recordId, code } = await start(a);
    const other = await as(a.browser, 'PUT', CONFIRM, { phoneNo: newNumber(), userId: a.uuid, recordId, code });
    expect(other.status).toBe(400);
    expect(other.json).toMatchObject({ error: { field: 'phoneNo' } });
    const unknown = await as(a.browser, 'PUT', CONFIRM, { phoneNo, userId: a.uuid, recordId: randomUUID(), code });
    expect(unknown.status).toBe(404);

    const b = await registeredUser();
    expect((await as(b.browser, 'PUT', CONFIRM, { phoneNo, userId: a.uuid, recordId, code })).status).toBe(403);
    expect((await as(b.browser, 'PUT', CONFIRM, { phoneNo, userId: b.uuid, recordId, code })).status).toBe(404);
    expect(await checkItem(a, recordId)).toMatchObject({ tries: 0 });
    expect(await checkItem(a, recordId)).not.toHaveProperty('confirmedAt');
  });

  it('refuses a code that is not 6 digits with 400 naming code, without counting a try', async () => {
    const u = await registeredUser();
    const { phoneNo, recordId } = await start(u);
    const res = await as(u.browser, 'PUT', CONFIRM, { phoneNo, userId: u.uuid, recordId, code: '12345' });
    expect(res.json).toMatchObject({ error: { field: 'code', message: 'code must be the 6-digit code' } });
    expect(await checkItem(u, recordId)).toMatchObject({ tries: 0 });
  });
});
