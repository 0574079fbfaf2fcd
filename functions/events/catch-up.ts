/**
 * Attendee work after a date changed (E9), in bounded batches. A date that moves or is cancelled
 * may have thousands of attendees: each must get the new start on their attendance (their feed
 * sorts by it, and a new start is a new day to be reminded of) and be told, once. The change
 * writes a marker (`evwork`, `date#<eventId>#<dateKey>`) in its own transaction; the request then
 * brings up to a batch of attendees up to date, and the hourly job the rest.
 *
 * Each attendee is brought up to the change's `sequence` (the date's, which grows with every
 * change) in one transaction: their attendance (`seenSequence`, the new start, `reminded` reset;
 * guarded on its `version`, which it bumps) and their notification. So however many runs overlap,
 * an attendee is told once, and one who answered since (their answer sets `seenSequence` to the
 * date's) is skipped. A later change of the same date merges into the marker: its own notice if
 * it has one, else the earlier one's for those not yet told (`tellSeq`).
 */
import { eventNoticeText } from '../../shared/event-notice';
import { type EventAttendanceItem, type EventDateItem, type EventItem } from '../db/entities/event';
import { batchGet, partitionPage } from '../db/batch';
import { db } from '../db/service';
import { dateWorkClear, dateWorkKey, dateWorkPut, EVENT_WORK_PK } from '../db/items/event-work';
import { txEntities, writeItems, type TxItem } from '../db/transact';
import { notificationWrite } from '../notifications/notifications';
import { spent, type Budget } from './attend';
import { attendanceOf, getDate, getEvent } from './events';

/** Attendees one request brings up to date after a date changed, at the most; the job does the rest. */
export const ATTENDEE_BATCH = 25;
/** Attendance items read per Query while looking for those not yet up to date. */
const PAGE = 100;

export type Tell = 'moved' | 'cancelled';

/** What a date's change leaves to do for its attendees. */
export interface DateWork {
  /** Attendees below this sequence are not up to date. */
  sequence: number;
  /** The notice, for GOING and MAYBE attendees below `tellSeq`. */
  tell: Tell | null;
  tellSeq: number;
  actorId?: string;
}

/** The work a change leaves, merged with what an earlier change still left (null: none). */
export function workOf(pending: DateWork | null, before: EventDateItem, after: EventDateItem, tell: Tell | null, actorId: string): DateWork | null {
  if (after.startsAt === before.startsAt && !tell && !pending) return null;
  const tellOf = tell ? { tell, tellSeq: after.sequence, actorId } : { tell: pending?.tell ?? null, tellSeq: pending?.tellSeq ?? 0, ...(pending?.actorId ? { actorId: pending.actorId } : {}) };
  return { sequence: after.sequence, ...tellOf };
}

const workFrom = (item: Record<string, unknown>): DateWork => ({
  sequence: Number(item.sequence),
  tell: (item.tell as Tell | undefined) ?? null,
  tellSeq: Number(item.tellSeq ?? 0),
  ...(typeof item.actorId === 'string' ? { actorId: item.actorId } : {}),
});

/** The work these dates' earlier changes still leave, by date key (one consistent BatchGet). */
export async function pendingWork(dates: Pick<EventDateItem, 'eventId' | 'dateKey'>[]): Promise<Map<string, DateWork>> {
  const out = new Map<string, DateWork>();
  if (!dates.length) return out;
  for (const item of await batchGet(dates.map((d) => dateWorkKey(d.eventId, d.dateKey)), { consistent: true })) out.set(String(item.dateKey), workFrom(item));
  return out;
}

/** The marker, written in the transaction of the change. */
export function workPut(d: Pick<EventDateItem, 'eventId' | 'dateKey'>, work: DateWork, now: string): TxItem {
  const { tell, actorId, ...rest } = work;
  return dateWorkPut({ eventId: d.eventId, dateKey: d.dateKey, ...rest, ...(tell ? { tell } : {}), ...(actorId ? { actorId } : {}), createdAt: now });
}

/** Removes the marker once its work is done, unless a later change wrote it again. */
async function clearWork(eventId: string, dateKey: string, sequence: number): Promise<void> {
  await writeItems([dateWorkClear(eventId, dateKey, sequence)]);
}

/** Brings one attendee up to the change: their attendance and notice in one transaction, read again if it changed meanwhile. */
async function bringUp(event: EventItem, d: EventDateItem, first: EventAttendanceItem, work: DateWork): Promise<void> {
  const { eventAttendance } = txEntities();
  let a: EventAttendanceItem | null = first;
  for (let attempt = 0; a && attempt < 4; attempt++) {
    const seen: number = a.seenSequence ?? 0;
    if (seen >= work.sequence) return;
    // A notice the date's present state contradicts (cancelled, then restored; moved, then cancelled) is not sent.
    const current = work.tell === 'cancelled' ? d.cancelled : work.tell === 'moved' ? !d.cancelled : false;
    const told = work.tell && current && seen < work.tellSeq && (a.status === 'GOING' || a.status === 'MAYBE')
      ? notificationWrite(a.userId, { kind: work.tell === 'cancelled' ? 'event-cancelled' : 'event-moved', ...(work.actorId ? { actorId: work.actorId } : {}), targetType: 'event', targetId: event.randomId, text: eventNoticeText({ title: event.title, at: d.startsAt, timeZone: event.timeZone }) }, { mailAbout: { kind: 'event', id: event.id } })
      : [];
    // A new start is a new day to be reminded of: the flag goes with the old one.
    const moved = a.startsAt !== d.startsAt ? { startsAt: d.startsAt, reminded: false } : {};
    const version = a.version;
    const out = await writeItems([
      eventAttendance.patch({ eventId: a.eventId, dateKey: a.dateKey, userId: a.userId }).set({ seenSequence: work.sequence, ...moved }).add({ version: 1 }).where((x, op) => op.eq(x.version, version)).commit(),
      ...told,
    ]);
    if (!out.canceled) return;
    a = await attendanceOf(a.eventId, a.dateKey, a.userId, true);
  }
}

/**
 * Brings the date's attendees up to the change, within the budget (each attendee brought up is one
 * write). Answers whether all are (then the marker goes), or the budget ran out (it stays).
 */
export async function catchUp(event: EventItem, d: EventDateItem, work: DateWork, budget: Budget): Promise<boolean> {
  let cursor: string | null = null;
  do {
    const page: { data: EventAttendanceItem[]; cursor: string | null } = await db().entities.eventAttendance.query.byDate({ eventId: d.eventId }).begins({ dateKey: d.dateKey }).go({ cursor, limit: PAGE, consistent: true }) as never;
    for (const a of page.data) {
      if (a.dateKey !== d.dateKey || (a.seenSequence ?? 0) >= work.sequence) continue;
      if (spent(budget)) return false;
      budget.left--;
      await bringUp(event, d, a, work);
    }
    cursor = page.cursor;
  } while (cursor);
  await clearWork(d.eventId, d.dateKey, work.sequence);
  return true;
}

/**
 * The job's part: every date with attendee work left, in key order, until the deadline. A marker whose date or event is gone is removed. Answers how many dates
 * were finished.
 */
export async function resumeDateWork(opts: { deadlineMs?: number; batch?: number } = {}): Promise<number> {
  let finished = 0;
  let startSk: string | undefined;
  do {
    const page = await partitionPage(EVENT_WORK_PK, 'date#', { limit: 25, ...(startSk ? { startSk } : {}) });
    for (const item of page.items) {
      if (opts.deadlineMs && Date.now() > opts.deadlineMs) return finished;
      const eventId = String(item.eventId);
      const dateKey = String(item.dateKey);
      const work = workFrom(item);
      const [event, d] = await Promise.all([getEvent(eventId, true), getDate(eventId, dateKey, true)]);
      if (!event || event.deletedAt || !d || d.deletedAt) {
        await clearWork(eventId, dateKey, work.sequence);
        continue;
      }
      const budget: Budget = { left: opts.batch ?? Number.MAX_SAFE_INTEGER, ...(opts.deadlineMs ? { deadlineMs: opts.deadlineMs } : {}) };
      if (await catchUp(event, d, work, budget)) finished++;
    }
    startSk = page.lastSk ?? undefined;
  } while (startSk);
  return finished;
}
