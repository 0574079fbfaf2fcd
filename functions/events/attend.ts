/**
 * Attendance of one date (E4): MAYBE, GOING or NOT_GOING, with the date's counts per status kept
 * in the same transaction on its counter item (E4d: beside the date, in no index, so a change
 * rewrites one small item), and a check that the date is live and not cancelled. With a capacity,
 * the counter's GOING is a condition of the write (`going < capacity`), so under any number of
 * concurrent requests it never passes the capacity: the request that loses is read again and
 * waits on the waitlist. When a GOING member leaves,
 * the first waiting member moves up in the same transaction and is told. The creator is told of
 * each change in the same transaction, unless they are the one attending (product spec, "States and transitions").
 */
import { eventNoticeText } from '../../shared/event-notice';
import { batchGet, partitionPage } from '../db/batch';
import { and, eq, live } from '../db/condition';
import { eventDateKey, type AttendStatus, type EventAttendanceItem, type EventDateItem, type EventItem } from '../db/entities/event';
import { db } from '../db/service';
import { dateCountsAdd, dateCountsKey, type CountBucket } from '../db/items/date-counts';
import { EVENT_WORK_PK, eventMarkerClear, eventMarkerPut } from '../db/items/event-work';
import { failedChecks, named, txEntities, writeItems, type TxItem } from '../db/transact';
import { conditionCheck } from '../db/write';
import { DataBusyError } from '../db/errors';
import { conflict, forbidden, notFound, serviceUnavailable } from '../lib/errors';
import type { Session } from '../lib/session/token';
import { eitherBlocks } from '../users/blocks';
import { notificationWrite } from '../notifications/notifications';
import { assertAuthorWasLive, authorLiveCheck } from '../users/author-live';
import { attendanceOf, countsFrom, countsOf, datesOf, getEvent, type DateCounts } from './events';

const ATTEMPTS = 8;
/** Waiting members one request moves up at the most (after a capacity grew); the job moves the rest (E9). */
export const PROMOTE_BATCH = 25;

/** Where an attendance counts: a status, or the waitlist. */
type Bucket = CountBucket;
const bucketOf = (a: Pick<EventAttendanceItem, 'status' | 'waiting'> | null): Bucket | null =>
  !a ? null : a.waiting ? 'waiting' : a.status === 'GOING' ? 'going' : a.status === 'MAYBE' ? 'maybe' : 'notGoing';

/**
 * The date's counts change on its counter item (created by the first `ADD`). Held to a capacity,
 * the counter's GOING must stay below it, less what an older date still counts itself (fixed:
 * nothing adds to it any more).
 */
function countsItem(d: EventDateItem, deltas: Partial<Record<Bucket, number>>, capacity: number | null): TxItem {
  return dateCountsAdd(d.eventId, d.dateKey, deltas, capacity === null ? undefined : capacity - (d.going ?? 0));
}

/**
 * The date is live, not cancelled and as it was read (its `sequence`: an answer written just after
 * a move would carry the old start and be taken for up to date), in the transaction of its counts.
 */
function dateLiveCheck(d: EventDateItem): TxItem {
  return conditionCheck(eventDateKey(d.eventId, d.dateKey), and(live(), eq('cancelled', false), eq('sequence', d.sequence)));
}

/** The date still exists, as it was read (a withdrawal's counts must not recreate the counter of a removed date). */
function dateThereCheck(d: EventDateItem): TxItem {
  return conditionCheck(eventDateKey(d.eventId, d.dateKey), and(live(), eq('sequence', d.sequence)));
}

/**
 * A place freed by a GOING member who leaves goes to the first waiting member only while the date
 * is not over its capacity (a capacity lowered below the GOING count moves nobody up); then the
 * counter's GOING, unchanged by the swap, must still be at most the capacity when it is written.
 */
const roomAfterLeaving = (counts: DateCounts, capacity: number | null): boolean => capacity === null || counts.going - 1 < capacity;

/** The date with its counts (its item and counter in one consistent BatchGet); null when the date is gone. */
async function dateWithCounts(eventId: string, dateKey: string): Promise<{ d: EventDateItem; counts: DateCounts } | null> {
  const items = await batchGet([eventDateKey(eventId, dateKey), dateCountsKey(eventId, dateKey)], { consistent: true });
  const counter = items.find((i) => String(i.sk).startsWith('count#'));
  const dateItem = items.find((i) => String(i.sk).startsWith('date#'));
  const d = dateItem ? (db().entities.eventDate.parse({ Item: dateItem }).data as EventDateItem | null) : null;
  return d ? { d, counts: countsFrom(d, counter) } : null;
}

function attendancePut(before: EventAttendanceItem | null, after: EventAttendanceItem): TxItem {
  const { eventAttendance } = txEntities();
  if (!before) return eventAttendance.create(after).commit();
  const { eventId, dateKey, userId, version: _, ...rest } = after;
  return eventAttendance.put({ eventId, dateKey, userId, ...rest, version: before.version + 1 }).where((a, op) => op.eq(a.version, before.version)).commit();
}

/** The first member waiting for a place on the date (other than `except`), or null. */
async function firstWaiting(d: EventDateItem, except: string): Promise<EventAttendanceItem | null> {
  const { data } = await db().entities.eventAttendance.query.waitlist({ eventId: d.eventId, dateKey: d.dateKey }).go({ limit: 3 });
  return ((data as EventAttendanceItem[]).find((a) => a.userId !== except && a.waiting) ?? null);
}

/** The name of a promotion's attendance item, guarded on the member still waiting as read. */
const WAITER_UNCHANGED = 'waiter-unchanged';

/** The items that move a waiting member up: their attendance (guarded on still waiting) and their notification. */
function promotion(event: EventItem, d: EventDateItem, waiter: EventAttendanceItem, now: string): TxItem[] {
  return [
    named(WAITER_UNCHANGED, attendancePut(waiter, { ...waiter, waiting: false, since: now })),
    ...notificationWrite(waiter.userId, { kind: 'event-promoted', targetType: 'event', targetId: event.randomId, text: eventNoticeText({ title: event.title, at: d.startsAt, timeZone: event.timeZone }) }, { mailAbout: { kind: 'event', id: event.id } }),
  ];
}

function statusText(status: AttendStatus, waiting: boolean): string {
  return waiting ? 'WAITING' : status;
}

/** Sets the caller's status on a date; answers the date as it was read for the write. */
export async function setAttendance(session: Session, event: EventItem, dateKey: string, status: AttendStatus): Promise<EventDateItem> {
  if (session.suspended) throw forbidden('Your account is suspended');
  const userId = session.userId;
  // The creator is not told of the answers of a member either of them blocks.
  const quiet = await eitherBlocks(event.createdBy, userId);
  for (let attempt = 1; ; attempt++) {
    const [read, before] = await Promise.all([dateWithCounts(event.id, dateKey), attendanceOf(event.id, dateKey, userId, true)]);
    const d = read?.d;
    if (!read || !d || d.deletedAt) throw notFound('There is no such date', 'specificId');
    if (d.cancelled) throw conflict('This date is cancelled', 'specificId');
    if (Date.parse(d.endsAt) < Date.now()) throw conflict('This date is over', 'specificId');
    const from = bucketOf(before);
    // Asking for GOING again while waiting keeps the place in the queue.
    if (before && before.status === status) return d;
    const capacity = event.capacity ?? null;
    const counts = read.counts;
    const full = capacity !== null && counts.going >= capacity;
    const waiting = status === 'GOING' && full;
    const to: Bucket = waiting ? 'waiting' : status === 'GOING' ? 'going' : status === 'MAYBE' ? 'maybe' : 'notGoing';
    const now = new Date().toISOString();
    const deltas: Partial<Record<Bucket, number>> = { [to]: 1 };
    if (from) deltas[from] = (deltas[from] ?? 0) - 1;
    // A place freed: the first waiting member takes it in the same write.
    const waiter = from === 'going' && to !== 'going' && counts.waiting > 0 && roomAfterLeaving(counts, capacity) ? await firstWaiting(d, userId) : null;
    if (waiter) {
      deltas.going = (deltas.going ?? 0) + 1;
      deltas.waiting = (deltas.waiting ?? 0) - 1;
    }
    const after: EventAttendanceItem = {
      eventId: event.id, dateKey, userId, status, waiting, startsAt: d.startsAt,
      // The waitlist is first come, first served: joining it (or a new status) starts the clock.
      // Answering the date as it is now brings the member up to date with its changes (E9).
      since: now, reminded: before && before.startsAt === d.startsAt ? before.reminded : false, seenSequence: d.sequence, version: before?.version ?? 0,
    };
    // A new GOING that takes a place is held to the capacity; a swap with a waiting member to it plus the one leaving.
    const held = capacity === null ? null : to === 'going' && !waiter ? capacity : waiter ? capacity + 1 : null;
    const items: TxItem[] = [
      named('attendance-unchanged', attendancePut(before, after)),
      named('within-capacity', countsItem(d, deltas, held)),
      authorLiveCheck(userId),
      named('date-unchanged', dateLiveCheck(d)),
      ...(waiter ? promotion(event, d, waiter, now) : []),
      ...(quiet ? [] : notificationWrite(event.createdBy, { kind: 'attendance', actorId: userId, targetType: 'event', targetId: event.randomId, text: eventNoticeText({ status: statusText(status, waiting), title: event.title, at: d.startsAt, timeZone: event.timeZone }) })),
    ];
    const out = await writeItems(items);
    if (!out.canceled) return d;
    await assertAuthorWasLive(out, items, userId);
    if (attempt >= ATTEMPTS) throw serviceUnavailable('The site is busy; please try again');
    // The date filled up, was cancelled, the attendance or the waiting member changed meanwhile: read again.
    const failed = failedChecks(out, items);
    if (!failed.has('attendance-unchanged') && !failed.has('within-capacity') && !failed.has('date-unchanged') && !failed.has(WAITER_UNCHANGED)) {
      await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
    }
  }
}

/** How much attendee work one run may still do: a number of writes, and for the job a deadline. */
export interface Budget {
  left: number;
  deadlineMs?: number;
}

export const spent = (b: Budget): boolean => b.left <= 0 || (b.deadlineMs !== undefined && Date.now() > b.deadlineMs);

/**
 * Moves waiting members up while the date has room (after its capacity grew, or was removed),
 * each move its own transaction held to the capacity, within the budget. Answers whether the
 * date is done (no room, or nobody waiting) rather than the budget spent.
 */
export async function promoteWaiting(event: EventItem, dateKey: string, budget: Budget): Promise<boolean> {
  for (let failed = 0; failed < ATTEMPTS;) {
    const read = await dateWithCounts(event.id, dateKey);
    if (!read || read.d.deletedAt || read.d.cancelled || read.counts.waiting <= 0) return true;
    if (event.capacity !== undefined && read.counts.going >= event.capacity) return true;
    const waiter = await firstWaiting(read.d, '');
    if (!waiter) return true;
    if (spent(budget)) return false;
    budget.left--;
    const now = new Date().toISOString();
    const out = await writeItems([countsItem(read.d, { going: 1, waiting: -1 }, event.capacity ?? null), dateLiveCheck(read.d), ...promotion(event, read.d, waiter, now)]);
    if (out.canceled) failed++;
  }
  return false;
}

/**
 * Moves waiting members up on every upcoming date of the event with some waiting (their counts in
 * one BatchGet), within the budget; answers whether all is done. What a request leaves is the
 * scheduled job's (E9): the event's marker, written with the change of capacity, stays until then.
 */
export async function promoteEvent(event: EventItem, budget: Budget): Promise<boolean> {
  const now = new Date().toISOString();
  const dates = (await datesOf(event.id, true)).filter((d) => d.endsAt >= now && !d.cancelled);
  const counts = await countsOf(dates, true);
  for (const d of dates) {
    if ((counts.get(`${d.eventId}.${d.dateKey}`)?.waiting ?? 0) <= 0) continue;
    if (!(await promoteWaiting(event, d.dateKey, budget))) return false;
  }
  return true;
}

/** The marker of an event's waiting members to move up (E9), tagged with the change that wrote it. */
export function promoteMarkerPut(eventId: string, changedAt: string): TxItem {
  return eventMarkerPut('promote', eventId, changedAt);
}

/** Removes the marker once its work is done, unless a later change of capacity wrote it again. */
export async function clearPromoteMarker(eventId: string, changedAt: string): Promise<void> {
  await writeItems([eventMarkerClear('promote', eventId, changedAt)]);
}

/** The job's part: the events whose waiting members a request left to move up, until the deadline; answers how many events it finished. */
export async function resumePromotions(opts: { deadlineMs?: number } = {}): Promise<number> {
  let finished = 0;
  let startSk: string | undefined;
  do {
    const page = await partitionPage(EVENT_WORK_PK, 'promote#', { limit: 25, ...(startSk ? { startSk } : {}) });
    for (const item of page.items) {
      if (opts.deadlineMs && Date.now() > opts.deadlineMs) return finished;
      const changedAt = String(item.changedAt);
      const event = await getEvent(String(item.eventId), true);
      const done = !event || !!event.deletedAt || (await promoteEvent(event, { left: Number.MAX_SAFE_INTEGER, ...(opts.deadlineMs ? { deadlineMs: opts.deadlineMs } : {}) }));
      if (done) {
        await clearPromoteMarker(String(item.eventId), changedAt);
        finished++;
      }
    }
    startSk = page.lastSk ?? undefined;
  } while (startSk);
  return finished;
}

/**
 * A deleted account's answers to dates not yet over are withdrawn: each attendance goes with its
 * count, and a place it held goes to the first waiting member (who is told), one transaction
 * each. The event's creator is not told. Answers to dates that are over stay, shown as a former
 * member's. Answers how many were withdrawn.
 */
export async function withdrawAttendance(userId: string): Promise<number> {
  // A date that started up to a day ago may still be on (its end decides, below).
  const since = new Date(Date.now() - 86_400_000).toISOString();
  let cursor: string | null = null;
  let withdrawn = 0;
  do {
    const page: { data: EventAttendanceItem[]; cursor: string | null } = (await db().entities.eventAttendance.query.byUser({ userId }).gte({ startsAt: since }).go({ cursor, limit: 100 })) as never;
    for (const a of page.data) if (await withdrawOne(a)) withdrawn++;
    cursor = page.cursor;
  } while (cursor);
  return withdrawn;
}

async function withdrawOne(first: EventAttendanceItem): Promise<boolean> {
  const { eventAttendance } = txEntities();
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const [read, event, a] = await Promise.all([dateWithCounts(first.eventId, first.dateKey), getEvent(first.eventId, true), attendanceOf(first.eventId, first.dateKey, first.userId, true)]);
    // A deleted event's sweep removes its attendance; a date that is over keeps it.
    if (!a || !read || read.d.deletedAt || !event || event.deletedAt || Date.parse(read.d.endsAt) < Date.now()) return false;
    const { d, counts } = read;
    const from = bucketOf(a)!;
    const deltas: Partial<Record<Bucket, number>> = { [from]: -1 };
    const capacity = event.capacity ?? null;
    const waiter = from === 'going' && !d.cancelled && counts.waiting > 0 && roomAfterLeaving(counts, capacity) ? await firstWaiting(d, a.userId) : null;
    if (waiter) {
      deltas.going = (deltas.going ?? 0) + 1;
      deltas.waiting = (deltas.waiting ?? 0) - 1;
    }
    const now = new Date().toISOString();
    const out = await writeItems([
      eventAttendance.delete({ eventId: a.eventId, dateKey: a.dateKey, userId: a.userId }).where((x, op) => op.eq(x.version, a.version)).commit(),
      countsItem(d, deltas, waiter && capacity !== null ? capacity + 1 : null),
      dateThereCheck(d),
      ...(waiter ? promotion(event, d, waiter, now) : []),
    ]);
    if (!out.canceled) return true;
  }
  // Still counted: the sweep must not go on as if it were withdrawn (its record comes again).
  throw new DataBusyError('An answer to a date kept changing while it was withdrawn');
}
