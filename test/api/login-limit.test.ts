/**
 * The per-account login limit at its real default (RATE_LIMIT_LOGIN_ACCOUNT), on a host of this
 * file's own (the shared test host raises it): wrong passwords for one account from many
 * addresses, each address within its own limits. Each test speaks from loopback addresses of its
 * own, so that per-IP windows do not mix.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../functions/lib/rate-limit';
import type { OutboxEntry } from '../../functions/lib/outbound/outbox';
import { withOwnHost } from '../support/own-host';
import { clearOfWindowEnd } from '../support/windows';

const own = withOwnHost('login-limit-');

interface Answer {
  status: number;
  retryAfter: number | undefined;
  body: string;
}

function send(method: string, path: string, body: unknown, from: string): Promise<Answer> {
  const url = new URL(own.host.url + path);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: url.port, path: url.pathname, method, localAddress: from, headers: { 'client-platform': 'browser', 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] ? Number(res.headers['retry-after']) : undefined, body: text }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const login = (email: string, password: string, from: string) => send('POST', '/api/iam/authn/login', { email, password }, from);

function outbox(): OutboxEntry[] {
  try {
    return readFileSync(join(own.host.outboxDir, 'outbox.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as OutboxEntry);
  } catch {
    return [];
  }
}

const RIGHT = 'Right-pass-2026';
const WRONG = 'Wrong-pass-1';

async function account(): Promise<{ uuid: string; email: string }> {
  const { createAccount } = await import('../../functions/users/users');
  const { hashPassword } = await import('../../functions/auth/passwords');
  const email = `target-${randomUUID().slice(0, 8)}@example.com`;
  const user = await createAccount(email, await hashPassword(RIGHT));
  return { uuid: user!.uuid, email };
}

/** As if the account's current wait had passed (waiting it out would take minutes here). */
async function waitOver(userId: string): Promise<void> {
  const { db } = await import('../../functions/db/service');
  const { seconds } = DEFAULT_LIMITS.LOGIN_ACCOUNT;
  const now = Math.floor(Date.now() / 1000);
  await db().entities.rateLimit.patch({ key: `LOGIN_ACCOUNT#${userId}`, windowStart: now - (now % seconds) }).set({ lockedUntil: now - 1 }).go();
}

/** `n` wrong tries, a few at a time (below the limit, parallel tries count as sequential ones do). */
async function failures(n: number, attempt: (i: number) => Promise<Answer>): Promise<void> {
  for (let i = 0; i < n; i += 4) {
    const batch = await Promise.all(Array.from({ length: Math.min(4, n - i) }, (_, j) => attempt(i + j)));
    expect(batch.map((a) => a.status)).toEqual(batch.map(() => 401));
  }
}

/** A distinct loopback address per try, so the per-IP limits never answer first. */
let block = 10 + Math.floor(Math.random() * 100);
const addresses = () => {
  const b = block++;
  return (i: number) => `127.${b}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
};

describe('the per-account login limit (default)', { timeout: 400_000 }, () => {
  it(`from the ${DEFAULT_LIMITS.LOGIN_ACCOUNT.max}th wrong password of an account in an hour, from any addresses: 429, a wait doubling up to 15 minutes, and one e-mail to the owner naming the addresses`, async () => {
    expect(DEFAULT_LIMITS.LOGIN_ACCOUNT).toEqual({ max: 30, seconds: 3600 });
    expect(DEFAULT_LIMITS.LOGIN_ACCOUNT.max).toBeGreaterThan(DEFAULT_LIMITS.LOGIN_EMAIL.max);
    const { max } = DEFAULT_LIMITS.LOGIN_ACCOUNT;
    const target = await account();
    const from = addresses();
    clearOfWindowEnd(DEFAULT_LIMITS.LOGIN_ACCOUNT.seconds, 120);
    await failures(max - 1, (i) => login(target.email, WRONG, from(i)));
    const slowed = await login(target.email, WRONG, from(max - 1));
    expect(slowed.status).toBe(429);
    expect(slowed.retryAfter).toBe(15);
    // While it lasts, even the right password is not checked.
    const waiting = await login(target.email, RIGHT, from(max));
    expect(waiting.status).toBe(429);
    expect(waiting.retryAfter).toBeGreaterThan(0);
    expect(waiting.retryAfter).toBeLessThanOrEqual(15);

    const notices = () => outbox().filter((m) => m.to === target.email && m.subject === 'Many wrong passwords for your Leafline account');
    expect(notices()).toHaveLength(1);
    const text = notices()[0]!.text;
    for (let i = 0; i < max; i++) expect(text).toContain(from(i));
    expect(text).toContain('/auth/reset');

    // Each further failure doubles the wait, up to 15 minutes; the notice is not sent again.
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      await waitOver(target.uuid);
      const res = await login(target.email, WRONG, from(max + 1 + i));
      expect(res.status).toBe(429);
      waits.push(res.retryAfter!);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);
    expect(notices()).toHaveLength(1);

    // Once the wait is over, the owner's right password works.
    await waitOver(target.uuid);
    expect((await login(target.email, RIGHT, from(100))).status).toBe(200);
  });

  it('parallel tries cannot outrun the count: exactly the limit\'s tries are checked, the rest answer 429', async () => {
    const { max } = DEFAULT_LIMITS.LOGIN_ACCOUNT;
    const target = await account();
    const from = addresses();
    clearOfWindowEnd(DEFAULT_LIMITS.LOGIN_ACCOUNT.seconds, 120);
    const answers = await Promise.all(Array.from({ length: max + 10 }, (_, i) => login(target.email, WRONG, from(i))));
    expect(answers.filter((a) => a.status === 401)).toHaveLength(max - 1);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(11);
  });

  it('a password reset always works and clears the limit', async () => {
    const { max } = DEFAULT_LIMITS.LOGIN_ACCOUNT;
    const target = await account();
    const from = addresses();
    clearOfWindowEnd(DEFAULT_LIMITS.LOGIN_ACCOUNT.seconds, 120);
    await failures(max - 1, (i) => login(target.email, WRONG, from(i)));
    expect((await login(target.email, WRONG, from(max))).status).toBe(429);

    expect((await send('POST', '/api/iam/authn/reset', { email: target.email }, from(max + 1))).status).toBe(200);
    const mail = outbox().filter((m) => m.to === target.email && m.text.includes('/auth/reset?token=')).at(-1);
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    expect((await send('PUT', '/api/iam/pwreset/update', { token, password: 'Brand-new-pass-2026' }, from(max + 2))).status).toBe(200);
    // At once, and the count starts afresh: a wrong password is a plain 401 again.
    expect((await login(target.email, 'Brand-new-pass-2026', from(max + 3))).status).toBe(200);
    expect((await login(target.email, WRONG, from(max + 4))).status).toBe(401);
  });

  it('an unknown address answers alike: 429 from the same try', async () => {
    const { max } = DEFAULT_LIMITS.LOGIN_ACCOUNT;
    const email = `nobody-${randomUUID().slice(0, 8)}@example.com`;
    const from = addresses();
    clearOfWindowEnd(DEFAULT_LIMITS.LOGIN_ACCOUNT.seconds, 120);
    await failures(max - 1, (i) => login(email, WRONG, from(i)));
    const slowed = await login(email, WRONG, from(max - 1));
    expect(slowed.status).toBe(429);
    expect(slowed.retryAfter).toBe(15);
  });
});
