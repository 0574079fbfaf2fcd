/**
 * The security suite, generated from the route table so that no route escapes: header, session,
 * CSRF, access level, hostile input and the answer envelope, for every route.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { routes } from '../../functions/routes';
import { routeKey, type RouteDef } from '../../functions/lib/route-types';
import { isMutating } from '../../shared/api';
import { as } from '../support/accounts';
import { call, hostUrl, mintSession, type CallResult, type TestSession } from '../support/api';
import { setAttributes } from '../support/db';
import { admin, adminSession, registeredUser, signInAgain } from '../support/users';
import { ownershipFixtures } from './ownership-fixtures';
import { pageStaffFixtures, runPageStaffFixture } from './page-staff-fixtures';

const table = routes as readonly RouteDef[];

/** A concrete path for a route: every `{param}` replaced by a harmless value. */
function samplePath(route: RouteDef, value = 'sample'): string {
  return route.path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
}

function expectEnvelope(res: CallResult): void {
  if (res.status < 400) {
    expect(res.json).toMatchObject({ status: 'success' });
    expect(res.json).toHaveProperty('data');
  } else {
    expect(res.json.status).toBe('error');
    const err = (res.json as { error: { code: unknown; message: unknown } }).error;
    expect(typeof err.code).toBe('string');
    expect(typeof err.message).toBe('string');
    expect(String(err.message)).not.toMatch(/\n\s+at |Error:|node_modules/);
  }
}

/**
 * A session that passes the route's access level, so that later checks are reached: a minted
 * token for member routes, a real signed-in admin for admin routes (they check the session
 * family and the account in the table before reading input).
 */
async function privileged(route: RouteDef): Promise<TestSession> {
  if (route.access !== 'admin') return mintSession();
  const live = await adminSession();
  return { ...(await mintSession({ userId: live.uuid, role: 'admin' })), cookie: live.cookie, csrfToken: live.csrf };
}

/** An admin whose account was suspended without its session being revoked: only the live check can stop it. */
let suspendedAdmin: Promise<TestSession> | undefined;
function suspendedAdminSession(): Promise<TestSession> {
  suspendedAdmin ??= (async () => {
    const boss = await admin();
    const member = await registeredUser();
    expect((await as(boss.browser, 'PUT', `/api/iam/users/${member.uuid}`, { is_admin: true })).status).toBe(200);
    const promoted = await signInAgain(member);
    expect(promoted.profile.is_admin).toBe(true);
    await setAttributes(`user#${member.uuid}`, 'profile', { suspended: true });
    return { ...(await mintSession({ userId: member.uuid, role: 'admin' })), cookie: promoted.cookie, csrfToken: promoted.csrf };
  })();
  return suspendedAdmin;
}

const hostile = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('__proto__', 'constructor', "' OR 1=1 --", '<script>alert(1)</script>', '${7*7}', '../../etc/passwd', '\u0000', '🌿'.repeat(50), 'x'.repeat(20_000)),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 5 }),
);
const hostileBody = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 12 }), hostile, { maxKeys: 6 }),
  fc.constant({ __proto__: { admin: true } }),
  fc.constant(JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}') as object),
);

describe.each(table.map((r) => [routeKey(r), r] as const))('%s', (_key, route) => {
  if (route.platformExempt) {
    it('is exempt from client-platform (other apps call it): no 400 for the header, and any error keeps the JSON envelope', async () => {
      const res = await call(route.method, samplePath(route), { noPlatform: true, session: await privileged(route) });
      expect((res.json as { error?: { field?: string } }).error?.field).not.toBe('client-platform');
      expect(res.status).toBeLessThan(500);
      expectEnvelope(res);
      if (res.status >= 400) expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    });
  } else {
    it('refuses a request without client-platform: browser with 400', async () => {
      const res = await call(route.method, samplePath(route), { noPlatform: true, session: await privileged(route) });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ status: 'error', error: { field: 'client-platform' } });
    });
  }

  if (route.access !== 'public') {
    it('answers 401 without a session', async () => {
      const res = await call(route.method, samplePath(route), { body: {} });
      expect(res.status).toBe(401);
      expectEnvelope(res);
    });
    it('answers 401 to a forged or expired session token', async () => {
      const res = await call(route.method, samplePath(route), {
        body: {},
        headers: { cookie: '__Host-access=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.forged' },
      });
      expect(res.status).toBe(401);
    });
  }

  if (route.access === 'admin') {
    it('answers 403 to a signed-in user who is not an admin', async () => {
      const res = await call(route.method, samplePath(route), { session: await mintSession({ role: 'user' }), body: {} });
      expect(res.status).toBe(403);
      expectEnvelope(res);
    });
    it('answers 401 to an admin token whose session family is not live, before reading input', async () => {
      const res = await call(route.method, samplePath(route), { session: await mintSession({ role: 'admin' }), body: {} });
      expect(res.status).toBe(401);
      expectEnvelope(res);
    });
    it('answers 403 to an admin suspended since its token was issued, before reading input', async () => {
      const res = await call(route.method, samplePath(route), { session: await suspendedAdminSession(), body: {} });
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ error: { message: 'Only admins may do this' } });
    });
  }

  if (route.access === 'registered') {
    it('answers 403 until registration is complete', async () => {
      const res = await call(route.method, samplePath(route), { session: await mintSession({ registered: false }), body: {} });
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ error: { message: 'Complete your registration first' } });
    });
    it('answers 403 to a suspended user', async () => {
      const res = await call(route.method, samplePath(route), { session: await mintSession({ suspended: true }), body: {} });
      expect(res.status).toBe(403);
    });
  }

  if (isMutating(route.method)) {
    if (!route.csrfExempt) {
      it('answers 403 to a call with a session but without csrf_token', async () => {
        const res = await call(route.method, samplePath(route), { session: await privileged(route), body: {}, noCsrf: true });
        expect(res.status).toBe(403);
        expect(res.json).toMatchObject({ error: { code: 'csrf', field: 'csrf_token' } });
      });
      it('answers 403 to a wrong csrf_token (another session\'s)', async () => {
        const other = await privileged(route);
        const res = await call(route.method, samplePath(route), { session: await privileged(route), body: {}, csrf: other.csrfToken });
        expect(res.status).toBe(403);
        expect(res.json).toMatchObject({ error: { code: 'csrf' } });
      });
    }
    it('answers 400 to a body that is not valid JSON', async () => {
      const res = await call(route.method, samplePath(route), { session: await privileged(route), rawBody: '{"csrf_token": ' });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ error: { message: 'The body is not valid JSON' } });
    });
    if (route.formBody) {
      it('takes a form (application/x-www-form-urlencoded) and an empty body with no content type, and answers 415 to another type', async () => {
        const form = await call(route.method, samplePath(route), { session: await privileged(route), rawBody: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
        expect(form.status).not.toBe(415);
        expect(form.status).toBeLessThan(500);
        expectEnvelope(form);
        const empty = await fetch(hostUrl() + samplePath(route), { method: route.method });
        expect(empty.status).not.toBe(415);
        expect(empty.status).toBeLessThan(500);
        const other = await call(route.method, samplePath(route), { session: await privileged(route), rawBody: 'a=b', headers: { 'content-type': 'text/plain' } });
        expect(other.status).toBe(415);
      });
    } else {
      it('answers 415 to a body that is not JSON', async () => {
        const res = await call(route.method, samplePath(route), { session: await privileged(route), rawBody: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
        expect(res.status).toBe(415);
      });
    }
    it.runIf(!z.safeParse(route.input, { unexpectedField: 1 }).success)('answers 400 naming the field for a body with an unknown or wrong field', async () => {
      const session = await privileged(route);
      const res = await call(route.method, samplePath(route), { session, body: { unexpectedField: 1 } });
      expect(res.status).toBe(400);
      expect(typeof (res.json as { error: { field?: string } }).error.field).toBe('string');
    });
    it('never answers 5xx to hostile bodies', async () => {
      const session = await privileged(route);
      await fc.assert(
        fc.asyncProperty(hostileBody, async (body) => {
          const res = await call(route.method, samplePath(route), { session, body });
          expect(res.status).toBeGreaterThanOrEqual(200);
          expect(res.status).toBeLessThan(500);
          expectEnvelope(res);
        }),
        { numRuns: 30 },
      );
    });
  } else {
    it('never answers 5xx to hostile query strings and path parameters', async () => {
      const session = await privileged(route);
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), fc.string({ maxLength: 60 }), { maxKeys: 4 }), fc.string({ minLength: 1, maxLength: 60 }), async (query, param) => {
          const qs = new URLSearchParams(query).toString();
          const res = await call(route.method, `${samplePath(route, param)}${qs ? `?${qs}` : ''}`, { session });
          expect(res.status).toBeLessThan(500);
          expectEnvelope(res);
        }),
        { numRuns: 30 },
      );
    });
  }

  if (route.access === 'self') {
    it('has an ownership fixture: user B acting on user A\'s resource', () => {
      expect(ownershipFixtures[routeKey(route)], `add a fixture for ${routeKey(route)} in ownership-fixtures.ts`).toBeDefined();
    });
  }
  if (route.access === 'page-staff') {
    it('has a page-staff fixture: a plain member and a stranger acting on a page, and its admin', () => {
      expect(pageStaffFixtures[routeKey(route)], `add a fixture for ${routeKey(route)} in page-staff-fixtures.ts`).toBeDefined();
    });
  }
});

describe('form bodies', () => {
  // A browser posts a form cross-site without asking first, so only a route that acts for no
  // session (a mail client's one-click unsubscribe, RFC 8058) may take one: every other stays JSON only.
  it('are taken by the one-click unsubscribe alone, which is public and needs no session, CSRF token or client-platform header', () => {
    const forms = table.filter((r) => r.formBody);
    expect(forms.map(routeKey)).toEqual(['POST /api/unsubscribe/{token}']);
    for (const route of forms) expect({ access: route.access, csrfExempt: route.csrfExempt, platformExempt: route.platformExempt }).toEqual({ access: 'public', csrfExempt: true, platformExempt: true });
  });
});

describe('routes outside the table', () => {
  it('answers an unknown /api path with the 404 envelope', async () => {
    const res = await call('GET', '/api/no/such/route');
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ status: 'error', error: { code: 'not_found' } });
  });
  it('checks the header before the route: unknown path without client-platform is 400', async () => {
    const res = await call('DELETE', '/api/no/such/route', { noPlatform: true });
    expect(res.status).toBe(400);
  });
  it('answers a known path with another method as not found', async () => {
    const res = await call('DELETE', '/api/site-settings/get-site');
    expect(res.status).toBe(404);
  });
});

describe('ownership (self routes)', () => {
  const selfRoutes = table.filter((r) => r.access === 'self').map(routeKey);
  it('has exactly one fixture per self route, and none for routes that do not exist', () => {
    expect(Object.keys(ownershipFixtures).sort()).toEqual(selfRoutes.sort());
  });
  for (const [key, fixture] of Object.entries(ownershipFixtures)) {
    it(`${key}: user B cannot act on user A's resource, and A's data is unchanged`, async () => {
      await fixture();
    });
  }
});

describe('page roles (page-staff routes)', () => {
  const staffRoutes = table.filter((r) => r.access === 'page-staff').map(routeKey);
  it('has exactly one fixture per page-staff route, and none for routes that do not exist', () => {
    expect(Object.keys(pageStaffFixtures).sort()).toEqual(staffRoutes.sort());
  });
  for (const [key, fixture] of Object.entries(pageStaffFixtures)) {
    it(`${key}: a plain member, a stranger, an unfinished sign-up, an ended site admin and a suspended or deleted admin are refused and the page is unchanged; its admin and a site admin act`, async () => {
      await runPageStaffFixture(key, fixture);
    });
  }
});
