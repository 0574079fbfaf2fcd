/**
 * Writing events: creating one with its first dates, adding dates, changing the event or one
 * date, rewriting a series from a pivot on, and deleting. Each write is one transaction with its
 * counts (the template's `dateCount`, the location's and the owner's link's uses), and templates
 * and dates are written whole, guarded on `version` (a date's attendance counts are on a counter
 * item of their own, E4d, so whole puts of the date never carry them).
 */
import { randomBytes } from 'node:crypto';
import { MAX_DATES_PER_EVENT, type EventLocationInput, type FutureDatesInput, type NewEventInput, type SpecificInput, type UpdateEventInput, type UpdateSpecificInput } from '../../shared/schemas/events';
import { addItem } from '../db/add';
import { and, eq, live } from '../db/condition';
import { batchDelete, partitionItems, partitionPage } from '../db/batch';
import { eventDateKey, eventKey, eventPk, SERIES_DONE, type EventAttendanceItem, type EventDateItem, type EventItem } from '../db/entities/event';
import type { OwnerRef } from '../db/entities/owner';
import { db } from '../db/service';
import { dateCountsDelete } from '../db/items/date-counts';
import { dateWorkDelete, eventMarkerClear, eventMarkerPut, followWorkKey } from '../db/items/event-work';
import { failedChecks, named, txEntities, writeItems, type TxItem, type TxOutcome } from '../db/transact';
import { deleteItem } from '../db/write';
import { badRequest, conflict, forbidden, serviceUnavailable } from '../lib/errors';
import { sweepsDeferred } from '../lib/deferred';
import { deleteImage } from '../lib/images';
import { logger } from '../lib/logger';
import type { Session } from '../lib/session/token';
import { actOnPage, roleCheck } from '../pages/pages';
import { notificationWrite } from '../notifications/notifications';
import { accountGone, accountSuspended, assertAuthorWasLive, authorLiveCheck } from '../users/author-live';
import { getUser } from '../users/users';
import { hasPermission, loadPermissionSettings } from '../users/permission-rules';
import { ATTENDEE_BATCH, catchUp, pendingWork, workOf, workPut, type Tell } from './catch-up';
import { promoteMarkerPut, spent, type Budget } from './attend';
import type { CoverOps } from './event-images';
import { assertEditorKept, countsOf, dateKeyOf, datesOf, getDate, getEvent, type DateCounts } from './events';
import { getLocation, locationIdOf, ownerPkOf, releaseLocation, snapshotOf, useLocation, type PlaceSnapshot } from './locations';
import { checkRrule, expandSeries, localDay, normaliseRrule, SERIES_AHEAD_DAYS, SERIES_MAX_DAYS } from './recurrence';

const DAY_MS = 86_400_000;
const ATTEMPTS = 5;
/** Dates one transaction writes with its other items (a transaction holds at most 100). */
const DATES_PER_TX = 60;
/** A date may start this long ago at the most when it is added (a late entry of today's meeting). */
const PAST_GRACE_MS = 6 * 60 * 60 * 1000;
/** Dates are added at most this far ahead. */
const MAX_AHEAD_DAYS = 730;

/** The time zone at a position: the gazetteer's (handed in by the routes that may change a place, so others do not carry it). */
export type ZoneAt = (latitude: number, longitude: number) => Promise<string>;

const iso = (ms: number) => new Date(ms).toISOString();

function randomIdNew(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
}

function eventPut(before: EventItem | null, after: EventItem): TxItem {
  const { event } = txEntities();
  if (!before) return event.create(after).commit();
  const { id, version: _, ...rest } = after;
  return event.put({ id, ...rest, version: before.version + 1 }).where((a, op) => op.eq(a.version, before.version)).commit();
}

function datePut(before: EventDateItem, after: EventDateItem): TxItem {
  const { eventDate } = txEntities();
  const { eventId, dateKey, version: _, ...rest } = after;
  return eventDate.put({ eventId, dateKey, ...rest, version: before.version + 1 }).where((a, op) => op.eq(a.version, before.version)).commit();
}

/** A new date of the event, at the event's place. */
export function newDate(e: EventItem, startsAt: string, endsAt: string, now: string, dateKey = dateKeyOf(startsAt)): EventDateItem {
  return {
    eventId: e.id, dateKey, startsAt, endsAt, ownerType: e.ownerType, ownerId: e.ownerId, privacy: e.privacy,
    ...placeFields(e), ownPlace: false, cancelled: false, edited: false,
    reminderSent: false, sequence: 0, version: 0, createdAt: now, updatedAt: now,
  };
}

function placeFields(p: Partial<PlaceSnapshot>): PlaceSnapshot {
  return {
    locationId: p.locationId!, placeName: p.placeName!, latitude: p.latitude!, longitude: p.longitude!, geohash: p.geohash!,
    ...(p.address ? { address: p.address } : {}), ...(p.suburbCity ? { suburbCity: p.suburbCity } : {}),
    ...(p.state ? { state: p.state } : {}), ...(p.country ? { country: p.country } : {}),
  };
}

/** Puts `item` at `place` whole: the optional parts the new place lacks are removed, not kept from the old one. */
function setPlace(item: EventItem | EventDateItem, place: PlaceSnapshot): void {
  delete item.address;
  delete item.suburbCity;
  delete item.state;
  delete item.country;
  Object.assign(item, place);
}

function dateCreate(d: EventDateItem): TxItem {
  return txEntities().eventDate.create(d).commit();
}

/**
 * The template's date count, and its version (a whole put that read an older template retries).
 * A new date (`madeFrom`) also holds the template to the privacy and place the date copied: a
 * change of either that landed since the date was made from it cancels the date's write.
 */
const dateCountItem = (eventId: string, delta: number, madeFrom?: Pick<EventDateItem, 'privacy' | 'locationId' | 'geohash'>): TxItem =>
  addItem(
    eventKey(eventId),
    { dateCount: delta, version: 1 },
    and(live(), ...Object.entries(madeFrom ? { privacy: madeFrom.privacy, locationId: madeFrom.locationId, geohash: madeFrom.geohash } : {}).filter((e): e is [string, string] => e[1] !== undefined).map(([a, v]) => eq(a, v))),
  );

/**
 * Refuses dates added by hand past MAX_DATES_PER_EVENT (every read of the event reads them all).
 * A series' job is not held to it: its dates come at the pace of the calendar.
 */
function assertRoomFor(existing: number, added: number, field: string): void {
  if (added > 0 && existing + added > MAX_DATES_PER_EVENT) throw badRequest(`would give the event more than ${MAX_DATES_PER_EVENT} dates; make a new event for more`, field);
}

/** Refuses a start in the past or too far ahead, naming the field. */
function checkStart(startsAt: string, field: string, nowMs: number): void {
  if (Date.parse(startsAt) < nowMs - PAST_GRACE_MS) throw badRequest('must not be in the past', field);
  if (Date.parse(startsAt) > nowMs + MAX_AHEAD_DAYS * DAY_MS) throw badRequest('must be within two years', field);
}

/** Refuses dates in the past or too far ahead, naming the field. */
function checkWhen(specifics: SpecificInput[], field: string, nowMs: number): void {
  specifics.forEach((s, i) => checkStart(s.startsAt, `${field}.${i}.startsAt`, nowMs));
}

/** The series' end: the `until` asked for, at most SERIES_MAX_DAYS from now; 400 naming the field past it. */
function seriesEnd(until: string | undefined, firstStart: string, nowMs: number, field: string): string {
  const cap = nowMs + SERIES_MAX_DAYS * DAY_MS;
  if (until && Date.parse(until) > cap) throw badRequest('must be at most six months ahead; extend the series later', field);
  if (until && until < firstStart) throw badRequest('must not be before the first date', field);
  return until ?? iso(cap);
}

/** The series' dates from `fromMs` to its horizon (8 weeks ahead, never past its end), as start instants. */
function seriesDates(e: Pick<EventItem, 'rrule' | 'seriesStart' | 'timeZone' | 'seriesUntil'>, fromMs: number, nowMs: number): Date[] {
  const to = Math.min(Date.parse(e.seriesUntil!), nowMs + SERIES_AHEAD_DAYS * DAY_MS);
  if (to < fromMs) return [];
  return expandSeries({ rrule: e.rrule!, firstStart: new Date(e.seriesStart!), timeZone: e.timeZone, from: new Date(fromMs), to: new Date(to), until: new Date(e.seriesUntil!) });
}

export interface NewEventDeps {
  zoneAt: ZoneAt;
  beforeCreate?: () => Promise<void>;
  /** Needed for a cover (the claim of its upload): handed in by the route, so others need no bucket grants. */
  claimCover?: CoverOps['claim'];
}

/** The message when a cover's claim failed in the transaction (another save used it, or it aged meanwhile). */
const COVER_LOST = 'cover was already used or is too old; upload it again';

/** The name of a cover's claim in a transaction: its failure means the upload was used or aged. */
const COVER_CLAIM = 'cover-unclaimed';

/** Creates an event with its first dates (a series: those of its first 8 weeks); a retry with the same id answers the first. */
export async function createEvent(session: Session, input: NewEventInput, deps: NewEventDeps): Promise<{ event: EventItem; created: boolean }> {
  const earlier = await getEvent(input.id, true);
  if (earlier) {
    if (earlier.createdBy !== session.userId || earlier.deletedAt) throw conflict('This id belongs to another event; generate a new one', 'id');
    return { event: earlier, created: false };
  }
  if (session.suspended) throw forbidden('Your account is suspended');
  const nowMs = Date.now();
  checkWhen(input.specifics, 'specifics', nowMs);
  const [first, ...others] = input.specifics as [SpecificInput, ...SpecificInput[]];
  if (input.recurrence) {
    const why = checkRrule(input.recurrence.rrule);
    if (why) throw badRequest(why, 'recurrence.rrule');
  }
  const user = await getUser(session.userId);
  if (!user || user.deletedAt) throw accountGone();
  if (user.suspended) throw accountSuspended();
  if (!hasPermission(user, 'create-event', await loadPermissionSettings())) throw forbidden('You may not create events');
  const pageActor = input.pageId ? (await actOnPage(session, input.pageId, 'moderator', 'Only the page\'s admins and moderators may create its events')).actor : null;
  await deps.beforeCreate?.();
  if (input.cover && !deps.claimCover) throw new Error('createEvent: a cover needs claimCover');
  const claims = input.cover ? [named(COVER_CLAIM, await deps.claimCover!(session.userId, input.id, input.cover))] : [];

  const now = iso(nowMs);
  const timeZone = await deps.zoneAt(input.location.latitude, input.location.longitude);
  const locationId = locationIdOf(input.location);
  const event: EventItem = {
    id: input.id,
    randomId: randomIdNew(),
    title: input.title,
    description: input.description,
    privacy: input.privacy,
    ownerType: input.pageId ? 'page' : 'user',
    ownerId: input.pageId ?? session.userId,
    createdBy: session.userId,
    ...snapshotOf(input.location, locationId),
    timeZone,
    tags: input.tags ?? [],
    ...(input.capacity ? { capacity: input.capacity } : {}),
    ...(input.cover ? { cover: input.cover } : {}),
    materialisedUntil: SERIES_DONE,
    dateCount: 0,
    version: 0,
    createdAt: now,
    updatedAt: now,
  };
  const starts = new Map<string, EventDateItem>();
  const add = (startsAt: string, endsAt: string) => {
    const d = newDate(event, startsAt, endsAt, now);
    if (!starts.has(d.dateKey)) starts.set(d.dateKey, d);
  };
  if (input.recurrence) {
    event.rrule = normaliseRrule(input.recurrence.rrule);
    event.seriesStart = first.startsAt;
    event.durationMs = Date.parse(first.endsAt) - Date.parse(first.startsAt);
    event.seriesUntil = seriesEnd(input.recurrence.until, first.startsAt, nowMs, 'recurrence.until');
    const series = seriesDates(event, Date.parse(first.startsAt), nowMs).slice(0, DATES_PER_TX - others.length);
    add(first.startsAt, first.endsAt);
    for (const s of series) add(s.toISOString(), iso(s.getTime() + event.durationMs));
    const last = series.at(-1);
    event.materialisedUntil = last ? last.toISOString() : first.startsAt;
  } else {
    add(first.startsAt, first.endsAt);
  }
  for (const s of others) add(s.startsAt, s.endsAt);
  event.dateCount = starts.size;

  for (let attempt = 1; ; attempt++) {
    const existing = await getLocation(locationId);
    const { eventRandomId } = txEntities();
    const [location, ...locationRest] = useLocation(input.location, existing, timeZone, ownerPkOf(event), now);
    const items: TxItem[] = [
      named('event-id-free', eventPut(null, event)),
      named('random-id-free', eventRandomId.create({ randomId: event.randomId, eventId: event.id }).commit()),
      authorLiveCheck(session.userId),
      named('location-as-read', location!),
      ...locationRest,
      ...(pageActor ? roleCheck(event.ownerId, pageActor, 'moderator') : []),
      ...[...starts.values()].map(dateCreate),
      ...claims,
    ];
    const out = await writeItems(items);
    if (!out.canceled) return { event, created: true };
    const failed = failedChecks(out, items);
    if (failed.has('event-id-free')) {
      const raced = await getEvent(input.id, true);
      if (raced && raced.createdBy === session.userId && !raced.deletedAt) return { event: raced, created: false };
      throw conflict('This id belongs to another event; generate a new one', 'id');
    }
    await assertAuthorWasLive(out, items, session.userId);
    if (failed.has(COVER_CLAIM)) throw badRequest(COVER_LOST, 'cover');
    if (failed.has('random-id-free')) event.randomId = randomIdNew();
    else if (!failed.has('location-as-read')) throwRoleOrBusy(out);
    if (attempt >= ATTEMPTS) throw serviceUnavailable('The site is busy; please try again');
  }
}

function throwRoleOrBusy(out: TxOutcome): never {
  if (out.data.some((d) => d.code === 'ConditionalCheckFailed')) throw forbidden('Your role in this page changed; reload and try again');
  throw serviceUnavailable('The site is busy; please try again');
}

/** Adds dates to an event; a date at a start that already exists is skipped. */
export async function addDates(event: EventItem, specifics: SpecificInput[], guard: TxItem[] = []): Promise<number> {
  const nowMs = Date.now();
  checkWhen(specifics, 'specifics', nowMs);
  const existing = new Set((await datesOf(event.id, true)).map((d) => d.dateKey));
  const now = iso(nowMs);
  const fresh = new Map<string, EventDateItem>();
  for (const s of specifics) {
    // A date added by hand to a series is kept when the series is rewritten, as one changed by hand is.
    const d = { ...newDate(event, s.startsAt, s.endsAt, now), edited: !!event.rrule };
    if (!existing.has(d.dateKey)) fresh.set(d.dateKey, d);
  }
  assertRoomFor(existing.size, fresh.size, 'specifics');
  return createDates(event.id, [...fresh.values()], guard);
}

/**
 * Writes new dates, each in a transaction with the template's count, so a date that exists
 * already (the job run twice, a retry) cancels only its own write. Answers how many were written.
 */
export async function createDates(eventId: string, dates: EventDateItem[], guard: TxItem[] = []): Promise<number> {
  let written = 0;
  for (const made of dates) {
    let d = made;
    for (let attempt = 1; ; attempt++) {
      const items = [named('date-new', dateCreate(d)), named('event-as-made-from', dateCountItem(eventId, 1, d)), ...guard];
      const out = await writeItems(items);
      assertEditorKept(out, items);
      if (!out.canceled) {
        written++;
        break;
      }
      const failed = failedChecks(out, items);
      if (failed.has('date-new')) break;
      if (!failed.has('event-as-made-from')) throw serviceUnavailable('The site is busy; please try again');
      // Gone, or its privacy or place changed since the date was made from it: the date follows it as it is now.
      const now = await getEvent(eventId, true);
      if (!now || now.deletedAt) return written;
      if (attempt >= ATTEMPTS) throw serviceUnavailable('The site is busy; please try again');
      d = { ...d, privacy: now.privacy };
      if (!d.ownPlace) setPlace(d, placeFields(now));
    }
  }
  return written;
}

function moveLocation(before: EventItem, place: PlaceSnapshot, input: EventLocationInput, timeZone: string, existing: Awaited<ReturnType<typeof getLocation>>, now: string): TxItem[] {
  if (before.locationId === place.locationId) return [];
  return [...releaseLocation(before.locationId, ownerPkOf(before)), ...useLocation(input, existing, timeZone, ownerPkOf(before), now)];
}

/** Whether a change of the event gave its dates more room (a larger capacity, or none). */
export const capacityGrew = (before: Pick<EventItem, 'capacity'>, after: Pick<EventItem, 'capacity'>): boolean =>
  before.capacity !== undefined && (after.capacity === undefined || after.capacity > before.capacity);

export interface ChangeEventDeps {
  zoneAt?: ZoneAt;
  /** Needed for a change of cover, with the member making it (whose upload it must be). */
  covers?: CoverOps;
  actorId?: string;
  /** The editor's page role as a condition of each write (`assertMayEdit`). */
  guard?: TxItem[];
}

/**
 * Changes an event's details; dates that follow the event's place and privacy are rewritten with
 * it. A larger capacity lets waiting members in (the caller promotes them after).
 */
export async function changeEvent(first: EventItem, change: UpdateEventInput, deps: ChangeEventDeps = {}): Promise<EventItem> {
  if (change.location && !deps.zoneAt) throw new Error('changeEvent: a change of place needs zoneAt');
  if (change.cover !== undefined && (!deps.covers || !deps.actorId)) throw new Error('changeEvent: a change of cover needs covers and actorId');
  const claims = typeof change.cover === 'string' && change.cover !== first.cover ? [named(COVER_CLAIM, await deps.covers!.claim(deps.actorId!, first.id, change.cover))] : [];
  const nowMs = Date.now();
  let before = first;
  for (let attempt = 1; ; attempt++) {
    const now = iso(nowMs);
    const after: EventItem = { ...before, updatedAt: now };
    if (change.title !== undefined) after.title = change.title;
    if (change.description !== undefined) after.description = change.description;
    if (change.privacy !== undefined) after.privacy = change.privacy;
    if (change.tags !== undefined) after.tags = change.tags;
    if (change.cover === null) delete after.cover;
    else if (change.cover !== undefined) after.cover = change.cover;
    if (change.capacity !== undefined) {
      if (change.capacity === null) delete after.capacity;
      else after.capacity = change.capacity;
    }
    if (change.seriesUntil !== undefined) {
      if (!before.rrule) throw badRequest('applies to a recurring event only', 'seriesUntil');
      after.seriesUntil = change.seriesUntil === null ? (before.materialisedUntil === SERIES_DONE ? before.seriesUntil! : before.materialisedUntil) : seriesEnd(change.seriesUntil, before.seriesStart!, nowMs, 'seriesUntil');
      if (after.seriesUntil !== before.seriesUntil) delete after.endingToldFor;
      // A finished series left the job's index (its mark past any date): back to its last date.
      if (before.materialisedUntil === SERIES_DONE && before.seriesUntil) after.materialisedUntil = before.seriesUntil;
      // An end at or before the dates made so far finishes the series: it leaves the job's index.
      if (after.materialisedUntil !== SERIES_DONE && after.materialisedUntil >= after.seriesUntil) after.materialisedUntil = SERIES_DONE;
    }
    let locationItems: TxItem[] = [];
    if (change.location) {
      const timeZone = await deps.zoneAt!(change.location.latitude, change.location.longitude);
      const place = snapshotOf(change.location);
      const existing = place.locationId === before.locationId ? null : await getLocation(place.locationId);
      locationItems = moveLocation(before, place, change.location, timeZone, existing, now);
      setPlace(after, placeFields(place));
      after.timeZone = timeZone;
    }
    // Dates that follow the event: its privacy and, unless they have their own, its place.
    const follow = change.privacy !== undefined || change.location !== undefined;
    const dates = follow ? await datesOf(before.id, true) : [];
    const following = datesToFollow(dates, after, nowMs, now);
    const dateItems = following.slice(0, DATES_PER_TX).map(({ d, next }) => datePut(d, next));
    // More dates than one transaction takes: a marker in the change, so that the job finishes
    // them should this request end before it has (E9).
    const followMarker = following.length > DATES_PER_TX ? [followMarkerPut(after.id, now)] : [];
    // More room: the waiting members' move up is marked in the change (E9), for the job to finish.
    const promote = capacityGrew(before, after) ? [promoteMarkerPut(after.id, after.updatedAt)] : [];
    // The replaced cover: a record due at once in this transaction, its object deleted right after.
    const retired = before.cover && before.cover !== after.cover ? [before.cover] : [];
    const items = [eventPut(before, after), ...locationItems, ...dateItems, ...followMarker, ...promote, ...retired.map((key) => deps.covers!.retire(deps.actorId!, key)), ...(deps.guard ?? []), ...claims];
    const out = await writeItems(items);
    if (!out.canceled) {
      await Promise.all(retired.map((key) => deps.covers!.remove(key)));
      if (follow) await followRest({ ...after, version: before.version + 1 }, nowMs, now);
      if (followMarker.length) await clearFollowMarker(after.id, now);
      return after;
    }
    assertEditorKept(out, items);
    if (failedChecks(out, items).has(COVER_CLAIM)) throw badRequest(COVER_LOST, 'cover');
    if (attempt >= ATTEMPTS) throw serviceUnavailable('The site is busy; please try again');
    const fresh = await getEvent(before.id, true);
    if (!fresh || fresh.deletedAt) throw conflict('The event was deleted meanwhile');
    before = fresh;
  }
}

/** The event's dates (not over for a day) whose privacy or place differ from the event's. */
function datesToFollow(dates: EventDateItem[], after: EventItem, nowMs: number, now: string): { d: EventDateItem; next: EventDateItem }[] {
  return dates
    .filter((d) => Date.parse(d.endsAt) >= nowMs - DAY_MS)
    .map((d) => {
      const next: EventDateItem = { ...d, privacy: after.privacy, updatedAt: now };
      if (!d.ownPlace) setPlace(next, placeFields(after));
      return { d, next };
    })
    .filter(({ d, next }) => d.privacy !== next.privacy || d.locationId !== next.locationId || d.geohash !== next.geohash || d.placeName !== next.placeName);
}

function followMarkerPut(eventId: string, changedAt: string): TxItem {
  return eventMarkerPut('follow', eventId, changedAt);
}

/** Removes the marker once the dates follow, unless a later change wrote it again. */
async function clearFollowMarker(eventId: string, changedAt: string): Promise<void> {
  await writeItems([eventMarkerClear('follow', eventId, changedAt)]);
}

/**
 * The job's part (hourly): the events whose dates a change of privacy or place left behind (its
 * request ended before they all followed). Each is brought in line with the event as it is now,
 * then its marker goes. Answers how many were finished.
 */
export async function resumeFollows(opts: { deadlineMs?: number } = {}): Promise<number> {
  let finished = 0;
  let startSk: string | undefined;
  do {
    const page = await partitionPage(followWorkKey('').pk, 'follow#', { limit: 25, ...(startSk ? { startSk } : {}) });
    for (const item of page.items) {
      if (opts.deadlineMs && Date.now() > opts.deadlineMs) return finished;
      const event = await getEvent(String(item.eventId), true);
      if (event && !event.deletedAt) {
        const nowMs = Date.now();
        try {
          await followRest(event, nowMs, iso(nowMs));
        } catch (err) {
          logger.warn('an event\'s dates could not follow it yet; the next run tries again', { error: err as Error, eventId: event.id });
          continue;
        }
      }
      await clearFollowMarker(String(item.eventId), String(item.changedAt));
      finished++;
    }
    startSk = page.lastSk ?? undefined;
  } while (startSk);
  return finished;
}

/** Rounds of `followRest` at most: every date an event may hold, in batches, and a retry. */
const FOLLOW_ROUNDS = Math.ceil(MAX_DATES_PER_EVENT / DATES_PER_TX) + 2;

/**
 * The dates a change of privacy or place could not take in its own transaction (it takes
 * DATES_PER_TX): rewritten in bounded batches to follow the event, each on the condition that the
 * event is as it was read; when it changed meanwhile (any write, even one that touches no date),
 * the event is read again and the dates follow it as it is now. A members-only event's dates all
 * leave the guests' lists before the answer. Ends when no date differs from the event.
 */
async function followRest(first: EventItem, nowMs: number, now: string): Promise<void> {
  let event = first;
  for (let round = 0; round < FOLLOW_ROUNDS; round++) {
    const pending = datesToFollow(await datesOf(event.id, true), event, nowMs, now);
    if (!pending.length) return;
    const unchanged = named('event-unchanged', txEntities().event.check({ id: event.id }).where((a, op) => op.eq(a.version, event.version)).commit());
    const items = [unchanged, ...pending.slice(0, DATES_PER_TX).map(({ d, next }) => datePut(d, next))];
    const out = await writeItems(items);
    if (failedChecks(out, items).has('event-unchanged')) {
      const fresh = await getEvent(event.id, true);
      if (!fresh || fresh.deletedAt) return;
      event = fresh;
    }
  }
  throw serviceUnavailable('The event\'s dates are busy; please try again');
}

export interface DateChange {
  before: EventDateItem;
  after: EventDateItem;
  /** Told to the date's attendees: it moved, or it was cancelled. */
  tell: Tell | null;
}

/** Changes one date by hand (times, cancelled, own place); it is kept when the series is rewritten. */
export async function changeDate(event: EventItem, first: EventDateItem, change: UpdateSpecificInput, actorId: string, deps: ChangeEventDeps = {}): Promise<EventDateItem> {
  if (change.location && !deps.zoneAt) throw new Error('changeDate: a place of its own needs zoneAt');
  let before = first;
  for (let attempt = 1; ; attempt++) {
    const now = new Date().toISOString();
    const after: EventDateItem = { ...before, edited: true, updatedAt: now, sequence: before.sequence + 1 };
    if (change.startsAt !== undefined) after.startsAt = change.startsAt;
    if (change.endsAt !== undefined) after.endsAt = change.endsAt;
    // A date moves only where a new one could be made: not into the past, nor years ahead.
    if (after.startsAt !== before.startsAt) checkStart(after.startsAt, 'startsAt', Date.now());
    if (after.endsAt < after.startsAt) throw badRequest('must not be before startsAt', 'endsAt');
    if (Date.parse(after.endsAt) - Date.parse(after.startsAt) > 14 * DAY_MS) throw badRequest('must be at most 14 days after startsAt', 'endsAt');
    if (change.cancelled !== undefined) after.cancelled = change.cancelled;
    let locationItems: TxItem[] = [];
    if (change.location === null && before.ownPlace) {
      setPlace(after, placeFields(event));
      after.ownPlace = false;
      locationItems = releaseLocation(before.locationId!, ownerPkOf(event));
    } else if (change.location) {
      const place = snapshotOf(change.location);
      if (place.locationId !== before.locationId || !before.ownPlace) {
        // The place's own zone (a date may be held elsewhere than the event, across a zone line).
        const [existing, timeZone] = await Promise.all([getLocation(place.locationId), deps.zoneAt!(change.location.latitude, change.location.longitude)]);
        locationItems = [...(before.ownPlace ? releaseLocation(before.locationId!, ownerPkOf(event)) : []), ...useLocation(change.location, existing, timeZone, ownerPkOf(event), now)];
      }
      setPlace(after, placeFields(place));
      after.ownPlace = true;
    }
    const moved = after.startsAt !== before.startsAt || after.endsAt !== before.endsAt;
    if (after.startsAt !== before.startsAt || after.cancelled !== before.cancelled) after.reminderSent = after.cancelled ? before.reminderSent : false;
    const tell = after.cancelled && !before.cancelled ? 'cancelled' : moved && !after.cancelled ? 'moved' : null;
    // Attendee work (E9) when the start moves or there is news, merged with what an earlier change left.
    const work = after.startsAt !== before.startsAt || tell ? workOf((await pendingWork([before])).get(before.dateKey) ?? null, before, after, tell, actorId) : null;
    const items = [datePut(before, after), ...locationItems, ...(work ? [workPut(after, work, now)] : []), ...(deps.guard ?? [])];
    const out = await writeItems(items);
    if (!out.canceled) {
      if (work) await catchUp(event, after, work, { left: ATTENDEE_BATCH });
      return after;
    }
    assertEditorKept(out, items);
    if (attempt >= ATTEMPTS) throw serviceUnavailable('The site is busy; please try again');
    const fresh = await getDate(event.id, before.dateKey, true);
    if (!fresh || fresh.deletedAt) throw conflict('The date was removed meanwhile', 'specificId');
    before = fresh;
  }
}

/** Whether anyone is GOING, MAYBE or waiting. */
const attending = (c: DateCounts | undefined): boolean => !!c && c.going + c.maybe + c.waiting > 0;

/** The GOING and MAYBE attendees of a date (waiting ones included). */
export async function attendeesOf(eventId: string, dateKey: string): Promise<EventAttendanceItem[]> {
  const { data } = await db().entities.eventAttendance.query.byDate({ eventId }).begins({ dateKey }).go({ pages: 'all' });
  return (data as EventAttendanceItem[]).filter((a) => a.dateKey === dateKey);
}

/**
 * Rewrites a series from `from` on: the new rule from `first`. Dates from `from` that were not
 * edited by hand and are not over move to the new date of the same local day (kept: their
 * attendees with them), or are cancelled when people attend (they are told) and removed when
 * nobody does. Dates of the new rule that no old date became are added.
 */
export async function rewriteFuture(first: EventItem, input: FutureDatesInput, actorId: string, guard: TxItem[] = []): Promise<EventItem> {
  const why = checkRrule(input.recurrence.rrule);
  if (why) throw badRequest(why, 'recurrence.rrule');
  const nowMs = Date.now();
  checkWhen([input.first], 'first', nowMs);
  if (input.first.startsAt < input.from) throw badRequest('must not be before from', 'first.startsAt');
  const now = iso(nowMs);
  const seriesUntil = seriesEnd(input.recurrence.until, input.first.startsAt, nowMs, 'recurrence.until');
  const durationMs = Date.parse(input.first.endsAt) - Date.parse(input.first.startsAt);
  const after: EventItem = {
    ...first, rrule: normaliseRrule(input.recurrence.rrule), seriesStart: input.first.startsAt, durationMs, seriesUntil, updatedAt: now,
  };
  delete after.endingToldFor;
  const wanted = [new Date(input.first.startsAt), ...seriesDates(after, Date.parse(input.first.startsAt), nowMs)]
    .filter((d, i, all) => i === 0 || d.getTime() !== all[0]!.getTime())
    .slice(0, DATES_PER_TX);
  after.materialisedUntil = wanted.at(-1)!.toISOString();
  const byDay = new Map(wanted.map((d) => [localDay(d, first.timeZone), d]));

  const all = await datesOf(first.id, true);
  // Dates that are over are history: a pivot in the past neither moves, cancels nor removes them.
  const dates = all.filter((d) => d.startsAt >= input.from && !d.edited && Date.parse(d.endsAt) >= nowMs);
  const changes: DateChange[] = [];
  const removed: EventDateItem[] = [];
  const counts = await countsOf(dates, true);
  const kept = new Set<string>();
  for (const d of dates) {
    const target = byDay.get(localDay(new Date(d.startsAt), first.timeZone));
    if (target && !kept.has(target.toISOString())) {
      kept.add(target.toISOString());
      const startsAt = target.toISOString();
      const endsAt = iso(target.getTime() + durationMs);
      if (startsAt !== d.startsAt || endsAt !== d.endsAt || d.cancelled) {
        changes.push({ before: d, after: { ...d, startsAt, endsAt, cancelled: false, reminderSent: false, sequence: d.sequence + 1, updatedAt: now }, tell: 'moved' });
      }
    } else if (attending(counts.get(`${d.eventId}.${d.dateKey}`))) {
      if (!d.cancelled) changes.push({ before: d, after: { ...d, cancelled: true, sequence: d.sequence + 1, updatedAt: now }, tell: 'cancelled' });
    } else {
      removed.push(d);
    }
  }
  const starts = new Set(all.map((d) => d.startsAt));
  assertRoomFor(all.length - removed.length, wanted.filter((w) => !kept.has(w.toISOString()) && !starts.has(w.toISOString())).length, 'recurrence');
  const items = [eventPut(first, after), ...guard];
  const out = await writeItems(items);
  assertEditorKept(out, items);
  if (out.canceled) throw conflict('The event changed meanwhile; reload and try again');
  await applyDateChanges(after, changes, actorId, now);
  await removeUnattended(first.id, removed);
  const existingKeys = new Set((await datesOf(first.id, true)).map((d) => d.startsAt));
  const fresh = wanted.filter((w) => !kept.has(w.toISOString()) && !existingKeys.has(w.toISOString())).map((w) => newDate(after, w.toISOString(), iso(w.getTime() + durationMs), now));
  await createDates(first.id, fresh);
  return (await getEvent(first.id, true)) ?? after;
}

/**
 * After a series' end moved earlier: its dates past the new end go by the rules of
 * `rewriteFuture`. Dates edited by hand are kept, and dates that are over are history; the others
 * are cancelled when people attend (they are told) and removed when nobody does. A date someone
 * attends between the read and its removal is cancelled instead. Answers how many changed.
 */
export async function dropDatesPastEnd(event: EventItem, actorId: string): Promise<number> {
  if (!event.seriesUntil) return 0;
  const nowMs = Date.now();
  const now = iso(nowMs);
  const past = (await datesOf(event.id, true)).filter((d) => d.startsAt > event.seriesUntil! && !d.edited && Date.parse(d.endsAt) >= nowMs);
  const counts = await countsOf(past, true);
  const cancel = (d: EventDateItem): DateChange => ({ before: d, after: { ...d, cancelled: true, sequence: d.sequence + 1, updatedAt: now }, tell: 'cancelled' });
  const attended = past.filter((d) => attending(counts.get(`${d.eventId}.${d.dateKey}`)));
  const changes = attended.filter((d) => !d.cancelled).map(cancel);
  const left = await removeUnattended(event.id, past.filter((d) => !attended.includes(d)));
  // Someone answered between the read and the removal: that date is cancelled instead.
  const reread = left.length ? await datesOf(event.id, true) : [];
  const still = reread.filter((d) => left.some((l) => l.dateKey === d.dateKey) && !d.cancelled).map(cancel);
  await applyDateChanges(event, [...changes, ...still], actorId, now);
  return changes.length + still.length + (past.length - attended.length - left.length);
}

/**
 * Writes moved and cancelled dates with their attendee work (E9): a batch of the attendees across
 * all of them here, the rest by the job.
 */
async function applyDateChanges(event: EventItem, changes: DateChange[], actorId: string, now: string): Promise<void> {
  const pending = await pendingWork(changes.map((c) => c.before));
  const budget: Budget = { left: ATTENDEE_BATCH };
  for (const c of changes) {
    const work = workOf(pending.get(c.before.dateKey) ?? null, c.before, c.after, c.tell, actorId);
    const put = await writeItems([datePut(c.before, c.after), ...(work ? [workPut(c.after, work, now)] : [])]);
    if (!put.canceled && work && !spent(budget)) await catchUp(event, c.after, work, budget);
  }
}

/**
 * Removes dates nobody attends, each with the template's count: only while its counter says so,
 * in the same transaction. Answers the dates that could not be removed (someone answered meanwhile).
 */
async function removeUnattended(eventId: string, dates: EventDateItem[]): Promise<EventDateItem[]> {
  const left: EventDateItem[] = [];
  for (const d of dates) {
    const out = await writeItems([
      txEntities().eventDate.delete({ eventId: d.eventId, dateKey: d.dateKey }).where((a, op) => op.eq(a.version, d.version)).commit(),
      dateCountItem(eventId, -1),
      // Nobody on the counter, less what an older date still counts on itself.
      dateCountsDelete(d.eventId, d.dateKey, { going: -(d.going ?? 0), maybe: -(d.maybe ?? 0), waiting: -(d.waiting ?? 0) }),
    ]);
    if (out.canceled) left.push(d);
    // Nobody attends it: what is left are NOT_GOING answers, which go with it.
    else await batchDelete((await partitionItems(eventPk(eventId), `attend#${d.dateKey}#`)).map(({ pk, sk }) => ({ pk, sk })));
  }
  return left;
}

/**
 * Deletes an event: the caller removed its stored image first. One transaction marks the template
 * deleted, frees its random id and releases its location; then its dates and attendance are
 * removed, and attendees of upcoming dates are told.
 */
export async function deleteEvent(event: EventItem, actorId: string | undefined, guard: TxItem[] = []): Promise<void> {
  const now = new Date().toISOString();
  const after: EventItem = { ...event, deletedAt: now, updatedAt: now, ...(actorId ? { deletedBy: actorId } : {}) };
  const items = [
    eventPut(event, after),
    txEntities().eventRandomId.delete({ randomId: event.randomId }).commit(),
    ...releaseLocation(event.locationId, ownerPkOf(event)),
    ...guard,
  ];
  const out = await writeItems(items);
  assertEditorKept(out, items);
  if (out.canceled) throw conflict('The event changed meanwhile; reload and try again');
  // In the cloud the table's stream runs the sweep (functions/system/sweep-deleted.ts): an event
  // with thousands of attendees is not swept within a request.
  if (!sweepsDeferred()) await sweepEvent(after, actorId);
}

/** Removes a deleted event's dates and attendance, telling attendees of upcoming dates. Idempotent. */
export async function sweepEvent(event: EventItem, actorId: string | undefined): Promise<void> {
  const nowMs = Date.now();
  const dates = await datesOf(event.id, true);
  for (const d of dates) {
    const people = await attendeesOf(event.id, d.dateKey);
    const upcoming = Date.parse(d.endsAt) >= nowMs && !d.cancelled;
    for (const a of people) {
      const told = upcoming && (a.status === 'GOING' || a.status === 'MAYBE') ? notificationWrite(a.userId, { kind: 'event-cancelled', ...(actorId ? { actorId } : {}), targetType: 'event', targetId: event.randomId, text: `${event.title} · ${d.startsAt}` }) : [];
      await writeItems([txEntities().eventAttendance.delete({ eventId: a.eventId, dateKey: a.dateKey, userId: a.userId }).commit(), ...told]);
    }
    const release = d.ownPlace && d.locationId ? releaseLocation(d.locationId, ownerPkOf(event)) : [];
    await writeItems([
      deleteItem(eventDateKey(d.eventId, d.dateKey)),
      dateCountsDelete(d.eventId, d.dateKey),
      dateWorkDelete(d.eventId, d.dateKey),
      ...release,
    ]);
  }
}

/**
 * Deletes every live event of an owner (a deleted page or account): each as `deleteEvent` does.
 * Attendees' notices name `actorId` (the member deleting their account), or nobody (a page is
 * not a member, and its sweep may run long after whoever deleted it). Idempotent; answers how many.
 */
export async function deleteEventsOf(owner: OwnerRef, actorId?: string): Promise<number> {
  const { data } = await db().entities.event.query.byOwner({ ownerType: owner.type, ownerId: owner.id }).go({ pages: 'all' });
  let deleted = 0;
  for (const stale of data as EventItem[]) {
    const e = await getEvent(stale.id, true);
    if (!e) continue;
    if (e.deletedAt) {
      await sweepEvent(e, undefined);
      continue;
    }
    if (e.cover) await deleteImage(e.cover);
    await deleteEvent(e, actorId);
    deleted++;
  }
  return deleted;
}
