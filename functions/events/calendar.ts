/**
 * Calendars (E8): an event's dates as an iCalendar file, and a member's private feed: the dates
 * they are GOING or MAYBE to and their pages' events' dates (its token: feed-token.ts).
 *
 * A repeating event's file holds the whole series, not only the dates made so far: one VEVENT with
 * the rule (from its first date in the range served, in the place's zone), a VEVENT with the same
 * UID and a RECURRENCE-ID for each date changed by hand or cancelled, an EXDATE for each date
 * removed, and the dates that are no instance of the rule (added by hand, made under an earlier
 * rule, begun before the range, a first date off the rule) as VEVENTs of their own. Dates are matched to the rule's instances
 * by their key, the original start. Expanded by a calendar, the file gives exactly the event's
 * dates over the range already made; past it, the rule's instances, which the job will make.
 */
import { DEFAULT_SITE } from '../../shared/site';
import { SERIES_DONE, type EventAttendanceItem, type EventDateItem, type EventItem } from '../db/entities/event';
import { ownerRefKey } from '../db/entities/owner';
import type { PageMemberItem } from '../db/entities/page';
import { db } from '../db/service';
import { batchGet } from '../db/batch';
import { siteOrigin } from '../lib/site-origin';
import { eventUrl, eventsById, ownersOf, PAST_DAYS_SHOWN, specificIdOf } from './events';
import { calendarFile, type CalendarDate, type Organizer } from './ics';
import { expandSeries, MAX_DATES_PER_EXPANSION, ruleLimits, ruleMakesFirst, rruleUntil, SERIES_MAX_DAYS } from './recurrence';

const DAY_MS = 86_400_000;
/** A feed holds at most this many dates (the member's, then their pages'). */
const FEED_MAX = 500;
/** Pages whose events a feed includes, at most. */
const FEED_PAGES = 25;

function placeText(p: Pick<EventDateItem | EventItem, 'placeName' | 'address' | 'suburbCity' | 'state'>): string {
  return [p.placeName, p.address, p.suburbCity, p.state].filter((s) => s && s.trim()).join(', ');
}

/** The calendar entries of dates (their templates given), from 30 days ago on. */
export function calendarDates(dates: EventDateItem[], events: Map<string, EventItem>, nowMs = Date.now()): CalendarDate[] {
  const since = new Date(nowMs - PAST_DAYS_SHOWN * DAY_MS).toISOString();
  return dates
    .filter((d) => d.endsAt >= since && events.has(d.eventId))
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt))
    .map((d) => dateEntry(events.get(d.eventId)!, d));
}

/** A date's calendar entry, with its own UID. */
function dateEntry(e: EventItem, d: EventDateItem): CalendarDate {
  const location = placeText(d);
  return {
    id: specificIdOf(d.eventId, d.dateKey),
    title: e.title,
    description: e.description,
    startsAt: new Date(d.startsAt),
    endsAt: new Date(d.endsAt),
    ...(location ? { location } : {}),
    ...(d.latitude !== undefined && d.longitude !== undefined ? { latitude: d.latitude, longitude: d.longitude } : {}),
    url: eventUrl(e.randomId),
    cancelled: d.cancelled,
    sequence: d.sequence,
    updatedAt: new Date(d.updatedAt),
  };
}

/** The site's sending address: the address of MAIL_FROM ("Leafline <noreply@example.com>"), else noreply@ the site's host. */
export function senderAddress(env: NodeJS.ProcessEnv = process.env): string {
  const from = env.MAIL_FROM?.trim() ?? '';
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? (/^[^<>\s]+@[^<>\s]+$/.test(from) ? from : null);
  return address ?? `noreply@${new URL(siteOrigin(env)).hostname}`;
}

/** The file's ORGANIZER: the owner's name (a page's, or the member's as the event shows it) at the site's sending address, never a member's own. */
async function organizerOf(e: EventItem): Promise<Organizer> {
  const owner = (await ownersOf([e])).get(ownerRefKey(e.ownerType, e.ownerId));
  // A quoted parameter value holds no double quote (RFC 5545 §3.1).
  return { name: (owner?.name ?? DEFAULT_SITE.name).replace(/"/g, "'"), email: senderAddress() };
}

/** A file name made from the title: "Sunday cuttings swap!" → sunday-cuttings-swap.ics. */
export function calendarFileName(title: string): string {
  const slug = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '');
  return `${slug || 'event'}.ics`;
}

/** An event's calendar file: a one-off event's dates from 30 days ago on; a series as a whole (above). */
export async function eventCalendar(e: EventItem, dates: EventDateItem[], nowMs = Date.now()): Promise<string> {
  const base = { name: e.title, origin: siteOrigin(), now: new Date(nowMs), organizer: await organizerOf(e) };
  if (!e.rrule || !e.seriesStart) return calendarFile({ ...base, dates: calendarDates(dates, new Map([[e.id, e]]), nowMs) });
  return calendarFile({ ...base, timeZone: e.timeZone, dates: seriesEntries(e, dates, nowMs) });
}

/** Series are expanded in windows of this many days (a daily rule gives fewer dates than one expansion holds). */
const WINDOW_DAYS = MAX_DATES_PER_EXPANSION - 50;

/** The instants of the series' current rule from `fromMs` to its end, and that end (a COUNT's last instance, else its UNTIL or the series' end, the earlier). */
function seriesInstants(e: EventItem, fromMs: number): { instants: Date[]; end: Date } {
  const rrule = e.rrule!;
  const firstStart = new Date(e.seriesStart!);
  const limits = ruleLimits(rrule, e.timeZone);
  const seriesUntil = e.seriesUntil ? Date.parse(e.seriesUntil) : fromMs + (PAST_DAYS_SHOWN + SERIES_MAX_DAYS) * DAY_MS;
  let end = Math.min(seriesUntil, limits.until?.getTime() ?? Infinity);
  const expand = (from: number, to: number) => expandSeries({ rrule, firstStart, timeZone: e.timeZone, from: new Date(from), to: new Date(to), until: new Date(end) });
  if (limits.count !== null) end = expand(firstStart.getTime(), end).at(-1)?.getTime() ?? end;
  let instants: Date[] = [];
  for (let from = Math.max(fromMs, firstStart.getTime()); from <= end; from += WINDOW_DAYS * DAY_MS) {
    instants.push(...expand(from, Math.min(from + WINDOW_DAYS * DAY_MS - 1, end)));
  }
  // A first date the rule does not make is no instance of the file's rule: it is a VEVENT of its own.
  if (instants[0]?.getTime() === firstStart.getTime() && !ruleMakesFirst(rrule, firstStart, e.timeZone)) instants = instants.slice(1);
  return { instants, end: new Date(end) };
}

/** Whether a date differs from the rule's instance it stands for (moved, changed by hand, at its own place, or cancelled). */
function changedFrom(e: EventItem, d: EventDateItem, instant: Date): boolean {
  return d.edited || d.ownPlace || d.cancelled
    || Date.parse(d.startsAt) !== instant.getTime() || Date.parse(d.endsAt) !== instant.getTime() + (e.durationMs ?? 0)
    || placeText(d) !== placeText(e) || d.latitude !== e.latitude || d.longitude !== e.longitude;
}

/** A series' entries: the rule's VEVENT, a RECURRENCE-ID for each date changed, and the dates that are no instance of the rule. */
function seriesEntries(e: EventItem, dates: EventDateItem[], nowMs: number): CalendarDate[] {
  const since = nowMs - PAST_DAYS_SHOWN * DAY_MS;
  const shown = dates.filter((d) => Date.parse(d.endsAt) >= since).sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.dateKey.localeCompare(b.dateKey));
  const byKey = new Map(shown.map((d) => [Number(d.dateKey), d]));
  const { instants, end } = seriesInstants(e, since);
  // Instances past the dates made are in the rule and not checked: the job makes them from it.
  const checkedTo = e.materialisedUntil === SERIES_DONE ? Infinity : Date.parse(e.materialisedUntil);
  const exdates: Date[] = [];
  const overrides: CalendarDate[] = [];
  const matched = new Set<EventDateItem>();
  for (const instant of instants) {
    const d = byKey.get(instant.getTime());
    if (d) {
      matched.add(d);
      if (changedFrom(e, d, instant)) overrides.push({ ...dateEntry(e, d), id: e.id, recurrenceId: instant, sequence: e.version + d.sequence });
    } else if (instant.getTime() <= checkedTo) {
      exdates.push(instant);
    }
  }
  const first = instants[0];
  const location = placeText(e);
  const series: CalendarDate[] = first ? [{
    id: e.id,
    title: e.title,
    description: e.description,
    startsAt: first,
    endsAt: new Date(first.getTime() + (e.durationMs ?? 0)),
    ...(location ? { location } : {}),
    ...(e.latitude !== undefined && e.longitude !== undefined ? { latitude: e.latitude, longitude: e.longitude } : {}),
    url: eventUrl(e.randomId),
    cancelled: false,
    sequence: e.version,
    updatedAt: new Date(e.updatedAt),
    recurrence: { rule: rruleUntil(e.rrule!, end), until: end, exdates },
  }] : [];
  return [...series, ...overrides, ...shown.filter((d) => !matched.has(d)).map((d) => dateEntry(e, d))];
}

/** A member's feed: the dates they are GOING or MAYBE to, and their pages' events' dates. */
export async function memberCalendar(userId: string): Promise<string> {
  const nowMs = Date.now();
  const since = new Date(nowMs - PAST_DAYS_SHOWN * DAY_MS).toISOString();
  const [attending, memberships] = await Promise.all([
    db().entities.eventAttendance.query.byUser({ userId }).gte({ startsAt: since }).go({ limit: FEED_MAX }),
    db().entities.pageMember.query.byUser({ userId }).begins({ status: 'member' }).go({ limit: FEED_PAGES }),
  ]);
  const pageDates = await Promise.all(
    (memberships.data as PageMemberItem[]).map(async (m) => (await db().entities.eventDate.query.byOwner({ ownerType: 'page', ownerId: m.pageId }).gte({ endsAt: since }).go({ limit: 100 })).data as EventDateItem[]),
  );
  const mine = attending.data as EventAttendanceItem[];
  const wanted = new Map<string, EventDateItem | null>();
  for (const a of mine) wanted.set(specificIdOf(a.eventId, a.dateKey), null);
  for (const d of pageDates.flat()) wanted.set(specificIdOf(d.eventId, d.dateKey), d);
  // The attended dates themselves (the attendance holds only their start): one BatchGet.
  const missing = mine.filter((a) => !wanted.get(specificIdOf(a.eventId, a.dateKey)));
  for (const item of await batchGet(missing.map((a) => ({ pk: `event#${a.eventId}`, sk: `date#${a.dateKey}` })))) {
    const { data } = db().entities.eventDate.parse({ Item: item });
    if (data) wanted.set(specificIdOf(data.eventId, data.dateKey), data as EventDateItem);
  }
  const dates = [...wanted.values()].filter((d): d is EventDateItem => !!d && !d.deletedAt).slice(0, FEED_MAX);
  // An event an admin hid leaves its attendees' calendars (the file drops dates whose event it lacks).
  const events = new Map([...(await eventsById(dates.map((d) => d.eventId)))].filter(([, e]) => !e.hiddenAt));
  return calendarFile({ name: 'My plant events', origin: siteOrigin(), dates: calendarDates(dates, events, nowMs), now: new Date(nowMs), refreshHours: 1 });
}
