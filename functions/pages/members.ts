/**
 * Who belongs to a page: joining, leaving, requests, invitations, roles and removal. Each change
 * is one transaction: the membership item (a put or delete guarded on the state it was read in),
 * the page's counts (`ADD` to memberCount, adminCount, requestCount and version, conditioned on
 * the page being live, and on adminCount staying at least 1 when an admin goes), the actor's role
 * as a condition, and the notification it causes.
 */
import type { MembershipAnswer } from '../../shared/answers/pages';
import type { NotificationKind } from '../../shared/schemas/notifications';
import { addItem } from '../db/add';
import { and, gt, live } from '../db/condition';
import { pageKey, ROLE_RANK, type PageItem, type PageMemberItem, type PageRole } from '../db/entities/page';
import { db } from '../db/service';
import { failedChecks, named, txEntities, writeItems, type TxItem } from '../db/transact';
import { badRequest, conflict, forbidden, notFound, serviceUnavailable } from '../lib/errors';
import type { Session } from '../lib/session/token';
import { hitRateLimit } from '../lib/rate-limit';
import { eitherBlocks } from '../users/blocks';
import { notificationWrite } from '../notifications/notifications';
import { assertAuthorWasLive, authorLiveCheck } from '../users/author-live';
import { getUser } from '../users/users';
import { actOnPage, assertMayWrite, assertRoleKept, atLeast, isPageAdmin, livePage, membershipOf, membershipView, roleCheck, roleOf } from './pages';

type Counts = Partial<Record<'memberCount' | 'adminCount' | 'requestCount', number>>;

/** The page's counts moved by `deltas` (and its version, so a whole-page put retries). */
function countsItem(pageId: string, deltas: Counts): TxItem {
  const keepsAdmin = (deltas.adminCount ?? 0) < 0;
  return addItem(pageKey(pageId), { ...deltas, version: 1 }, and(live(), keepsAdmin ? gt('adminCount', 1) : undefined));
}

const adminDelta = (before: PageRole | null, after: PageRole | null): number => Number(isPageAdmin(after)) - Number(isPageAdmin(before));

/** The membership's put (a new state), guarded on the state it was read in. */
function membershipPut(before: PageMemberItem | null, after: Omit<PageMemberItem, 'updatedAt'>): TxItem {
  const { pageMember } = txEntities();
  const next = { ...after, updatedAt: new Date().toISOString() };
  if (!before) return pageMember.create(next).commit();
  return pageMember.put(next).where((a, op) => op.eq(a.updatedAt, before.updatedAt)).commit();
}

function membershipDelete(before: PageMemberItem): TxItem {
  const { pageMember } = txEntities();
  return pageMember.delete({ pageId: before.pageId, userId: before.userId }).where((a, op) => op.eq(a.updatedAt, before.updatedAt)).commit() as TxItem;
}

/** A page notification: the target is the page; its text the page's handle, for the link (the name is on the page). */
function notify(recipientId: string, kind: NotificationKind, page: PageItem, actorId: string): TxItem[] {
  return notificationWrite(recipientId, { kind, actorId, targetType: 'page', targetId: page.id, text: page.handle }) as TxItem[];
}

/** The notice, unless either member blocks the other: the action stands, only the notice is skipped. */
async function notifyUnlessBlocked(recipientId: string, kind: NotificationKind, page: PageItem, actorId: string): Promise<TxItem[]> {
  return (await eitherBlocks(recipientId, actorId)) ? [] : notify(recipientId, kind, page, actorId);
}

function answer(page: PageItem, userId: string, m: PageMemberItem | null, memberDelta: number): MembershipAnswer {
  return { pageId: page.id, userId, membership: membershipView(m), memberCount: Math.max(0, page.memberCount + memberDelta) };
}

interface Step {
  /** The membership after the change; null when it is removed. */
  after: PageMemberItem | null;
  counts: Counts;
  /** Further items (notifications, the actor's role check), after the membership and the counts. */
  extra: TxItem[];
  /** The member acting on their own membership: their account must still exist (an old cookie outlives a deletion). */
  selfId?: string;
}

/**
 * Runs one membership change: the membership write at 0, the page's counts at 1, then `extra`.
 * A membership or page that changed meanwhile cancels it: 409, try again.
 */
async function apply(page: PageItem, before: PageMemberItem | null, step: Step, messages: { lastAdmin?: string } = {}): Promise<void> {
  const membership = step.after ? membershipPut(before, step.after) : membershipDelete(before!);
  const hasCounts = Object.values(step.counts).some((d) => d !== 0);
  const live = step.selfId ? [authorLiveCheck(step.selfId)] : [];
  const items = [named('membership-unchanged', membership), ...(hasCounts ? [named('page-counts-hold', countsItem(page.id, step.counts))] : []), ...live, ...step.extra];
  const out = await writeItems(items);
  if (!out.canceled) return;
  if (step.selfId) await assertAuthorWasLive(out, items, step.selfId);
  const failed = failedChecks(out, items);
  if (hasCounts && failed.has('page-counts-hold')) {
    if ((step.counts.adminCount ?? 0) < 0) {
      const fresh = await livePage(page.id);
      if (fresh.adminCount <= 1) throw conflict(messages.lastAdmin ?? 'A page must keep at least one admin');
    }
    throw conflict('The page changed meanwhile; try again');
  }
  if (failed.has('membership-unchanged')) throw conflict('This membership changed meanwhile; reload and try again');
  assertRoleKept(out, items);
  throw serviceUnavailable('The site is busy; please try again');
}

const now = () => new Date().toISOString();

/** Joins (open page), asks to join (moderated) or accepts an invitation (any page). */
export async function joinPage(session: Session, pageId: string): Promise<MembershipAnswer> {
  assertMayWrite(session);
  const userId = session.userId;
  const [page, before] = await Promise.all([livePage(pageId), membershipOf(pageId, userId, true)]);
  if (before?.status === 'member') return answer(page, userId, before, 0);
  // A page an admin hid takes no one new: to others it is not there.
  if (page.hiddenAt) throw notFound('There is no page with this id', 'pageId');
  if (before?.status === 'invited' || page.openness === 'open') {
    // An invitation is an approval; an open page (or one opened since a request) needs none.
    const after: PageMemberItem = { pageId, userId, status: 'member', role: 'member', since: now(), updatedAt: '' };
    const counts = { memberCount: 1, ...(before?.status === 'requested' ? { requestCount: -1 } : {}) };
    await apply(page, before, { after, counts, extra: [], selfId: userId });
    return answer(page, userId, after, 1);
  }
  if (page.openness === 'invite') throw forbidden('This page is invite-only: ask one of its admins for an invitation');
  if (before?.status === 'requested') return answer(page, userId, before, 0);
  const after: PageMemberItem = { pageId, userId, status: 'requested', role: 'member', since: now(), updatedAt: '' };
  // The page's creator hears of each request while they still run it (its staff see them all
  // under join requests); a creator who left, or whose account is gone, hears nothing more.
  const creator = await membershipOf(pageId, page.createdBy);
  const told = isPageAdmin(roleOf(creator)) ? await notifyUnlessBlocked(page.createdBy, 'page-request', page, userId) : [];
  await apply(page, before, { after, counts: { requestCount: 1 }, extra: told, selfId: userId });
  return answer(page, userId, after, 0);
}

/** Leaves a page, withdraws a request or declines an invitation; the last admin may not leave. */
export async function leavePage(session: Session, pageId: string): Promise<MembershipAnswer> {
  const userId = session.userId;
  const [page, before] = await Promise.all([livePage(pageId), membershipOf(pageId, userId, true)]);
  if (!before) return answer(page, userId, null, 0);
  const counts: Counts =
    before.status === 'member'
      ? { memberCount: -1, adminCount: -adminDelta(null, before.role) }
      : before.status === 'requested'
        ? { requestCount: -1 }
        : {};
  if (counts.adminCount === 0) delete counts.adminCount;
  await apply(page, before, { after: null, counts, extra: [] }, { lastAdmin: 'You are the page\'s only admin: make another member an admin, or delete the page' });
  return answer(page, userId, null, before.status === 'member' ? -1 : 0);
}

/** The target's membership for a staff action; 404 naming userId when it is not in `statuses`. */
async function targetOf(pageId: string, userId: string, statuses: PageMemberItem['status'][], message: string): Promise<PageMemberItem> {
  const m = await membershipOf(pageId, userId, true);
  if (!m || !statuses.includes(m.status)) throw notFound(message, 'userId');
  return m;
}

export async function approveRequest(session: Session, pageId: string, userId: string): Promise<MembershipAnswer> {
  const { page, actor } = await actOnPage(session, pageId, 'moderator', 'Only the page\'s admins and moderators may approve requests');
  if (page.hiddenAt) throw forbidden('An admin hid this page: it takes no new members');
  const before = await targetOf(pageId, userId, ['requested'], 'There is no join request from this member');
  const after: PageMemberItem = { ...before, status: 'member', role: 'member', since: now(), by: actor.userId };
  await apply(page, before, {
    after,
    counts: { memberCount: 1, requestCount: -1 },
    extra: [...roleCheck(pageId, actor, 'moderator'), ...(await notifyUnlessBlocked(userId, 'page-approved', page, actor.userId))],
  });
  return answer(page, userId, after, 1);
}

export async function declineRequest(session: Session, pageId: string, userId: string): Promise<MembershipAnswer> {
  const { page, actor } = await actOnPage(session, pageId, 'moderator', 'Only the page\'s admins and moderators may decline requests');
  const before = await targetOf(pageId, userId, ['requested'], 'There is no join request from this member');
  await apply(page, before, { after: null, counts: { requestCount: -1 }, extra: roleCheck(pageId, actor, 'moderator') });
  return answer(page, userId, null, 0);
}

export async function inviteMember(session: Session, pageId: string, userId: string): Promise<MembershipAnswer> {
  const { page, actor } = await actOnPage(session, pageId, 'moderator', 'Only the page\'s admins and moderators may invite');
  // Each invitation notifies: a few a day per member and page, a wall for invite-remove loops.
  await hitRateLimit('PAGE_INVITE_USER', actor.userId);
  await hitRateLimit('PAGE_INVITE_TARGET', [pageId, userId]);
  const user = await getUser(userId);
  if (!user || user.deletedAt || user.regState !== 'complete' || user.suspended) throw notFound('There is no member with this id', 'userId');
  const before = await membershipOf(pageId, userId, true);
  if (before?.status === 'member') throw conflict('This member already belongs to the page', 'userId');
  if (before?.status === 'invited') return answer(page, userId, before, 0);
  if (before?.status === 'requested') return approveRequest(session, pageId, userId);
  const after: PageMemberItem = { pageId, userId, status: 'invited', role: 'member', since: now(), by: actor.userId, updatedAt: '' };
  await apply(page, null, { after, counts: {}, extra: [...roleCheck(pageId, actor, 'moderator'), ...(await notifyUnlessBlocked(userId, 'page-invite', page, actor.userId))] });
  return answer(page, userId, after, 0);
}

export async function changeRole(session: Session, pageId: string, userId: string, role: Exclude<PageRole, 'creator'>): Promise<MembershipAnswer> {
  const { page, actor } = await actOnPage(session, pageId, 'admin', 'Only the page\'s admins may change roles');
  const before = await targetOf(pageId, userId, ['member'], 'This member does not belong to the page');
  if (before.role === 'creator') throw forbidden('The page\'s creator keeps their role');
  if (before.role === role) return answer(page, userId, before, 0);
  const after: PageMemberItem = { ...before, role, by: actor.userId };
  const delta = adminDelta(before.role, role);
  await apply(
    page,
    before,
    { after, counts: delta ? { adminCount: delta } : {}, extra: roleCheck(pageId, actor, 'admin', userId) },
    { lastAdmin: 'A page must keep at least one admin' },
  );
  return answer(page, userId, after, 0);
}

export async function removeMember(session: Session, pageId: string, userId: string): Promise<MembershipAnswer> {
  if (userId === session.userId) throw badRequest('To leave a page yourself, use leave', 'userId');
  const { page, actor } = await actOnPage(session, pageId, 'moderator', 'Only the page\'s admins and moderators may remove members');
  const before = await targetOf(pageId, userId, ['member', 'invited'], 'This member does not belong to the page');
  const targetRole = roleOf(before);
  if (targetRole === 'creator') throw forbidden('The page\'s creator cannot be removed');
  const needed: PageRole = targetRole && targetRole !== 'member' ? 'admin' : 'moderator';
  if (!actor.siteAdmin && !atLeast(actor.role, needed)) throw forbidden('Moderators may remove members only; ask an admin');
  const counts: Counts = before.status === 'member' ? { memberCount: -1, ...(isPageAdmin(targetRole) ? { adminCount: -1 } : {}) } : {};
  await apply(page, before, { after: null, counts, extra: roleCheck(pageId, actor, needed) });
  return answer(page, userId, null, before.status === 'member' ? -1 : 0);
}

/** A page's members by role then join time, one Query per page of the list. */
export function membersQuery(pageId: string) {
  return db().entities.pageMember.query.members({ pageId });
}

/** Admins a page's notices go to at the most (their notifications fit one transaction). */
export const NOTICE_ADMINS = 40;

/** The ids of a page's creator and admins (the first NOTICE_ADMINS, by rank then join time): two Queries of the members index. */
export async function pageAdminIds(pageId: string): Promise<string[]> {
  const ranks = [ROLE_RANK.creator, ROLE_RANK.admin];
  const found = await Promise.all(ranks.map((roleRank) => membersQuery(pageId).begins({ roleRank }).go({ limit: NOTICE_ADMINS })));
  const ids = found.flatMap(({ data }) => (data as PageMemberItem[]).filter((m) => m.status === 'member' && isPageAdmin(m.role)).map((m) => m.userId));
  return [...new Set(ids)].slice(0, NOTICE_ADMINS);
}

/** Every membership of a user (all statuses), a page of the `pagesof#` index at a time. */
async function membershipsOf(userId: string, cursor: string | null): Promise<{ data: PageMemberItem[]; cursor: string | null }> {
  const out = await db().entities.pageMember.query.byUser({ userId }).go({ cursor, limit: 50 });
  return { data: out.data as PageMemberItem[], cursor: out.cursor };
}

/**
 * The live pages a member is the only admin of: deleting their account would leave each without
 * one, so it waits until they name another admin or delete the page.
 */
export async function pagesOnlyRunBy(userId: string): Promise<PageItem[]> {
  const admin: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await membershipsOf(userId, cursor);
    admin.push(...page.data.filter((m) => m.status === 'member' && isPageAdmin(m.role)).map((m) => m.pageId));
    cursor = page.cursor;
  } while (cursor);
  const pages = await Promise.all(admin.map((id) => db().entities.page.get({ id }).go({ consistent: true })));
  return pages.map((p) => p.data as PageItem | null).filter((p): p is PageItem => !!p && !p.deletedAt && p.adminCount <= 1);
}

/**
 * A member about to delete their account steps down from every page they are an admin of: per
 * page, one transaction removes their membership with the page's counts, on the condition that
 * another admin remains. Two admins of one page deleting their accounts at the same moment both
 * pass the read of `pagesOnlyRunBy`, but only one of these transactions can take the count from
 * 2 to 1: the other is refused (409 naming the page), and that account is not deleted.
 */
export async function stepDownFromPages(userId: string): Promise<void> {
  let cursor: string | null = null;
  do {
    const page = await membershipsOf(userId, cursor);
    for (const m of page.data.filter((x) => x.status === 'member' && isPageAdmin(x.role))) {
      const items = [named('membership-unchanged', membershipDelete(m)), countsItem(m.pageId, { memberCount: -1, adminCount: -1 })];
      const out = await writeItems(items);
      if (!out.canceled || failedChecks(out, items).has('membership-unchanged')) continue; // Done, or changed meanwhile (the sweep takes it).
      const p = await db().entities.page.get({ id: m.pageId }).go({ consistent: true });
      if (!p.data || p.data.deletedAt) {
        await writeItems([membershipDelete(m)]);
        continue;
      }
      throw conflict(`You are the only admin of ${p.data.name} (@${p.data.handle}): make another member an admin, or delete the page, first`);
    }
    cursor = page.cursor;
  } while (cursor);
}

/**
 * Removes every membership, request and invitation of a deleted account, the pages' counts
 * following in the same transaction (nothing is added to a page that is gone). Safe to run again.
 */
export async function leaveAllPages(userId: string, passes = 3): Promise<number> {
  let removed = 0;
  let cursor: string | null = null;
  do {
    const page = await membershipsOf(userId, cursor);
    for (const m of page.data) {
      const counts: Counts =
        m.status === 'member' ? { memberCount: -1, ...(isPageAdmin(m.role) ? { adminCount: -1 } : {}) } : m.status === 'requested' ? { requestCount: -1 } : {};
      // Only the membership as read: one already gone (the index lags) or changed meanwhile is
      // left to the next pass, and its counts are not moved twice.
      const del = named('membership-unchanged', txEntities()
        .pageMember.delete({ pageId: m.pageId, userId })
        .where((a, op) => `${op.eq(a.updatedAt, m.updatedAt)} AND ${op.eq(a.status, m.status)}`)
        .commit() as TxItem);
      const hasCounts = Object.keys(counts).length > 0;
      const count = named('page-live', addItem(pageKey(m.pageId), { ...counts, version: 1 }, live()));
      const items = hasCounts ? [del, count] : [del];
      const out = await writeItems(items);
      const failed = failedChecks(out, items);
      if (!out.canceled) removed++;
      else if (failed.has('membership-unchanged')) continue;
      // The page is deleted or gone (its own sweep removes the rest): the membership goes alone.
      else if (hasCounts && failed.has('page-live')) {
        if (!(await writeItems([del])).canceled) removed++;
      }
      else throw new Error(`could not remove a membership: ${JSON.stringify(out.data)}`);
    }
    cursor = page.cursor;
  } while (cursor);
  // A membership changed while it was read (approved meanwhile, say): another pass takes it. The
  // index may still list one already gone for a moment, so the passes are few.
  if (passes <= 1 || !(await membershipsOf(userId, null)).data.length) return removed;
  return removed + (await leaveAllPages(userId, passes - 1));
}
