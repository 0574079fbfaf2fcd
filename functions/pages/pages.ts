/**
 * Pages as they are read: by id and by handle (G1), the viewer's relation to them, who may do
 * what (roles), and the cards and views the routes answer. Writes are in ./write.ts (the page)
 * and ./members.ts (memberships).
 */
import type { PageCard, PageMembership, PagePlace, PageView } from '../../shared/answers/pages';
import { coarsen } from '../../shared/geohash';
import { batchGet } from '../db/batch';
import { atLeast, isPageStaff, PAGE_ROLES } from '../../shared/page-roles';
import { pageMemberKey, type PageItem, type PageMemberItem, type PageRole } from '../db/entities/page';
import { and, eq, oneOf } from '../db/condition';
import { db } from '../db/service';
import { failedChecks, named, type TxItem, type TxOutcome } from '../db/transact';
import { conditionCheck } from '../db/write';
import { forbidden, notFound, unauthorized } from '../lib/errors';
import type { Session } from '../lib/session/token';
import { adminNow, sessionNow, usableFamily } from '../lib/session/live';
import { accountGone, accountSuspended, assertAuthorWasLive, authorLiveCheck } from '../users/author-live';
import { handleOwner } from '../users/users';

// Who may do what: the same rule the SPA uses (shared/page-roles.ts).
export { atLeast, isPageAdmin, isPageStaff } from '../../shared/page-roles';

export async function getPage(id: string, consistent = false): Promise<PageItem | null> {
  const { data } = await db().entities.page.get({ id }).go({ consistent });
  return (data as PageItem | null) ?? null;
}

/** A live page, or 404 naming `field`. */
export async function livePage(id: string, field = 'pageId'): Promise<PageItem> {
  const page = await getPage(id, true);
  if (!page || page.deletedAt) throw notFound('There is no page with this id', field);
  return page;
}

export async function pageIdByHandle(handle: string): Promise<string | null> {
  const owner = await handleOwner(handle);
  return owner?.ownerType === 'page' ? owner.ownerId : null;
}

export async function membershipOf(pageId: string, userId: string | null, consistent = false): Promise<PageMemberItem | null> {
  if (!userId) return null;
  const { data } = await db().entities.pageMember.get({ pageId, userId }).go({ consistent });
  return (data as PageMemberItem | null) ?? null;
}

/** A member's role in the page; null when not a member (a request or an invitation is no role). */
export function roleOf(m: PageMemberItem | null): PageRole | null {
  return m && m.status === 'member' ? m.role : null;
}

/** Whether the viewer may open the page: a live one, hidden by an admin only to its staff and site admins (others: no such page). */
export function pageShownTo(page: PageItem | null, membership: PageMemberItem | null, siteAdmin: boolean): page is PageItem {
  if (!page || page.deletedAt) return false;
  return !page.hiddenAt || siteAdmin || isPageStaff(roleOf(membership));
}

/**
 * The page as the session may open it (`pageShownTo`), or 404 naming `field`: a page an admin hid
 * answers as no page to all but its staff and site admins. Their relation is read only then.
 */
export async function shownPage(id: string, session: Session | null, field = 'pageId', message = 'There is no page with this id'): Promise<PageItem> {
  const page = await getPage(id);
  if (!page || page.deletedAt) throw notFound(message, field);
  if (!page.hiddenAt) return page;
  const [membership, siteAdmin] = await Promise.all([membershipOf(id, session?.userId ?? null), adminNow(session)]);
  if (!pageShownTo(page, membership, siteAdmin)) throw notFound(message, field);
  return page;
}

export function membershipView(m: PageMemberItem | null): PageMembership {
  if (!m) return { status: 'none', role: null };
  return { status: m.status, role: m.status === 'member' ? m.role : null };
}

/**
 * Who is acting on a page, and as what: their membership, and whether the site's admin powers
 * stand in for a role. Writes refuse suspended members and unfinished sign-ups (403).
 */
export interface PageActor {
  userId: string;
  siteAdmin: boolean;
  membership: PageMemberItem | null;
  role: PageRole | null;
}

export function assertMayWrite(session: Session): void {
  if (session.suspended) throw forbidden('Your account is suspended');
  if (!session.registered) throw forbidden('Complete your registration first');
}

/**
 * The actor of a page action as they stand now (reads in parallel): a page's powers end with the
 * session, not with its access token (a logged-out or revoked session answers 401 at once: in its
 * last 15 minutes a taken cookie could otherwise make another account an admin, which outlives
 * every revocation), and with the account (deleted: 401, suspended: 403); a site admin's powers
 * count only while held now. Answers the page (null when there is none), the actor's membership
 * and their site-admin powers.
 */
export async function pageActorNow(session: Session, pageId: string): Promise<{ page: PageItem | null; membership: PageMemberItem | null; siteAdmin: boolean }> {
  assertMayWrite(session);
  const [page, membership, { family, user }, siteAdmin] = await Promise.all([getPage(pageId, true), membershipOf(pageId, session.userId, true), sessionNow(session), adminNow(session)]);
  // The account first: suspending one also ends its sessions, and "suspended" says why.
  if (!user || user.deletedAt) throw accountGone();
  if (user.suspended) throw accountSuspended();
  if (!usableFamily(family)) throw unauthorized('Your session has ended; sign in again');
  return { page, membership, siteAdmin };
}

/**
 * The page and the actor, when the actor holds at least `needed` (a site admin always does);
 * 404 when the page does not exist, 403 when the role falls short (after `pageActorNow`'s checks).
 */
export async function actOnPage(session: Session, pageId: string, needed: PageRole, message: string): Promise<{ page: PageItem; actor: PageActor }> {
  const { page, membership, siteAdmin } = await pageActorNow(session, pageId);
  if (!page || page.deletedAt) throw notFound('There is no page with this id', 'pageId');
  const role = roleOf(membership);
  if (!atLeast(role, needed) && !siteAdmin) throw forbidden(message);
  return { page, actor: { userId: session.userId, siteAdmin, membership, role } };
}

/** The name of `roleCheck`'s item, by which a cancelled transaction says the actor's role was lost. */
const ACTOR_ROLE = 'actor-role';

/**
 * The actor's role as a condition of the write's transaction: a demotion or removal that lands
 * between the read and the write cancels it (`roleLost` reads it). A site admin acting without a
 * role needs none.
 */
export function roleCheck(pageId: string, actor: PageActor, needed: PageRole, target?: string): TxItem[] {
  if (actor.siteAdmin && !atLeast(actor.role, needed)) return [];
  // Acting on one's own membership: its own write is guarded on the state read, and a
  // transaction may touch an item only once.
  if (target === actor.userId) return [];
  const allowed = PAGE_ROLES.filter((r) => atLeast(r, needed));
  return [named(ACTOR_ROLE, conditionCheck(pageMemberKey(pageId, actor.userId), and(eq('status', 'member'), oneOf('role', allowed))))];
}

/** Whether a cancelled transaction was refused by its `roleCheck`: the actor's page role changed meanwhile. */
export function roleLost(out: TxOutcome, items: readonly TxItem[]): boolean {
  return failedChecks(out, items).has(ACTOR_ROLE);
}

/** Throws 403 when a cancelled transaction was refused by its `roleCheck`. */
export function assertRoleKept(out: TxOutcome, items: readonly TxItem[]): void {
  if (roleLost(out, items)) throw forbidden('Your role in this page changed; reload and try again');
}

/** The page's label: "Newtown, New South Wales, Australia". */
export function placeLabel(p: Pick<PageItem, 'suburbCity' | 'state' | 'country'>): string | null {
  if (!p.suburbCity) return null;
  return [p.suburbCity, p.state, p.country].filter(Boolean).join(', ');
}

/** Where others see the page: exact when its address is public (or for its staff), else its ~1 km cell. */
export function shownPosition(p: PageItem, staff: boolean): { latitude: number; longitude: number; exact: boolean } | null {
  if (p.latitude === undefined || p.longitude === undefined) return null;
  if (p.addressPublic || staff) return { latitude: p.latitude, longitude: p.longitude, exact: true };
  return { ...coarsen({ latitude: p.latitude, longitude: p.longitude }), exact: false };
}

function locationOf(p: PageItem, staff: boolean): PagePlace | null {
  const at = shownPosition(p, staff);
  const label = placeLabel(p);
  if (!at || !label) return null;
  return {
    label,
    suburbCity: p.suburbCity!,
    state: p.state ?? null,
    country: p.country ?? '',
    timeZone: p.timeZone ?? null,
    ...at,
    address: p.address && (p.addressPublic || staff) ? p.address : null,
  };
}

export function pageCardOf(p: PageItem, m: PageMemberItem | null): PageCard {
  return {
    id: p.id,
    handle: p.handle,
    name: p.name,
    category: p.category,
    avatar: p.avatar ?? null,
    place: placeLabel(p),
    memberCount: Math.max(0, p.memberCount),
    openness: p.openness,
    my: membershipView(m),
  };
}

/** A page in full, as the viewer may see it (staff see the exact place, the address and the request count). */
export function pageViewOf(p: PageItem, m: PageMemberItem | null, siteAdmin = false): PageView {
  const staff = siteAdmin || isPageStaff(roleOf(m));
  return {
    ...pageCardOf(p, m),
    about: p.about,
    cover: p.cover ?? null,
    tags: p.tags,
    location: locationOf(p, staff),
    addressPublic: p.addressPublic,
    postingRole: p.postingRole,
    requestCount: staff ? Math.max(0, p.requestCount) : null,
    createdAt: p.createdAt,
  };
}

/**
 * Pages by id with the viewer's membership of each, in one BatchGet; missing and deleted pages
 * are left out, the order kept.
 */
export async function pagesWithMembership(ids: string[], userId: string | null): Promise<{ page: PageItem; membership: PageMemberItem | null }[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const keys = unique.flatMap((id) => [{ pk: `page#${id}`, sk: 'page' }, ...(userId ? [pageMemberKey(id, userId)] : [])]);
  const items = await batchGet(keys);
  const pages = new Map<string, PageItem>();
  const members = new Map<string, PageMemberItem>();
  for (const item of items) {
    if (item.__edb_e__ === 'page') {
      const { data } = db().entities.page.parse({ Item: item });
      if (data) pages.set(data.id, data as PageItem);
    } else if (item.__edb_e__ === 'pageMember') {
      const { data } = db().entities.pageMember.parse({ Item: item });
      if (data) members.set(data.pageId, data as PageMemberItem);
    }
  }
  return unique.flatMap((id) => {
    const page = pages.get(id);
    const membership = members.get(id) ?? null;
    return pageShownTo(page ?? null, membership, false) ? [{ page: page!, membership }] : [];
  });
}

/** Cards of pages by id, with the viewer's relation to each (one BatchGet). */
export async function pageCards(ids: string[], userId: string | null): Promise<PageCard[]> {
  return (await pagesWithMembership(ids, userId)).map(({ page, membership }) => pageCardOf(page, membership));
}

/** The viewer's memberships of these pages, by page id (one BatchGet; none for a guest). */
export async function myMemberships(pageIds: string[], userId: string | null): Promise<Map<string, PageMemberItem>> {
  const out = new Map<string, PageMemberItem>();
  if (!userId || !pageIds.length) return out;
  const items = await batchGet([...new Set(pageIds)].map((id) => pageMemberKey(id, userId)));
  for (const item of items) {
    const { data } = db().entities.pageMember.parse({ Item: item });
    if (data) out.set(data.pageId, data as PageMemberItem);
  }
  return out;
}

/**
 * The conditions of a write a member makes as a page's staff (removing others' comments, the
 * page's posts): their account live and not suspended, and their role still at least `needed`,
 * in the write's own transaction, so a suspension, removal or demotion that lands first cancels it.
 */
export function staffWriteChecks(pageId: string, userId: string, needed: PageRole = 'moderator'): TxItem[] {
  const actor: PageActor = { userId, siteAdmin: false, membership: null, role: null };
  return [authorLiveCheck(userId), ...roleCheck(pageId, actor, needed)];
}

/** Throws for a write refused by `staffWriteChecks`: 401 gone, 403 `suspended`, or 403 for a role lost meanwhile. */
export async function assertStaffWriteAllowed(out: TxOutcome, items: readonly TxItem[], userId: string): Promise<void> {
  await assertAuthorWasLive(out, items, userId);
  assertRoleKept(out, items);
}
