/**
 * Real accounts for API tests, made the way a person makes one: sign up, open the link from the
 * outbox with the password (which signs in), register. Cookies are carried by hand, as a browser would.
 */
import { randomUUID } from 'node:crypto';
import { expect, vi } from 'vitest';
import type { Profile } from '../../shared/answers/auth';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../shared/constants';
import { call, type CallResult, type TestSession } from './api';
import { outbox } from './outbox';

export interface Browser {
  cookies: Map<string, string>;
  csrf?: string;
}

export function newBrowser(): Browser {
  return { cookies: new Map() };
}

export function cookieHeader(b: Browser): string {
  return [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** Applies Set-Cookie headers to the browser's jar (Max-Age=0 removes). */
export function absorb(b: Browser, res: { headers: Headers }): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const idx = pair!.indexOf('=');
    const name = pair!.slice(0, idx);
    const value = pair!.slice(idx + 1);
    if (/max-age=0/i.test(line) || value === '') b.cookies.delete(name);
    else b.cookies.set(name, value);
  }
}

/** A call made by this browser: its cookies, its csrf_token on mutating calls. */
export async function as<T = unknown>(b: Browser, method: string, path: string, body?: unknown, extra: { noCsrf?: boolean } = {}): Promise<CallResult<T>> {
  const withCsrf = method !== 'GET' && b.csrf && !extra.noCsrf ? { csrf_token: b.csrf, ...(body as object) } : body;
  const res = await call<T>(method, path, { body: withCsrf, headers: b.cookies.size ? { cookie: cookieHeader(b) } : {} });
  absorb(b, res);
  return res;
}

export function uniqueEmail(prefix = 'member'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** The token of the newest e-mailed link of this kind sent to `to`. */
export async function linkToken(to: string, path: '/auth/verifyemail' | '/auth/reset'): Promise<string> {
  // The outbox is one file that every test host appends to: read again until it is there, for 2 s at most.
  const last = await vi.waitFor(
    async () => {
      const mail = (await outbox()).filter((m) => m.to === to && m.text.includes(`${path}?token=`)).at(-1);
      expect(mail, `an e-mail with ${path} to ${to}`).toBeDefined();
      return mail!;
    },
    { timeout: 2000, interval: 25 },
  );
  return /token=([A-Za-z0-9_-]{43})/.exec(last.text)![1]!;
}

export interface Member {
  email: string;
  password: string;
  browser: Browser;
  profile: Profile;
}

export async function signUp(email = uniqueEmail(), password = 'Green-thumb-2026'): Promise<{ email: string; password: string }> {
  const res = await call('POST', '/api/iam/authn/signup', { body: { email, password } });
  expect(res.status).toBe(200);
  return { email, password };
}

/** Opens the e-mailed link and proves the password chosen at sign-up with it: verified and signed in, as a login. */
export async function verifyEmail(email: string, password: string, b = newBrowser()): Promise<Member> {
  const res = await as<Profile>(b, 'POST', '/api/iam/authn/verifyemailtoken', { token: await linkToken(email, '/auth/verifyemail'), password });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  b.csrf = res.data.csrf_token;
  expect(b.cookies.has(ACCESS_COOKIE) && b.cookies.has(REFRESH_COOKIE)).toBe(true);
  return { email, password, browser: b, profile: res.data };
}

export async function logIn(email: string, password: string, b = newBrowser()): Promise<Member> {
  const res = await as<Profile>(b, 'POST', '/api/iam/authn/login', { email, password });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  b.csrf = res.data.csrf_token;
  expect(b.cookies.has(ACCESS_COOKIE) && b.cookies.has(REFRESH_COOKIE)).toBe(true);
  return { email, password, browser: b, profile: res.data };
}

export function registration(over: Record<string, unknown> = {}) {
  return {
    username: `fern_${randomUUID().replace(/-/g, '').slice(0, 10)}`,
    first_name: 'ada',
    last_name: 'lovelace',
    motivations: ['swap'],
    suburb_city: 'Newtown',
    state: 'NSW',
    country: 'Australia',
    latitude: -33.8978,
    longitude: 151.1785,
    ...over,
  };
}

/** Signed up, verified (which signs in), registered. */
export async function member(over: Record<string, unknown> = {}, email = uniqueEmail()): Promise<Member> {
  const { password } = await signUp(email);
  const m = await verifyEmail(email, password);
  const reg = await as<Profile>(m.browser, 'POST', '/api/iam/authn/register', registration(over));
  expect(reg.status, JSON.stringify(reg.json)).toBe(200);
  m.profile = reg.data;
  return m;
}

/** The member's session as the security suite's helpers expect it. */
export function asTestSession(m: Member): Pick<TestSession, 'cookie' | 'csrfToken'> {
  return { cookie: cookieHeader(m.browser), csrfToken: m.browser.csrf! };
}
