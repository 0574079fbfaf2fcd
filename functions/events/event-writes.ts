/**
 * What the event writes share: the checks of dates and series, the items of a template, a date and
 * its counts, and adding or removing dates in transactions of at most DATES_PER_TX. Each write is
 * one transaction with its counts (the template's `dateCount`, the location's and the owner's
 * link's uses); templates and dates are written whole, guarded on `version` (a date's attendance
 * counts are on a counter item of their own, so whole puts of the date never carry them).
 */
import { MAX_DATES_PER_EVENT, type SpecificInput } from '../../shared/schemas/events';
import { addItem } from '../db/add';
import { and, eq, live } from '../db/condition';
import { batchDelete, partitionItems } from '../db/batch';
import { eventKey, eventPk, type EventAttendanceItem, type EventDateItem, type EventItem } from '../db/entities/event';
import { db } from '../db/service';
import { dateCountsDelete } from '../db/items/date-counts';
import { failedChecks, named, txEntities, writeItems, type TxItem } from '../db/transact';
import { badRequest, serviceUnavailable } from '../lib/errors';
import { ATTENDEE_BATCH, catchUp, pendingWork, workOf, workPut, type Tell } from './catch-up';
import { spent, type Budget } from './attend';
import { assertEditorKept, dateKeyOf, datesOf, getEvent, type DateCounts } from './events';
import { type PlaceSnapshot } from './locations';
import { expandSeries, SERIES_AHEAD_DAYS, SERIES_MAX_DAYS } from './recurrence';

export const DAY_MS = 86_400_000;
export const ATTEMPTS = 5;
/** Dates one transaction writes with its other items (a transaction holds at most 100). */
export const DATES_PER_TX = 60;
/** A date may start this long ago at the most when it is added (a late entry of today's meeting). */
const PAST_GRACE_MS = 6 * 60 * 60 * 1000;
/** Dates are added at most this far ahead. */
const MAX_AHEAD_DAYS = 730;

/** The time zone at a position: the gazetteer's (handed in by the routes that may change a place, so others do not carry it). */
export type ZoneAt = (latitude: number, longitude: number) => Promise<string>;

export const iso = (ms: number) => new Date(ms).toISOString();

export function eventPut(before: EventItem | null, after: EventItem): TxItem {
  const { event } = txEntities();
  if (!before) return event.create(after).commit();
  const { id, version: _, ...rest } = after;
  return event.put({ id, ...rest, version: before.version + 1 }).where((a, op) => op.eq(a.version, before.version)).commit();
}

export function datePut(before: EventDateItem, after: EventDateItem): TxItem {
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

export function placeFields(p: Partial<PlaceSnapshot>): PlaceSnapshot {
  return {
    locationId: p.locationId!, placeName: p.placeName!, latitude: p.latitude!, longitude: p.longitude!, geohash: p.geohash!,
    ...(p.address ? { address: p.address } : {}), ...(p.suburbCity ? { suburbCity: p.suburbCity } : {}),
    ...(p.state ? { state: p.state } : {}), ...(p.country ? { country: p.country } : {}),
  };
}

/** Puts `item` at `place` whole: the optional parts the new place lacks are removed, not kept from the old one. */
export function setPlace(item: EventItem | EventDateItem, place: PlaceSnapshot): void {
  delete item.address;
  delete item.suburbCity;
  delete item.state;
  delete item.country;
  Object.assign(item, place);
}

export function dateCreate(d: EventDateItem): TxItem {
  return txEntities().eventDate.create(d).commit();
}

/**
 * The template's date count, and its version (a whole put that read an older template retries).
 * A new date (`madeFrom`) also holds the template to the privacy and place the date copied (what
 * a change's dates follow: privacy, location id, geohash and the place's name, which a rename at
 * the same address changes alone): a change of any that landed since the date was made from it
 * cancels the date's write.
 */
const dateCountItem = (eventId: string, delta: number, madeFrom?: Pick<EventDateItem, 'privacy' | 'locationId' | 'geohash' | 'placeName'>): TxItem =>
  addItem(
    eventKey(eventId),
    { dateCount: delta, version: 1 },
    and(live(), ...Object.entries(madeFrom ? { privacy: madeFrom.privacy, locationId: madeFrom.locationId, geohash: madeFrom.geohash, placeName: madeFrom.placeName } : {}).filter((e): e is [string, string] => e[1] !== undefined).map(([a, v]) => eq(a, v))),
  );

/**
 * Refuses dates added by hand past MAX_DATES_PER_EVENT (every read of the event reads them all).
 * A series' job is not held to it: its dates come at the pace of the calendar.
 */
export function assertRoomFor(existing: number, added: number, field: string): void {
  if (added > 0 && existing + added > MAX_DATES_PER_EVENT) throw badRequest(`would give the event more than ${MAX_DATES_PER_EVENT} dates; make a new event for more`, field);
}

/** Refuses a start in the past or too far ahead, naming the field. */
export function checkStart(startsAt: string, field: string, nowMs: number): void {
  if (Date.parse(startsAt) < nowMs - PAST_GRACE_MS) throw badRequest('must not be in the past', field);
  if (Date.parse(startsAt) > nowMs + MAX_AHEAD_DAYS * DAY_MS) throw badRequest('must be within two years', field);
}

/** Refuses dates in the past or too far ahead, naming the field. */
export function checkWhen(specifics: SpecificInput[], field: string, nowMs: number): void {
  specifics.forEach((s, i) => checkStart(s.startsAt, `${field}.${i}.startsAt`, nowMs));
}

/** The series' end: the `until` asked for, at most SERIES_MAX_DAYS from now; 400 naming the field past it. */
export function seriesEnd(until: string | undefined, firstStart: string, nowMs: number, field: string): string {
  const cap = nowMs + SERIES_MAX_DAYS * DAY_MS;
  if (until && Date.parse(until) > cap) throw badRequest('must be at most six months ahead; extend the series later', field);
  if (until && until < firstStart) throw badRequest('must not be before the first date', field);
  return until ?? iso(cap);
}

/** The series' dates from `fromMs` to its horizon (8 weeks ahead, never past its end), as start instants. */
export function seriesDates(e: Pick<EventItem, 'rrule' | 'seriesStart' | 'timeZone' | 'seriesUntil'>, fromMs: number, nowMs: number): Date[] {
  const to = Math.min(Date.parse(e.seriesUntil!), nowMs + SERIES_AHEAD_DAYS * DAY_MS);
  if (to < fromMs) return [];
  return expandSeries({ rrule: e.rrule!, firstStart: new Date(e.seriesStart!), timeZone: e.timeZone, from: new Date(fromMs), to: new Date(to), until: new Date(e.seriesUntil!) });
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

export interface DateChange {
  before: EventDateItem;
  after: EventDateItem;
  /** Told to the date's attendees: it moved, or it was cancelled. */
  tell: Tell | null;
}

/** Whether anyone is GOING, MAYBE or waiting. */
export const attending = (c: DateCounts | undefined): boolean => !!c && c.going + c.maybe + c.waiting > 0;

/** The GOING and MAYBE attendees of a date (waiting ones included). */
export async function attendeesOf(eventId: string, dateKey: string): Promise<EventAttendanceItem[]> {
  const { data } = await db().entities.eventAttendance.query.byDate({ eventId }).begins({ dateKey }).go({ pages: 'all' });
  return (data as EventAttendanceItem[]).filter((a) => a.dateKey === dateKey);
}

/**
 * Writes moved and cancelled dates with their attendee work (E9): a batch of the attendees across
 * all of them here, the rest by the job.
 */
export async function applyDateChanges(event: EventItem, changes: DateChange[], actorId: string, now: string): Promise<void> {
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
export async function removeUnattended(eventId: string, dates: EventDateItem[]): Promise<EventDateItem[]> {
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

/** The message when a cover's claim failed in the transaction (another save used it, or it aged meanwhile). */
export const COVER_LOST = 'cover was already used or is too old; upload it again';

/** The name of a cover's claim in a transaction: its failure means the upload was used or aged. */
export const COVER_CLAIM = 'cover-unclaimed';
