/**
 * Events as they are read: an event by id or random id, its dates, who may see and change it, and
 * the views the routes answer (E1 in docs/data-model.md).
 */
import type { EventDateCard, EventDateView, EventOwner, EventPlace, EventView } from '../../shared/answers/events';
import { batchGet } from '../db/batch';
import { dateCountsKey } from '../db/items/date-counts';
import { attendanceKey, eventKey, SERIES_DONE, type EventAttendanceItem, type EventDateItem, type EventItem } from '../db/entities/event';
import { ownerRefKey } from '../db/entities/owner';
import { pageKey, type PageItem } from '../db/entities/page';
import { userKey, type UserItem } from '../db/entities/user';
import { db } from '../db/service';
import type { TxItem, TxOutcome } from '../db/transact';
import { forbidden, notFound } from '../lib/errors';
import { assertLiveAdmin } from '../lib/session/live';
import type { Session } from '../lib/session/token';
import { siteOrigin } from '../lib/site-origin';
import { assertRoleKept, isPageStaff, membershipOf, roleCheck, roleOf } from '../pages/pages';
import type { Viewer } from '../lib/session/viewer';
import { accountGone, accountSuspended } from '../users/author-live';
import { describeRrule } from './recurrence';

/** Dates older than this are left out of an event's page and its calendar file. */
export const PAST_DAYS_SHOWN = 30;
const DAY_MS = 86_400_000;

/** A date's key: its original start in ms, 13 digits (so keys sort by time). */
export const dateKeyOf = (iso: string): string => String(Date.parse(iso)).padStart(13, '0');
export const specificIdOf = (eventId: string, dateKey: string): string => `${eventId}.${dateKey}`;
export function parseSpecificId(id: string): { eventId: string; dateKey: string } {
  const dot = id.lastIndexOf('.');
  return { eventId: id.slice(0, dot), dateKey: id.slice(dot + 1) };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function getEvent(id: string, consistent = false): Promise<EventItem | null> {
  const { data } = await db().entities.event.get({ id }).go({ consistent });
  return (data as EventItem | null) ?? null;
}

export async function eventIdByRandomId(randomId: string): Promise<string | null> {
  const { data } = await db().entities.eventRandomId.get({ randomId }).go();
  return data?.eventId ?? null;
}

/** The live event an id or random id names; 404 naming `field` otherwise. */
export async function liveEvent(ref: string, field = 'id', consistent = false): Promise<EventItem> {
  const id = UUID.test(ref) ? ref : await eventIdByRandomId(ref);
  const event = id ? await getEvent(id, consistent) : null;
  if (!event || event.deletedAt) throw notFound('There is no such event', field);
  return event;
}

/** Whether the viewer may see the event: members-only events are for signed-in members (and their creator). */
export function maySee(event: Pick<EventItem, 'privacy' | 'createdBy' | 'hiddenAt'>, viewer: Viewer): boolean {
  // Hidden by an admin: its creator and admins alone, in no one else's list or page.
  if (event.hiddenAt) return viewer.admin || (viewer.userId !== null && viewer.userId === event.createdBy);
  return event.privacy === 'public' || viewer.member || viewer.admin || (viewer.userId !== null && viewer.userId === event.createdBy);
}

/** The event as the viewer may see it; a members-only event is a 404 to guests, so its existence does not leak. */
export async function visibleEvent(ref: string, viewer: Viewer, field = 'id'): Promise<EventItem> {
  const event = await liveEvent(ref, field);
  if (!maySee(event, viewer)) throw notFound('There is no such event', field);
  return event;
}

/** Every date of an event, in order of original start (a series holds at most some 60 at a time). */
export async function datesOf(eventId: string, consistent = false): Promise<EventDateItem[]> {
  const { data } = await db().entities.eventDate.query.byEvent({ eventId }).go({ pages: 'all', consistent });
  return (data as EventDateItem[]).filter((d) => !d.deletedAt);
}

export async function getDate(eventId: string, dateKey: string, consistent = false): Promise<EventDateItem | null> {
  const { data } = await db().entities.eventDate.get({ eventId, dateKey }).go({ consistent });
  return (data as EventDateItem | null) ?? null;
}

export async function attendanceOf(eventId: string, dateKey: string, userId: string, consistent = false): Promise<EventAttendanceItem | null> {
  const { data } = await db().entities.eventAttendance.get({ eventId, dateKey, userId }).go({ consistent });
  return (data as EventAttendanceItem | null) ?? null;
}

/** A date's attendance counts; `waiting` are GOING requests beyond the capacity. */
export interface DateCounts {
  going: number;
  maybe: number;
  notGoing: number;
  waiting: number;
}

const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

/** A date's counts: its counter item's (E4d; none yet is zero), plus those an older date still holds itself. */
export function countsFrom(d: Pick<EventDateItem, 'going' | 'maybe' | 'notGoing' | 'waiting'>, counter: Record<string, unknown> | undefined): DateCounts {
  return {
    going: num(d.going) + num(counter?.going),
    maybe: num(d.maybe) + num(counter?.maybe),
    notGoing: num(d.notGoing) + num(counter?.notGoing),
    waiting: num(d.waiting) + num(counter?.waiting),
  };
}

/** The counts of these dates, by `<eventId>.<dateKey>` (one BatchGet of their counter items). */
export async function countsOf(dates: EventDateItem[], consistent = false): Promise<Map<string, DateCounts>> {
  const out = new Map<string, DateCounts>();
  if (!dates.length) return out;
  const counters = new Map<string, Record<string, unknown>>();
  for (const item of await batchGet(dates.map((d) => dateCountsKey(d.eventId, d.dateKey)), { consistent })) {
    counters.set(`${String(item.pk)}\u0000${String(item.sk)}`, item);
  }
  for (const d of dates) {
    const key = dateCountsKey(d.eventId, d.dateKey);
    out.set(specificIdOf(d.eventId, d.dateKey), countsFrom(d, counters.get(`${key.pk}\u0000${key.sk}`)));
  }
  return out;
}

/**
 * The viewer's attendance of these dates and the dates' counts, both by `<eventId>.<dateKey>`, in
 * one BatchGet (a guest's holds the counter items only).
 */
export async function mineAndCounts(dates: EventDateItem[], userId: string | null, consistent = false): Promise<{ mine: Map<string, EventAttendanceItem>; counts: Map<string, DateCounts>; positions: Map<string, number> }> {
  const mine = new Map<string, EventAttendanceItem>();
  const counts = new Map<string, DateCounts>();
  if (!dates.length) return { mine, counts, positions: new Map() };
  const keys = [...dates.map((d) => dateCountsKey(d.eventId, d.dateKey)), ...(userId ? dates.map((d) => attendanceKey(d.eventId, d.dateKey, userId)) : [])];
  const counters = new Map<string, Record<string, unknown>>();
  for (const item of await batchGet(keys, { consistent })) {
    if (String(item.sk).startsWith('count#')) {
      counters.set(`${String(item.pk)}\u0000${String(item.sk)}`, item);
      continue;
    }
    const { data } = db().entities.eventAttendance.parse({ Item: item });
    if (data) mine.set(specificIdOf(data.eventId, data.dateKey), data as EventAttendanceItem);
  }
  for (const d of dates) {
    const key = dateCountsKey(d.eventId, d.dateKey);
    counts.set(specificIdOf(d.eventId, d.dateKey), countsFrom(d, counters.get(`${key.pk}\u0000${key.sk}`)));
  }
  return { mine, counts, positions: await waitlistPositions([...mine.values()]) };
}

/**
 * Where the viewer stands on each waitlist they are on (1: next to get a place), by specific id:
 * one Query of the date's waitlist index up to and including their own key (its order, `since`
 * then member, is the order `attend.ts` promotes in), for each date they wait on only.
 */
export async function waitlistPositions(answers: EventAttendanceItem[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  await Promise.all(answers.filter((a) => a.waiting).map(async (a) => {
    const { data } = await db().entities.eventAttendance.query.waitlist({ eventId: a.eventId, dateKey: a.dateKey })
      .lte({ since: a.since, userId: a.userId })
      .go({ pages: 'all', attributes: ['userId', 'waiting'] });
    // The index is eventually consistent: the viewer is counted whether or not it shows them yet.
    const ahead = (data as Pick<EventAttendanceItem, 'userId' | 'waiting'>[]).filter((w) => w.waiting && w.userId !== a.userId).length;
    out.set(specificIdOf(a.eventId, a.dateKey), ahead + 1);
  }));
  return out;
}

/** One date's counts (a consistent read unless told otherwise). */
export async function countsOfDate(d: EventDateItem, consistent = true): Promise<DateCounts> {
  return (await countsOf([d], consistent)).get(specificIdOf(d.eventId, d.dateKey))!;
}

/**
 * Whether the session may change the event: its creator while the account is live, the admins and
 * moderators of its page, or a site admin. Writes refuse suspended members and unfinished sign-ups.
 * Answers the conditions for the change's transactions: the page role the editor acts on, so a
 * demotion or removal that lands between this read and the write cancels it (none for the
 * creator of a member's event, or a site admin acting on those powers).
 */
export async function assertMayEdit(session: Session, event: EventItem): Promise<TxItem[]> {
  if (session.suspended) throw forbidden('Your account is suspended');
  if (!session.registered) throw forbidden('Complete your registration first');
  const [user, membership] = await Promise.all([
    db().entities.user.get({ uuid: session.userId }).go({ consistent: true }).then((r) => r.data),
    event.ownerType === 'page' ? membershipOf(event.ownerId, session.userId, true) : null,
  ]);
  // An access token outlives a deleted account by up to 15 minutes, and in the cloud the sweep of
  // its page memberships follows the deletion by a few seconds: its powers end with the account.
  if (!user || user.deletedAt) throw accountGone();
  if (user.suspended) throw accountSuspended();
  const role = roleOf(membership);
  if (event.ownerType === 'page' && isPageStaff(role)) {
    return roleCheck(event.ownerId, { userId: session.userId, siteAdmin: false, membership, role }, 'moderator');
  }
  if (event.ownerType !== 'page' && event.createdBy === session.userId) return [];
  if (session.role === 'admin') {
    await assertLiveAdmin(session);
    return [];
  }
  throw forbidden(event.ownerType === 'page' ? 'Only the page\'s admins and moderators may change its events' : 'Only the event\'s creator may change it');
}

/** Throws 403 when the change's transaction was refused because the editor's page role changed meanwhile. */
export function assertEditorKept(out: TxOutcome, items: readonly TxItem[]): void {
  assertRoleKept(out, items);
}

export async function mayEdit(viewer: Viewer, event: EventItem): Promise<boolean> {
  if (!viewer.userId || viewer.suspended) return false;
  if (viewer.admin) return true;
  if (event.ownerType === 'page') return isPageStaff(roleOf(await membershipOf(event.ownerId, viewer.userId)));
  return event.createdBy === viewer.userId;
}

// ── Views ──────────────────────────────────────────────────────────────────────────────────

type PlaceFields = Partial<Pick<EventItem, 'locationId' | 'placeName' | 'address' | 'suburbCity' | 'state' | 'country' | 'latitude' | 'longitude'>>;

export function placeOf(p: PlaceFields): EventPlace {
  const label = [p.placeName, p.address, p.suburbCity].filter((s) => s && s.trim()).join(', ');
  return {
    locationId: p.locationId ?? null,
    name: p.placeName ?? '',
    address: p.address ?? null,
    suburbCity: p.suburbCity ?? null,
    state: p.state ?? null,
    country: p.country ?? null,
    label,
    latitude: p.latitude ?? 0,
    longitude: p.longitude ?? 0,
  };
}

export function dateViewOf(d: EventDateItem, capacity: number | undefined, mine: EventAttendanceItem | undefined, counts: DateCounts, position: number | undefined): EventDateView {
  return {
    id: specificIdOf(d.eventId, d.dateKey),
    eventId: d.eventId,
    startsAt: d.startsAt,
    endsAt: d.endsAt,
    cancelled: d.cancelled,
    edited: d.edited,
    place: d.ownPlace ? placeOf(d) : null,
    counts: { going: Math.max(0, counts.going), maybe: Math.max(0, counts.maybe), notGoing: Math.max(0, counts.notGoing), waiting: Math.max(0, counts.waiting) },
    full: capacity !== undefined && counts.going >= capacity,
    myStatus: mine?.status ?? null,
    myWaiting: mine?.waiting ?? false,
    myWaitlistPosition: mine?.waiting ? (position ?? null) : null,
  };
}

export const eventUrl = (randomId: string): string => `${siteOrigin()}/event/${randomId}`;

const formerOwner = (e: Pick<EventItem, 'ownerType' | 'ownerId'>): EventOwner => ({ type: e.ownerType, id: e.ownerId, handle: null, name: null, avatar: null });

/** The owners of these events (members and pages), by `ownerRefKey`, in one BatchGet. */
export async function ownersOf(events: Pick<EventItem, 'ownerType' | 'ownerId'>[]): Promise<Map<string, EventOwner>> {
  const keys = new Map<string, { pk: string; sk: string }>();
  for (const e of events) keys.set(ownerRefKey(e.ownerType, e.ownerId), e.ownerType === 'page' ? pageKey(e.ownerId) : userKey(e.ownerId));
  const out = new Map<string, EventOwner>();
  if (!keys.size) return out;
  for (const item of await batchGet([...keys.values()])) {
    if (item.__edb_e__ === 'page') {
      const p = db().entities.page.parse({ Item: item }).data as PageItem | null;
      if (p && !p.deletedAt) out.set(ownerRefKey('page', p.id), { type: 'page', id: p.id, handle: p.handle, name: p.name, avatar: p.avatar ?? null });
    } else if (item.__edb_e__ === 'user') {
      const u = db().entities.user.parse({ Item: item }).data as UserItem | null;
      if (u && !u.deletedAt && u.username) {
        out.set(ownerRefKey('user', u.uuid), { type: 'user', id: u.uuid, handle: u.username, name: [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username, avatar: u.avatar ?? null });
      }
    }
  }
  return out;
}

/** The dates an event's page shows: from 30 days ago on. */
const shownDates = (dates: EventDateItem[], nowMs = Date.now()): EventDateItem[] => dates.filter((d) => Date.parse(d.endsAt) >= nowMs - PAST_DAYS_SHOWN * DAY_MS);

export function eventViewOf(e: EventItem, dates: EventDateItem[], mine: Map<string, EventAttendanceItem>, counts: Map<string, DateCounts>, positions: Map<string, number>, owner: EventOwner | undefined, canEdit: boolean, nowMs = Date.now()): EventView {
  const shown = shownDates(dates, nowMs).sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.dateKey.localeCompare(b.dateKey));
  return {
    id: e.id,
    randomId: e.randomId,
    url: eventUrl(e.randomId),
    title: e.title,
    description: e.description,
    privacy: e.privacy,
    owner: owner ?? formerOwner(e),
    createdBy: e.createdBy,
    place: placeOf(e),
    timeZone: e.timeZone,
    tags: e.tags,
    cover: e.cover ?? null,
    capacity: e.capacity ?? null,
    recurrence: e.rrule ? { rrule: e.rrule, description: describeRrule(e.rrule), until: e.seriesUntil ?? null, datesUntil: e.materialisedUntil === SERIES_DONE ? (e.seriesUntil ?? null) : e.materialisedUntil } : null,
    specifics: shown.map((d) => dateViewOf(d, e.capacity, mine.get(specificIdOf(d.eventId, d.dateKey)), counts.get(specificIdOf(d.eventId, d.dateKey)) ?? countsFrom(d, undefined), positions.get(specificIdOf(d.eventId, d.dateKey)))),
    canEdit,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}

/** An event with its dates, their counts and the viewer's attendance, as `GET /api/events/{id}` answers it. */
export async function fullView(event: EventItem, viewer: Viewer, opts: { consistent?: boolean } = {}): Promise<EventView> {
  const [dates, owners, canEdit] = await Promise.all([datesOf(event.id, opts.consistent), ownersOf([event]), mayEdit(viewer, event)]);
  const { mine, counts, positions } = await mineAndCounts(shownDates(dates), viewer.userId, opts.consistent);
  return eventViewOf(event, dates, mine, counts, positions, owners.get(ownerRefKey(event.ownerType, event.ownerId)), canEdit);
}

/** Templates by id (one BatchGet), live ones only. */
export async function eventsById(ids: string[]): Promise<Map<string, EventItem>> {
  const out = new Map<string, EventItem>();
  const unique = [...new Set(ids)];
  if (!unique.length) return out;
  for (const item of await batchGet(unique.map(eventKey))) {
    const { data } = db().entities.event.parse({ Item: item });
    if (data && !data.deletedAt) out.set(data.id, data as EventItem);
  }
  return out;
}

/**
 * Dates as list cards: their templates and owners (two BatchGets), then their counts with the
 * viewer's attendance (one BatchGet, beside the owners'); dates whose event the viewer may not see are left out,
 * the order kept.
 */
export async function dateCards(dates: EventDateItem[], viewer: Viewer): Promise<EventDateCard[]> {
  const events = await eventsById(dates.map((d) => d.eventId));
  const visible = dates.filter((d) => {
    const e = events.get(d.eventId);
    return e && maySee(e, viewer);
  });
  const [owners, { mine, counts, positions }] = await Promise.all([ownersOf([...events.values()]), mineAndCounts(visible, viewer.userId)]);
  return visible.map((d) => {
    const e = events.get(d.eventId)!;
    return {
      event: {
        id: e.id, randomId: e.randomId, title: e.title, privacy: e.privacy, owner: owners.get(ownerRefKey(e.ownerType, e.ownerId)) ?? formerOwner(e),
        place: placeOf(e), timeZone: e.timeZone, cover: e.cover ?? null, recurring: !!e.rrule,
      },
      date: dateViewOf(d, e.capacity, mine.get(specificIdOf(d.eventId, d.dateKey)), counts.get(specificIdOf(d.eventId, d.dateKey))!, positions.get(specificIdOf(d.eventId, d.dateKey))),
    };
  });
}
