/**
 * One fixture per `page-staff` route of the table. Each runs on a page of its own made by
 * `staffPage`: its creator, member A given the admin role, member B a plain member and member C
 * no member at all. B and C are refused with 403 `forbidden` (the page exists and is public, so
 * a 404 would prove nothing about roles), and so is an unfinished sign-up; a site admin whose
 * session has ended is refused too (the site's powers count only while live: without them it is
 * a stranger, 403; or 401, should the page's routes come to check the session family). A is
 * refused while their account is suspended (403 `suspended`) or marked deleted (401), their
 * token unchanged; and the page's partition (the page and every membership) is unchanged after
 * all of these. Then A's call succeeds (2xx), and a site admin with no role in the page stands in
 * (2xx). On routes for admins only, a moderator is refused too. The suite fails when a
 * page-staff route has no fixture here.
 */
import { expect } from 'vitest';
import { as, logIn, member, signUp, uniqueEmail, type Browser, type Member } from '../support/accounts';
import type { CallResult } from '../support/api';
import { getItem, putItem, queryPartition, setAttributes } from '../support/db';
import { admin, registeredUser, signInAgain, type TestUser } from '../support/users';
import { join, newPage, withRole } from '../support/pages';
import type { PageView } from '../../shared/answers/pages';

export interface StaffPage {
  page: PageView;
  creator: Member;
  /** Given the admin role by the creator. */
  admin: Member;
  /** A plain member. */
  member: Member;
  /** Not a member. */
  stranger: Member;
}

type Act = (who: Member) => Promise<CallResult>;

export interface PageStaffFixture {
  /** The lowest role the route lets act: on `admin` routes a moderator is refused too. */
  needs: 'admin' | 'moderator';
  /**
   * Made before the refused calls (a join request to answer, a member to remove, a tag to take
   * off); answers the call as each actor makes it.
   */
  act: (p: StaffPage) => Promise<Act>;
  /** The call can be made once per page (deleting it): the site admin then stands in on another page of the creator's. */
  once?: true;
}

const pageAs = (m: Member) => ({ uuid: m.profile.uuid, browser: m.browser });

/** A page made by its creator, with an admin (A), a plain member (B) and a stranger (C). */
export async function staffPage(over: Record<string, unknown> = {}): Promise<StaffPage> {
  const [creator, admin, plain, stranger] = await Promise.all([member(), member(), member(), member()]);
  const page = await newPage(pageAs(creator), over);
  await withRole(pageAs(creator), pageAs(admin), page.id, 'admin');
  await join(pageAs(plain), page.id);
  return { page, creator, admin, member: plain, stranger };
}

/** What the page holds: its item and every membership, join request and invitation. */
export async function pageData(pageId: string): Promise<Record<string, unknown>[]> {
  return (await queryPartition(`page#${pageId}`)).sort((x, y) => String(x.sk).localeCompare(String(y.sk)));
}

/** A member who has asked to join the page, which the fixture first makes moderated. */
async function requester(p: StaffPage): Promise<Member> {
  const settings = await as(p.admin.browser, 'PUT', '/api/iam/pages/update-page-settings', { pageId: p.page.id, openness: 'moderated' });
  expect(settings.status, JSON.stringify(settings.json)).toBe(200);
  const d = await member();
  const asked = await as<{ membership: { status: string } }>(d.browser, 'POST', '/api/iam/pages/join', { pageId: p.page.id });
  expect(asked.status, JSON.stringify(asked.json)).toBe(200);
  return d;
}

export const pageStaffFixtures: Record<string, PageStaffFixture> = {
  'PUT /api/iam/pages/update': {
    needs: 'admin',
    act: async (p) => (who) => as(who.browser, 'PUT', '/api/iam/pages/update', { pageId: p.page.id, name: 'Renamed by its staff' }),
  },
  'PUT /api/iam/pages/update-page-settings': {
    needs: 'admin',
    act: async (p) => (who) => as(who.browser, 'PUT', '/api/iam/pages/update-page-settings', { pageId: p.page.id, openness: 'invite', addressPublic: true }),
  },
  'POST /api/iam/pages/create-page-settings': {
    needs: 'admin',
    act: async (p) => (who) => as(who.browser, 'POST', '/api/iam/pages/create-page-settings', { pageId: p.page.id }),
  },
  'DELETE /api/iam/pages/page': {
    needs: 'admin',
    once: true,
    act: async (p) => (who) => as(who.browser, 'DELETE', '/api/iam/pages/page', { pageId: p.page.id }),
  },
  'POST /api/iam/pages/connect-tags': {
    needs: 'admin',
    act: async (p) => (who) => as(who.browser, 'POST', '/api/iam/pages/connect-tags', { pageId: p.page.id, tagIdArr: ['spam'] }),
  },
  'POST /api/iam/pages/disconnect-tags': {
    needs: 'admin',
    act: async (p) => {
      const tag = `t${Date.now()}`;
      const added = await as(p.admin.browser, 'POST', '/api/iam/pages/connect-tags', { pageId: p.page.id, tagIdArr: [tag] });
      expect(added.status, JSON.stringify(added.json)).toBe(200);
      return (who) => as(who.browser, 'POST', '/api/iam/pages/disconnect-tags', { pageId: p.page.id, tagIdArr: [tag] });
    },
  },
  'POST /api/iam/pages/image-upload': {
    needs: 'admin',
    act: async (p) => (who) => as(who.browser, 'POST', '/api/iam/pages/image-upload', { pageId: p.page.id, contentType: 'image/png', size: 100 }),
  },
  'POST /api/iam/emails/new-page': {
    needs: 'admin',
    act: async (p) => (who) => as(who.browser, 'POST', '/api/iam/emails/new-page', { pageId: p.page.id }),
  },
  'PUT /api/iam/pages/member-role': {
    needs: 'admin',
    // B would make themselves a moderator; C a member of the page they do not belong to.
    act: async (p) => (who) => as(who.browser, 'PUT', '/api/iam/pages/member-role', { pageId: p.page.id, userId: who === p.stranger ? p.stranger.profile.uuid : p.member.profile.uuid, role: 'moderator' }),
  },
  'GET /api/iam/pages/join-requests/{pageId}': {
    needs: 'moderator',
    act: async (p) => {
      await requester(p);
      return (who) => as(who.browser, 'GET', `/api/iam/pages/join-requests/${p.page.id}`);
    },
  },
  'POST /api/iam/pages/approve-request': {
    needs: 'moderator',
    act: async (p) => {
      const d = await requester(p);
      // The requester cannot approve themselves either.
      expect((await as(d.browser, 'POST', '/api/iam/pages/approve-request', { pageId: p.page.id, userId: d.profile.uuid })).status).toBe(403);
      return (who) => as(who.browser, 'POST', '/api/iam/pages/approve-request', { pageId: p.page.id, userId: d.profile.uuid });
    },
  },
  'POST /api/iam/pages/decline-request': {
    needs: 'moderator',
    act: async (p) => {
      const d = await requester(p);
      return (who) => as(who.browser, 'POST', '/api/iam/pages/decline-request', { pageId: p.page.id, userId: d.profile.uuid });
    },
  },
  'POST /api/iam/pages/invite': {
    needs: 'moderator',
    // C would invite themselves; B would invite C.
    act: async (p) => (who) => as(who.browser, 'POST', '/api/iam/pages/invite', { pageId: p.page.id, userId: p.stranger.profile.uuid }),
  },
  'DELETE /api/iam/pages/member': {
    needs: 'moderator',
    act: async (p) => {
      const d = await member();
      await join(pageAs(d), p.page.id);
      return (who) => as(who.browser, 'DELETE', '/api/iam/pages/member', { pageId: p.page.id, userId: d.profile.uuid });
    },
  },
};

const asMember = (u: TestUser): Member => ({ email: u.email, password: u.password, browser: u.browser, profile: u.profile });

/** A browser holding a copy of these cookies (the old cookie a later logout leaves behind). */
const copyOf = (b: Browser): Browser => ({ cookies: new Map(b.cookies), csrf: b.csrf });

/**
 * Made once per worker: a registered member the site's admin made an admin, signed in twice; the
 * second session then ended by logout, its cookie kept (the site's powers count only while live).
 */
let siteAdmins: Promise<{ live: Member; revoked: Member }> | undefined;
function siteAdminSessions(): Promise<{ live: Member; revoked: Member }> {
  siteAdmins ??= (async () => {
    const [boss, promoted] = await Promise.all([admin(), registeredUser()]);
    expect((await as(boss.browser, 'PUT', `/api/iam/users/${promoted.uuid}`, { is_admin: true })).status).toBe(200);
    const [live, ending] = await Promise.all([signInAgain(promoted), signInAgain(promoted)]);
    expect(live.profile.is_admin).toBe(true);
    const old = copyOf(ending.browser);
    expect((await as(ending.browser, 'POST', '/api/iam/authn/logout', {})).status).toBe(200);
    return { live: asMember(live), revoked: { ...asMember(ending), browser: old } };
  })();
  return siteAdmins;
}
let unverified: Promise<Member> | undefined;
function unverifiedSignUp(): Promise<Member> {
  unverified ??= (async () => {
    const { email, password } = await signUp(uniqueEmail('unverified'));
    return logIn(email, password);
  })();
  return unverified;
}

/** A refusal for who the caller is: 403 `forbidden`, not a 404 or a 400 that any caller would get. */
function expectForbidden(res: CallResult, what: string): void {
  expect(res.status, `${what}: ${JSON.stringify(res.json)}`).toBe(403);
  expect(res.json, what).toMatchObject({ error: { code: 'forbidden' } });
}

/**
 * A's account as stored is suspended, then marked deleted, while A's token stays as it was: each
 * call is refused (403 `suspended`, then 401), and A's account is put back as it was.
 */
async function expectAccountStatesRefused(key: string, a: Member, act: Act): Promise<void> {
  const pk = `user#${a.profile.uuid}`;
  const account = (await getItem(pk, 'profile'))!;
  try {
    await setAttributes(pk, 'profile', { suspended: true });
    const suspended = await act(a);
    expect(suspended.status, `${key} as the page's admin A, suspended: ${JSON.stringify(suspended.json)}`).toBe(403);
    expect(suspended.json).toMatchObject({ error: { code: 'suspended' } });
    await putItem(account);
    await setAttributes(pk, 'profile', { deletedAt: new Date().toISOString() });
    const gone = await act(a);
    expect(gone.status, `${key} as the page's admin A, account deleted: ${JSON.stringify(gone.json)}`).toBe(401);
  } finally {
    await putItem(account);
  }
}

/** Runs one fixture: the refused callers refused and the page unchanged, then A and a site admin acting. */
export async function runPageStaffFixture(key: string, fixture: PageStaffFixture): Promise<void> {
  const [p, { live: siteAdmin, revoked }, signUpOnly] = await Promise.all([staffPage(), siteAdminSessions(), unverifiedSignUp()]);
  const act = await fixture.act(p);
  const refused: [string, Member][] = [['plain member B', p.member], ['stranger C', p.stranger], ['unfinished sign-up', signUpOnly]];
  if (fixture.needs === 'admin') {
    const moderator = await member();
    await withRole(pageAs(p.creator), pageAs(moderator), p.page.id, 'moderator');
    refused.push(['moderator', moderator]);
  }
  const before = await pageData(p.page.id);
  for (const [who, m] of refused) expectForbidden(await act(m), `${key} as the ${who}`);
  // Without the site's powers it is a stranger (403), or, once the page's routes check the session family, 401.
  const ended = await act(revoked);
  if (ended.status !== 401) expectForbidden(ended, `${key} as a site admin whose session ended`);
  await expectAccountStatesRefused(key, p.admin, act);
  expect(await pageData(p.page.id), `${key}: the page's data after the refused calls`).toEqual(before);
  const res = await act(p.admin);
  expect(res.status, `${key} as the page's admin A: ${JSON.stringify(res.json)}`).toBeGreaterThanOrEqual(200);
  expect(res.status, `${key} as the page's admin A: ${JSON.stringify(res.json)}`).toBeLessThan(300);
  // A site admin with no role in the page stands in (on another page of the creator's when the call is made once).
  const q = fixture.once ? { ...p, page: await newPage(pageAs(p.creator)) } : p;
  const standIn = await (await fixture.act(q))(siteAdmin);
  expect(standIn.status, `${key} as a site admin with no role in the page: ${JSON.stringify(standIn.json)}`).toBeGreaterThanOrEqual(200);
  expect(standIn.status, `${key} as a site admin with no role in the page: ${JSON.stringify(standIn.json)}`).toBeLessThan(300);
}
