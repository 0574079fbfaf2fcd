/**
 * Abuse of the identity routes, at the real default limits, on a host of this file's own: the
 * site's daily SMS budget and country allow-list (site settings, which would disturb the shared
 * host), IP limits counted per IPv6 /64, and reset / verification requests doing the same work
 * whether or not the address has an account (DynamoDB calls counted by an SDK middleware).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startHost, type Host } from '../../infra/local/host';
import { DEFAULT_LIMITS } from '../../functions/lib/rate-limit';
import type { OutboxEntry } from '../../functions/lib/outbound/outbox';
import { clearOfWindowEnd } from '../support/windows';

let host: Host;
let dataDir: string;
const savedEnv = { ...process.env };

beforeAll(async () => {
  mkdirSync(join(REPO_ROOT, '.tmp'), { recursive: true });
  dataDir = mkdtempSync(join(REPO_ROOT, '.tmp', 'abuse-'));
  for (const name of Object.keys(DEFAULT_LIMITS)) delete process.env[`RATE_LIMIT_${name}`];
  // Count this process's DynamoDB calls: the handlers run here, behind this file's host.
  process.env.DDB_METRICS = 'true';
  host = await startHost({ dataDir, inMemory: true, seed: false, scheduledJobs: false, env: { SCRYPT_LOG_N: '12', LOG_LEVEL: 'CRITICAL', DDB_METRICS: 'true' } });
}, 120_000);
afterAll(async () => {
  await host?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  for (const k of Object.keys(process.env)) if (!(k in savedEnv)) delete process.env[k];
  Object.assign(process.env, savedEnv);
});

interface Answer {
  status: number;
  headers: Headers;
  json: { data?: unknown; error?: { code: string; message: string; field?: string } };
}

async function api(method: string, path: string, body: object, m?: Member): Promise<Answer> {
  const res = await fetch(host.url + path, {
    method,
    headers: { 'client-platform': 'browser', 'content-type': 'application/json', ...(m ? { cookie: m.cookie } : {}) },
    body: JSON.stringify(m ? { csrf_token: m.csrf, ...body } : body),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Answer['json'] };
}

function outbox(): OutboxEntry[] {
  try {
    return readFileSync(join(host.outboxDir, 'outbox.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as OutboxEntry);
  } catch {
    return [];
  }
}
const smsCount = () => outbox().filter((e) => e.channel === 'sms').length;

interface Member {
  userId: string;
  email: string;
  cookie: string;
  csrf: string;
}

/** An account of this file's host, made in-process, with a fresh session's cookies and csrf token. */
async function account(opts: { verified?: boolean; admin?: boolean; passwordHash?: string } = {}): Promise<Member> {
  const { createAccount, saveUser } = await import('../../functions/users/users');
  const { startSession } = await import('../../functions/auth/sessions');
  const email = `abuse-${randomUUID().slice(0, 8)}@example.com`;
  const created = await createAccount(email, opts.passwordHash ?? 'not-a-real-hash');
  const user = await saveUser({ ...created!, emailVerified: opts.verified ?? true, ...(opts.admin ? { role: 'admin' as const } : {}) });
  const issued = await startSession(user, 'identity abuse test');
  return { userId: user.uuid, email, cookie: issued.cookies.map((c) => c.split(';')[0]).join('; '), csrf: issued.session.csrfToken };
}

let adminMember: Promise<Member> | undefined;
const admin = () => (adminMember ??= account({ admin: true }));
const setSetting = async (name: string, value: string, dataType = 'string') =>
  api('PUT', '/api/iam/admin/update/site-setting', { name, value, dataType, isPublic: false }, await admin());

const INIT = '/api/iam/authn/init-phone-and-check';
let numberSeq = Math.floor(Math.random() * 400_000);
/** A fresh Australian mobile number (E.164) for every text. */
const auNumber = () => `+61412${String(numberSeq++).padStart(6, '0')}`;
const askCode = (m: Member, phoneNo: string) => api('POST', INIT, { phoneNo, userId: m.userId }, m);

describe('the site\'s daily SMS budget', () => {
  it('texts at most 500 numbers a UTC day by default, counted atomically; past it 503 with a clear message, and nothing is sent', async () => {
    const budget = 500;
    expect(smsCount()).toBe(0);
    // Today's count as if 490 texts had gone out already (sending them would take minutes here).
    const { db } = await import('../../functions/db/service');
    const now = Math.floor(Date.now() / 1000);
    const dayStart = now - (now % 86_400);
    await db().entities.rateLimit.put({ key: 'DAY#SMS_SITE', windowStart: dayStart, count: budget - 10, expiresAt: dayStart + 86_400 }).go();
    // 20 asks at once from 4 members (each within its own 5 an hour), for 10 texts left.
    const members = await Promise.all(Array.from({ length: 4 }, () => account()));
    const answers = await Promise.all(members.flatMap((m) => Array.from({ length: DEFAULT_LIMITS.SMS_USER.max }, () => askCode(m, auNumber()))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.status)).toEqual(Array(10).fill(503));
    expect(smsCount()).toBe(10);
    const refused = answers.find((a) => a.status === 503)!;
    expect(refused.json.error).toMatchObject({ code: 'sms_budget_exhausted', message: expect.stringMatching(/text messages.*today/i) });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(dayStart + 86_400 - now);
    expect(await db().entities.rateLimit.get({ key: 'DAY#SMS_SITE', windowStart: dayStart }).go()).toMatchObject({ data: { count: budget } });
  });

  it('follows sms_daily_budget when an admin sets it: raising it allows exactly the difference', async () => {
    expect((await setSetting('sms_daily_budget', '502', 'number')).status).toBe(200);
    const sent = smsCount();
    const m = await account();
    expect((await askCode(m, auNumber())).status).toBe(200);
    expect((await askCode(m, auNumber())).status).toBe(200);
    expect((await askCode(m, auNumber())).status).toBe(503);
    expect(smsCount()).toBe(sent + 2);
    expect((await setSetting('sms_daily_budget', '100000', 'number')).status).toBe(200);
    expect((await askCode(m, auNumber())).status).toBe(200);
  });

  it('refuses a budget that is not a whole number of texts, naming the field, and keeps the old one', async () => {
    for (const [value, dataType, field] of [['lots', 'number', 'value'], ['-5', 'number', 'value'], ['2.5', 'number', 'value'], ['500', 'string', 'dataType'], ['true', 'boolean', 'dataType']] as const) {
      const res = await setSetting('sms_daily_budget', value, dataType);
      expect(res.status, `${value} as ${dataType}`).toBe(400);
      expect(res.json.error).toMatchObject({ field, message: expect.stringContaining(field) });
    }
    const m = await account();
    expect((await askCode(m, auNumber())).status).toBe(200);
  });
});

describe('the SMS country allow-list (sms_allowed_countries)', () => {
  const FRENCH = '+33 6 12 34 56 78';

  it('texts any country while unset; once set, a number from elsewhere is refused with 400 naming phoneNo, and nothing is sent', async () => {
    const m = await account();
    expect((await askCode(m, FRENCH)).status).toBe(200);
    expect((await setSetting('sms_allowed_countries', 'au, NZ')).status).toBe(200);
    const sent = smsCount();
    const refused = await askCode(m, '+33 6 12 34 56 79');
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ field: 'phoneNo', message: expect.stringMatching(/^phoneNo .*FR/) });
    expect(smsCount()).toBe(sent);
    expect((await askCode(m, auNumber())).status).toBe(200);
    expect((await askCode(m, '+64 21 123 4567')).status).toBe(200);
    // Cleared: every country again.
    expect((await setSetting('sms_allowed_countries', '')).status).toBe(200);
    const n = await account();
    expect((await askCode(n, '+33 6 12 34 56 79')).status).toBe(200);
  });

  it('refuses a list that is not ISO country codes, naming the field, and keeps the old list', async () => {
    for (const value of ['Australia', 'AU;NZ', 'AU,,NZ', 'ZZ', 'AUS']) {
      const res = await setSetting('sms_allowed_countries', value);
      expect(res.status, value).toBe(400);
      expect(res.json.error).toMatchObject({ field: 'value', message: expect.stringContaining('value') });
    }
    const m = await account();
    expect((await askCode(m, '+33 6 12 34 56 70')).status).toBe(200);
  });
});

const HANDLERS: Record<string, () => Promise<unknown>> = {
  'auth/handlers/signup': () => import('../../functions/auth/handlers/signup'),
  'auth/handlers/login': () => import('../../functions/auth/handlers/login'),
};

/**
 * The Lambda as API Gateway invokes it behind CloudFront: the client's address comes in
 * CloudFront-Viewer-Address (IPv6 without brackets, then the port).
 */
async function viaCloudFront(path: string, body: object, viewerIp: string): Promise<number> {
  const { routes } = await import('../../functions/routes');
  const { wrap } = await import('../../functions/lib/wrap');
  const route = routes.find((r) => r.path === path && r.method === 'POST')!;
  const mod = (await HANDLERS[route.handler]!()) as { main: never };
  const secret = 'test-origin-secret';
  process.env.ORIGIN_SECRET = secret;
  try {
    const { unverifiedSessionIsLive } = await import('../../functions/lib/session/live');
    const result = await wrap(route, mod.main, { liveSession: unverifiedSessionIsLive })(
      {
        version: '2.0',
        routeKey: `POST ${path}`,
        rawPath: path,
        rawQueryString: '',
        headers: { 'client-platform': 'browser', 'content-type': 'application/json', 'x-origin-verify': secret, 'cloudfront-viewer-address': `${viewerIp}:51234` },
        requestContext: {
          accountId: 'test', apiId: 'test', domainName: 'example.com', domainPrefix: 'example', requestId: randomUUID(), routeKey: `POST ${path}`, stage: '$default', time: new Date().toUTCString(), timeEpoch: Date.now(),
          http: { method: 'POST', path, protocol: 'HTTP/1.1', sourceIp: '198.51.100.1', userAgent: 'test' },
        },
        body: JSON.stringify(body),
        isBase64Encoded: false,
      },
      { getRemainingTimeInMillis: () => 10_000, awsRequestId: randomUUID(), functionName: 'test' } as unknown as Context,
    );
    return result.statusCode;
  } finally {
    delete process.env.ORIGIN_SECRET;
  }
}

describe('IP limits over IPv6 count the /64', { timeout: 120_000 }, () => {
  it(`signup: ${DEFAULT_LIMITS.SIGNUP_IP.max} per 30 min from one /64, whichever addresses in it, compressed or not`, async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
    const forms = (i: number) => (i % 2 ? `${prefix}::${(i + 1).toString(16)}` : `${prefix.split(':').map((g) => g.padStart(4, '0')).join(':')}:0000:0000:abcd:${(i + 1).toString(16).padStart(4, '0')}`);
    const signup = (ip: string) => viaCloudFront('/api/iam/authn/signup', { email: `v6-${randomUUID().slice(0, 8)}@example.com`, password: 'Green-thumb-2026' }, ip);
    clearOfWindowEnd(DEFAULT_LIMITS.SIGNUP_IP.seconds, 30);
    for (let i = 0; i < DEFAULT_LIMITS.SIGNUP_IP.max; i++) expect(await signup(forms(i)), `attempt ${i + 1} from ${forms(i)}`).toBe(200);
    expect(await signup(`${prefix}:ffff:ffff:ffff:ffff`)).toBe(429);
    // The next /64 is someone else.
    expect(await signup(`${prefix.replace(/:1$/, ':2')}::1`)).toBe(200);
  });

  it(`login: ${DEFAULT_LIMITS.LOGIN_IP.max} per 5 min from one /64`, async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    const login = (ip: string) => viaCloudFront('/api/iam/authn/login', { email: `nobody-${randomUUID().slice(0, 8)}@example.com`, password: 'Wrong-pass-1' }, ip);
    clearOfWindowEnd(DEFAULT_LIMITS.LOGIN_IP.seconds, 45);
    for (let i = 0; i < DEFAULT_LIMITS.LOGIN_IP.max; i++) expect(await login(`${prefix}::${(i + 1).toString(16)}`)).toBe(401);
    expect(await login(`${prefix}:1:2:3:4`)).toBe(429);
  });
});

describe('reset and verification requests do the same work for any address', () => {
  async function workOf(path: string, email: string): Promise<{ ops: Record<string, number>; mails: number; toAddress: number }> {
    const { ddbMetrics, resetDdbMetrics } = await import('../../functions/db/metrics');
    const before = outbox().length;
    const toBefore = outbox().filter((e) => e.to === email).length;
    resetDdbMetrics();
    const res = await api('POST', path, { email });
    const ops = { ...ddbMetrics().byOperation };
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'success', data: { sent: true } });
    return { ops, mails: outbox().length - before, toAddress: outbox().filter((e) => e.to === email).length - toBefore };
  }

  it('POST /api/iam/authn/reset: the same DynamoDB calls by kind and one mail handed off, known address or not', async () => {
    await workOf('/api/iam/authn/reset', 'warm-up@example.com');
    const known = await account();
    const k = await workOf('/api/iam/authn/reset', known.email);
    const u = await workOf('/api/iam/authn/reset', `nobody-${randomUUID().slice(0, 8)}@example.com`);
    expect(k.ops.PutItem).toBe(1); // the reset token
    expect(u.ops).toEqual(k.ops);
    expect(k.toAddress).toBe(1);
    expect(u.toAddress).toBe(0); // an unknown address is never mailed
    expect(u.mails).toBe(k.mails);
  });

  it('POST /api/iam/authn/verifyemail: the same work for an unverified, a verified and an unknown address', async () => {
    await workOf('/api/iam/authn/verifyemail', 'warm-up@example.com');
    const unverified = await account({ verified: false });
    const verified = await account({ verified: true });
    const a = await workOf('/api/iam/authn/verifyemail', unverified.email);
    const b = await workOf('/api/iam/authn/verifyemail', verified.email);
    const c = await workOf('/api/iam/authn/verifyemail', `nobody-${randomUUID().slice(0, 8)}@example.com`);
    expect(a.ops.PutItem).toBe(1); // the verification token
    expect(b.ops).toEqual(a.ops);
    expect(c.ops).toEqual(a.ops);
    expect([a.toAddress, b.toAddress, c.toAddress]).toEqual([1, 0, 0]);
    expect([b.mails, c.mails]).toEqual([a.mails, a.mails]);
  });
});
