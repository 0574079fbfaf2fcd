/**
 * One fixture per `page-staff` route of the table. Each runs on a page of its own made by
 * `staffPage`: its creator, member A given the admin role, member B a plain member and member C
 * no member at all. B and C are refused (403, or 404 where the page must not show), and the page's
 * partition (the page and every membership) is unchanged afterwards; then A's call is not refused
 * for who A is (a success, or a 4xx that is not 401 or 403). On routes for admins only, a
 * moderator is refused too. The suite fails when a page-staff route has no fixture here.
 */
import { expect } from 'vitest';
import { as, member, type Member } from '../support/accounts';
import type { CallResult } from '../support/api';
import { queryPartition } from '../support/db';
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

/** Runs one fixture: B and C refused and the page unchanged (a moderator too on admin routes), then A not refused. */
export async function runPageStaffFixture(key: string, fixture: PageStaffFixture): Promise<void> {
  const p = await staffPage();
  const act = await fixture.act(p);
  const refused: [string, Member][] = [['plain member B', p.member], ['stranger C', p.stranger]];
  if (fixture.needs === 'admin') {
    const moderator = await member();
    await withRole(pageAs(p.creator), pageAs(moderator), p.page.id, 'moderator');
    refused.push(['moderator', moderator]);
  }
  const before = await pageData(p.page.id);
  for (const [who, m] of refused) {
    const res = await act(m);
    expect([403, 404], `${key} as the ${who}: ${JSON.stringify(res.json)}`).toContain(res.status);
  }
  expect(await pageData(p.page.id), `${key}: the page's data after the refused calls`).toEqual(before);
  const res = await act(p.admin);
  expect(res.status, `${key} as the page's admin A: ${JSON.stringify(res.json)}`).toBeLessThan(500);
  expect([401, 403], `${key} as the page's admin A: ${JSON.stringify(res.json)}`).not.toContain(res.status);
}
