/**
 * Users for the user, settings and admin tests, made as a person makes them (test/support/accounts.ts:
 * sign up, open the e-mailed link with the password, register), plus the configured admin.
 */
import { expect, vi } from 'vitest';
import type { Profile } from '../../shared/answers/auth';
import { cookieHeader, logIn, member, signUp, uniqueEmail, verifyEmail, type Browser, type Member } from './accounts';
import { call } from './api';
import { outbox } from './outbox';

export interface TestUser {
  uuid: string;
  email: string;
  password: string;
  /** The Cookie header this user's browser sends now (access and refresh token). */
  readonly cookie: string;
  readonly csrf: string;
  profile: Profile;
  /** The cookie jar: `as(user.browser, …)` calls as this user and keeps rotated cookies. */
  browser: Browser;
}

function toTestUser(m: Member): TestUser {
  return {
    uuid: m.profile.uuid,
    email: m.email,
    password: m.password,
    get cookie() {
      return cookieHeader(m.browser);
    },
    get csrf() {
      return m.browser.csrf!;
    },
    profile: m.profile,
    browser: m.browser,
  };
}

/** Signed up, e-mail verified, signed in and registered (registration fields may be overridden). */
export async function registeredUser(over: object = {}): Promise<TestUser> {
  return toTestUser(await member({ ...over }));
}

/** Signed up, e-mail verified and signed in, registration not complete. */
export async function unregisteredUser(): Promise<TestUser> {
  const { email, password } = await signUp(uniqueEmail('incomplete'));
  return toTestUser(await verifyEmail(email, password));
}

/** A fresh session of the user: signs in again (a new refresh-token family, claims as stored now). */
export async function signInAgain(user: TestUser): Promise<TestUser> {
  return toTestUser(await logIn(user.email, user.password));
}

/** The newest SMS sent to a number, as the outbox holds it. */
export async function lastSmsTo(phone: string): Promise<string | undefined> {
  return (await outbox()).filter((m) => m.channel === 'sms' && m.to === phone).at(-1)?.text;
}

export const ADMIN_EMAIL = 'admin@example.com';
const ADMIN_PASSWORD = 'Admin-of-the-leaves-2026';

/**
 * admin@example.com (in the test host's ADMIN_EMAILS). An address signs up once per host run and
 * test files share the host, so this is idempotent across workers: sign up (the same answer
 * whether or not another worker already did), verify with the e-mailed link if not yet done,
 * then sign in. Memoised per worker; every admin test uses this password.
 */
let adminUser: Promise<TestUser> | undefined;
export function admin(): Promise<TestUser> {
  adminUser ??= makeAdmin();
  return adminUser;
}

async function makeAdmin(): Promise<TestUser> {
  await call('POST', '/api/iam/authn/signup', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  const token = await vi.waitFor(
    async () => {
      const mail = (await outbox()).filter((m) => m.to === ADMIN_EMAIL && m.text.includes('/auth/verifyemail?token=')).at(-1);
      const found = mail && /token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
      if (!found) throw new Error(`no verification e-mail for ${ADMIN_EMAIL}`);
      return found;
    },
    { timeout: 5000, interval: 25 },
  );
  // Another worker may have used it already (400 already_verified).
  await call('POST', '/api/iam/authn/verifyemailtoken', { body: { token, password: ADMIN_PASSWORD } });
  const m = await logIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  expect(m.profile.is_admin).toBe(true);
  return toTestUser(m);
}

/** A second live session of the admin, for tests that end a session. */
export async function adminSession(): Promise<TestUser> {
  await admin();
  return toTestUser(await logIn(ADMIN_EMAIL, ADMIN_PASSWORD));
}

/**
 * Every page of a cursor-paged list, in order: `fetchPage(cursor)` answers one page; the cursor
 * goes into `?cursorId=`. Fails when a page is refused or the list never ends.
 */
export async function allPages<T>(fetchPage: (query: string) => Promise<{ status: number; data: { cursorId: string | null } & Record<string, unknown> }>, key: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let n = 0; n < 500; n++) {
    const res = await fetchPage(cursor ? `?cursorId=${encodeURIComponent(cursor)}` : '');
    expect(res.status).toBe(200);
    items.push(...(res.data[key] as T[]));
    cursor = res.data.cursorId;
    if (!cursor) return items;
  }
  throw new Error('the list did not end after 500 pages');
}
