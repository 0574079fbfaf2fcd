/** Pages for the API tests: made as a member makes them (POST /api/iam/pages/new), with members in given roles. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { MembershipAnswer, PageView } from '../../shared/answers/pages';
import { as, type Browser } from './accounts';

export interface PageActor {
  uuid: string;
  browser: Browser;
}

export const uniqueHandle = () => `pg_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

/** A page of `owner`'s (its creator), placed at Newtown (NSW) unless `over` says otherwise. */
export async function newPage(owner: PageActor, over: Record<string, unknown> = {}): Promise<PageView> {
  const body = { id: randomUUID(), handle: uniqueHandle(), name: 'Newtown Community Garden', place: { latitude: -33.8978, longitude: 151.1785 }, ...over };
  const res = await as<{ page: PageView }>(owner.browser, 'POST', '/api/iam/pages/new', body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.data.page;
}

export async function join(who: PageActor, pageId: string): Promise<MembershipAnswer> {
  const res = await as<MembershipAnswer>(who.browser, 'POST', '/api/iam/pages/join', { pageId });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.data;
}

/** `who` joins the (open) page and `admin` gives them `role`. */
export async function withRole(admin: PageActor, who: PageActor, pageId: string, role: 'admin' | 'moderator' | 'member'): Promise<void> {
  await join(who, pageId);
  if (role === 'member') return;
  const res = await as(admin.browser, 'PUT', '/api/iam/pages/member-role', { pageId, userId: who.uuid, role });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}
