/**
 * Attendance of one date (E4): MAYBE, GOING or NOT_GOING, with the date's counts per status kept
 * in the same transaction. With a capacity, the date's count of GOING is a condition of the write
 * (`going < capacity`), so under any number of concurrent requests it never passes the capacity:
 * the request that loses is read again and waits on the waitlist. When a GOING member leaves,
 * the first waiting member moves up in the same transaction and is told. The creator is told of
 * each change in the same transaction, unless they are the one attending (spec §4).
 */
import { tableName } from '../db/client';
import { eventDateKey, type AttendStatus, type EventAttendanceItem, type EventDateItem, type EventItem } from '../db/entities/event';
import { db } from '../db/service';
import { conditionFailed, txEntities, writeItems, type TxItem } from '../db/transact';
import { conflict, forbidden, notFound, serviceUnavailable } from '../lib/errors';
import type { Session } from '../lib/session/token';
import { eitherBlocks } from '../messages/blocks';
import { notificationWrite } from '../notifications/notifications';
import { assertAuthorWasLive, authorLiveCheck } from '../users/author-live';
import { attendanceOf, getDate } from './events';

const ATTEMPTS = 8;

/** Where an attendance counts: a status, or the waitlist. */
type Bucket = 'going' | 'maybe' | 'notGoing' | 'waiting';
const bucketOf = (a: Pick<EventAttendanceItem, 'status' | 'waiting'> | null): Bucket | null =>
  !a ? null : a.waiting ? 'waiting' : a.status === 'GOING' ? 'going' : a.status === 'MAYBE' ? 'maybe' : 'notGoing';

/** The date's counts change (and its version, so a whole put that read it before retries), on a live, uncancelled date. */
function countsItem(d: EventDateItem, deltas: Partial<Record<Bucket, number>>, capacity: number | null): TxItem {
  const fields = Object.entries(deltas).filter(([, v]) => v !== 0) as [Bucket, number][];
  const names: Record<string, string> = { '#c': 'cancelled' };
  const values: Record<string, unknown> = { ':one': 1, ':false': false };
  const adds = ['version :one', ...fields.map(([f, v], i) => {
    names[`#f${i}`] = f;
    values[`:v${i}`] = v;
    return `#f${i} :v${i}`;
  })];
  let condition = 'attribute_exists(pk) AND attribute_not_exists(deletedAt) AND #c = :false';
  if (capacity !== null) {
    names['#g'] = 'going';
    values[':cap'] = capacity;
    condition += ' AND #g < :cap';
  }
  return {
    Update: {
      TableName: tableName(), Key: eventDateKey(d.eventId, d.dateKey), UpdateExpression: `ADD ${adds.join(', ')}`,
      ConditionExpression: condition, ExpressionAttributeNames: names, ExpressionAttributeValues: values,
    },
  };
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

/** The items that move a waiting member up: their attendance (guarded on still waiting) and their notification. */
function promotion(event: EventItem, d: EventDateItem, waiter: EventAttendanceItem, now: string): TxItem[] {
  return [
    attendancePut(waiter, { ...waiter, waiting: false, since: now }),
    ...notificationWrite(waiter.userId, { kind: 'event-promoted', targetType: 'event', targetId: event.randomId, text: `${event.title} · ${d.startsAt}` }),
  ];
}

function statusText(status: AttendStatus, waiting: boolean): string {
  return waiting ? 'WAITING' : status;
}

/** Sets the caller's status on a date; answers the date as it is after the write. */
export async function setAttendance(session: Session, event: EventItem, dateKey: string, status: AttendStatus): Promise<EventDateItem> {
  if (session.suspended) throw forbidden('Your account is suspended');
  const userId = session.userId;
  // The creator is not told of the answers of a member either of them blocks.
  const quiet = await eitherBlocks(event.createdBy, userId);
  for (let attempt = 1; ; attempt++) {
    const [d, before] = await Promise.all([getDate(event.id, dateKey, true), attendanceOf(event.id, dateKey, userId, true)]);
    if (!d || d.deletedAt) throw notFound('There is no such date', 'specificId');
    if (d.cancelled) throw conflict('This date is cancelled', 'specificId');
    if (Date.parse(d.endsAt) < Date.now()) throw conflict('This date is over', 'specificId');
    const from = bucketOf(before);
    // Asking for GOING again while waiting keeps the place in the queue.
    if (before && before.status === status) return d;
    const capacity = event.capacity ?? null;
    const full = capacity !== null && d.going >= capacity;
    const waiting = status === 'GOING' && full;
    const to: Bucket = waiting ? 'waiting' : status === 'GOING' ? 'going' : status === 'MAYBE' ? 'maybe' : 'notGoing';
    const now = new Date().toISOString();
    const deltas: Partial<Record<Bucket, number>> = { [to]: 1 };
    if (from) deltas[from] = (deltas[from] ?? 0) - 1;
    // A place freed: the first waiting member takes it in the same write.
    const waiter = from === 'going' && to !== 'going' && d.waiting > 0 ? await firstWaiting(d, userId) : null;
    if (waiter) {
      deltas.going = (deltas.going ?? 0) + 1;
      deltas.waiting = (deltas.waiting ?? 0) - 1;
    }
    const after: EventAttendanceItem = {
      eventId: event.id, dateKey, userId, status, waiting, startsAt: d.startsAt,
      // The waitlist is first come, first served: joining it (or a new status) starts the clock.
      since: now, reminded: before?.reminded ?? false, version: before?.version ?? 0,
    };
    // Only a new GOING that takes a place is held to the capacity.
    const held = to === 'going' && !waiter && capacity !== null ? capacity : null;
    const items: TxItem[] = [
      attendancePut(before, after),
      countsItem(d, deltas, held),
      authorLiveCheck(userId),
      ...(waiter ? promotion(event, d, waiter, now) : []),
      ...(quiet ? [] : notificationWrite(event.createdBy, { kind: 'attendance', actorId: userId, targetType: 'event', targetId: event.randomId, text: `${statusText(status, waiting)} · ${event.title} · ${d.startsAt}` })),
    ];
    const out = await writeItems(items);
    if (!out.canceled) {
      const fresh = await getDate(event.id, dateKey, true);
      return fresh ?? d;
    }
    assertAuthorWasLive(out, 2);
    if (attempt >= ATTEMPTS) throw serviceUnavailable('The site is busy; please try again');
    // The date filled up, the attendance or the waiting member changed meanwhile: read again.
    if (!conditionFailed(out, 0) && !conditionFailed(out, 1) && !(waiter && conditionFailed(out, 3))) {
      await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
    }
  }
}

/**
 * Moves waiting members up while the date has room (after its capacity grew, or was removed).
 * Each move is its own transaction held to the capacity; answers how many moved.
 */
export async function promoteWaiting(event: EventItem, dateKey: string, max = 100): Promise<number> {
  let moved = 0;
  for (let step = 0; step < max; step++) {
    const d = await getDate(event.id, dateKey, true);
    if (!d || d.cancelled || d.waiting <= 0) return moved;
    if (event.capacity !== undefined && d.going >= event.capacity) return moved;
    const waiter = await firstWaiting(d, '');
    if (!waiter) return moved;
    const now = new Date().toISOString();
    const out = await writeItems([countsItem(d, { going: 1, waiting: -1 }, event.capacity ?? null), ...promotion(event, d, waiter, now)]);
    if (!out.canceled) moved++;
  }
  return moved;
}

