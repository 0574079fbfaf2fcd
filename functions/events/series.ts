/**
 * The scheduled work of events (hourly in the cloud, from an EventBridge rule; on a timer on the
 * local host):
 *
 * - **Series** (E6): a recurring event's dates exist 8 weeks ahead. The job reads the live series
 *   by how far their dates exist, and writes the dates that came into range, each date in its own
 *   transaction with the template's count and a condition that it does not exist: a date is keyed
 *   by series and original start, so the job run twice, or twice at once, never writes one twice.
 *   When a series has two weeks left, its owner is told once (they may extend it): the member,
 *   or a page's admins.
 * - **Reminders** (E7): the day before a date, its GOING and MAYBE attendees are told, and
 *   e-mailed when their settings allow. Each attendee's notification is written together with
 *   the `reminded` flag on their attendance (guarded on it being unset), so each goes out once;
 *   then the date's `reminderSent` takes it out of the index.
 */
import { eventNoticeText } from '../../shared/event-notice';
import { eventTimeText } from '../../shared/event-time';
import { SERIES_DONE, type EventAttendanceItem, type EventDateItem, type EventItem } from '../db/entities/event';
import { db } from '../db/service';
import { txEntities, writeItems } from '../db/transact';
import { logger } from '../lib/logger';
import { mailer } from '../lib/outbound/mailer';
import { unsubscribePartsIfSigned } from '../lib/outbound/unsubscribe';
import { notificationWrite } from '../notifications/notifications';
import { pageAdminIds } from '../pages/members';
import { readSettings } from '../users/settings-store';
import { getUser } from '../users/users';
import { eventUrl, getEvent } from './events';
import { attendeesOf, createDates, newDate } from './event-writes';
import { expandSeries, SERIES_AHEAD_DAYS } from './recurrence';

const DAY_MS = 86_400_000;
/** The owner hears this long before the last date that the series runs out. */
export const ENDING_NOTICE_DAYS = 14;
const BATCH = 25;

export interface RunOptions {
  nowMs?: number;
  /** Stop taking new work after this instant (ms). */
  deadlineMs?: number;
  /** The caller's tally of the dates written per series (by event id): added to, never reset. */
  written?: Map<string, number>;
}

/** Extends every series whose dates end within the horizon; answers how many dates were written. */
export async function extendSeries(opts: RunOptions = {}): Promise<{ series: number; dates: number; told: number }> {
  const nowMs = opts.nowMs ?? Date.now();
  const horizon = new Date(nowMs + SERIES_AHEAD_DAYS * DAY_MS).toISOString();
  let cursor: string | null = null;
  const result = { series: 0, dates: 0, told: 0 };
  do {
    const page: { data: EventItem[]; cursor: string | null } = await db().entities.event.query.seriesDue({}).lt({ materialisedUntil: horizon }).go({ cursor, limit: BATCH }) as never;
    for (const stale of page.data) {
      if (opts.deadlineMs && Date.now() > opts.deadlineMs) return result;
      const e = await getEvent(stale.id, true);
      if (!e || e.deletedAt || !e.rrule) continue;
      result.series++;
      const written = await extendOne(e, nowMs);
      result.dates += written;
      opts.written?.set(e.id, (opts.written.get(e.id) ?? 0) + written);
      if (await tellEnding(e, nowMs)) result.told++;
    }
    cursor = page.cursor;
  } while (cursor);
  return result;
}

/** Writes the series' dates that came into range (8 weeks ahead, up to its end); answers how many. */
export async function extendOne(e: EventItem, nowMs = Date.now()): Promise<number> {
  const from = Date.parse(e.materialisedUntil) + 1;
  const until = Date.parse(e.seriesUntil!);
  const to = Math.min(until, nowMs + SERIES_AHEAD_DAYS * DAY_MS);
  const starts = to >= from ? expandSeries({ rrule: e.rrule!, firstStart: new Date(e.seriesStart!), timeZone: e.timeZone, from: new Date(from), to: new Date(to), until: new Date(until) }) : [];
  const now = new Date(nowMs).toISOString();
  const written = await createDates(e.id, starts.map((s) => newDate(e, s.toISOString(), new Date(s.getTime() + (e.durationMs ?? 0)).toISOString(), now)));
  // Dates exist up to `to` now; a finished series leaves the index once it reaches its end.
  const reached = new Date(to >= until ? until : Math.max(to, from - 1)).toISOString();
  await moveMark(e, reached);
  return written;
}

/** Sets how far the series' dates exist (never backwards), guarded on the template's version; a lost race is left to the next run. */
async function moveMark(e: EventItem, reached: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const fresh = await getEvent(e.id, true);
    if (!fresh || fresh.deletedAt || fresh.materialisedUntil >= reached) return;
    const done = reached >= fresh.seriesUntil!;
    const { event } = txEntities();
    const { id, version, ...rest } = fresh;
    const next = { id, ...rest, materialisedUntil: done ? SERIES_DONE : reached, version: version + 1 };
    const out = await writeItems([event.put(next).where((a, op) => op.eq(a.version, version)).commit()]);
    if (!out.canceled) return;
  }
}

/** Who may extend the series: a page's admins (not whoever of its staff made it), else the member whose event it is. */
async function ownersToTell(e: EventItem): Promise<string[]> {
  return e.ownerType === 'page' ? pageAdminIds(e.ownerId) : [e.ownerId];
}

/** Tells the owner once per end that the series runs out within two weeks (one transaction with the mark). */
async function tellEnding(first: EventItem, nowMs: number): Promise<boolean> {
  const e = await getEvent(first.id, true);
  if (!e || e.deletedAt || !e.seriesUntil || e.endingToldFor === e.seriesUntil) return false;
  if (Date.parse(e.seriesUntil) - nowMs > ENDING_NOTICE_DAYS * DAY_MS || Date.parse(e.seriesUntil) < nowMs) return false;
  const { event } = txEntities();
  const { id, version, ...rest } = e;
  const until = e.seriesUntil;
  const told = (await ownersToTell(e)).flatMap((userId) => notificationWrite(userId, { kind: 'event-series-ending', targetType: 'event', targetId: e.randomId, text: eventNoticeText({ title: e.title, at: until, timeZone: e.timeZone }) }));
  const out = await writeItems([
    event.put({ id, ...rest, endingToldFor: e.seriesUntil, version: version + 1 }).where((a, op) => op.eq(a.version, version)).commit(),
    ...told,
  ]);
  return !out.canceled;
}

/** Sends the reminders of the dates that start within the next day; answers how many went out. */
export async function sendReminders(opts: RunOptions = {}): Promise<{ dates: number; reminded: number; mailed: number }> {
  const nowMs = opts.nowMs ?? Date.now();
  const now = new Date(nowMs).toISOString();
  const until = new Date(nowMs + DAY_MS).toISOString();
  const days = [...new Set([now.slice(0, 10), until.slice(0, 10)])];
  const result = { dates: 0, reminded: 0, mailed: 0 };
  for (const startDay of days) {
    const { data } = await db().entities.eventDate.query.reminders({ startDay }).between({ startsAt: now }, { startsAt: until }).go({ pages: 'all' });
    for (const d of data as EventDateItem[]) {
      if (opts.deadlineMs && Date.now() > opts.deadlineMs) return result;
      const e = await getEvent(d.eventId);
      // An event an admin hid reminds no one.
      if (!e || e.deletedAt || e.hiddenAt) continue;
      result.dates++;
      const out = await remindDate(e, d, opts.deadlineMs);
      result.reminded += out.reminded;
      result.mailed += out.mailed;
    }
  }
  return result;
}

/**
 * Reminds a date's attendees not yet reminded. Past the run's deadline it stops, and the date
 * stays in the reminder index for the next run (each attendee's flag keeps them from a second one).
 */
async function remindDate(e: EventItem, d: EventDateItem, deadlineMs?: number): Promise<{ reminded: number; mailed: number }> {
  const people = (await attendeesOf(e.id, d.dateKey)).filter((a) => (a.status === 'GOING' || a.status === 'MAYBE') && !a.waiting && !a.reminded);
  let reminded = 0;
  let mailed = 0;
  for (const a of people) {
    if (deadlineMs && Date.now() > deadlineMs) return { reminded, mailed };
    if (await remindOne(e, d, a)) {
      reminded++;
      if (await mailReminder(e, d, a.userId)) mailed++;
    }
  }
  // Every attendee has been reminded (or was already): the date leaves the reminder index.
  const { eventDate } = txEntities();
  const { eventId, dateKey, version, ...rest } = d;
  await writeItems([eventDate.put({ eventId, dateKey, ...rest, reminderSent: true, version: version + 1 }).where((x, op) => op.eq(x.version, version)).commit()]);
  return { reminded, mailed };
}

/** One attendee's reminder: the notification and the flag in one transaction, guarded on the flag. */
async function remindOne(e: EventItem, d: EventDateItem, a: EventAttendanceItem): Promise<boolean> {
  const { eventAttendance } = txEntities();
  const out = await writeItems([
    eventAttendance.patch({ eventId: a.eventId, dateKey: a.dateKey, userId: a.userId }).set({ reminded: true }).where((x, op) => op.eq(x.reminded, false)).commit(),
    ...notificationWrite(a.userId, { kind: 'event-reminder', targetType: 'event', targetId: e.randomId, text: eventNoticeText({ title: e.title, at: d.startsAt, timeZone: e.timeZone }) }),
  ]);
  return !out.canceled;
}

async function mailReminder(e: EventItem, d: EventDateItem, userId: string): Promise<boolean> {
  try {
    const [user, settings] = await Promise.all([getUser(userId), readSettings(userId)]);
    if (!user || user.deletedAt || !user.email || !settings.notify_email_events) return false;
    // Said as the site says it, at the event's place, with its zone named (a mail has no reader's zone).
    const when = eventTimeText(d.startsAt, e.timeZone, { locale: 'en' });
    // One-click unsubscribe (RFC 8058) in the headers, and the same token's page in the text; without them if they cannot be signed now.
    const unsubscribe = await unsubscribePartsIfSigned(userId, 'notify_email_events');
    await mailer().send({
      to: user.email,
      subject: `Tomorrow: ${e.title}`,
      text: `A reminder: ${e.title} is on ${when}.\n\n${eventUrl(e.randomId)}\n\nYou get this because you said you may go or are going. Change e-mail settings in your settings.${unsubscribe ? `\nStop e-mails about events: ${unsubscribe.link}` : ''}`,
      ...(unsubscribe ? { headers: unsubscribe.headers } : {}),
    });
    return true;
  } catch (err) {
    // The notification stands; a failed e-mail must not stop the others.
    logger.error('could not e-mail an event reminder', { error: err as Error, eventId: e.id });
    return false;
  }
}
