/**
 * Calendars (E8): an event's dates as an iCalendar file, and a member's private feed: the dates
 * they are GOING or MAYBE to and their pages' events' dates (its token: feed-token.ts).
 */
import type { EventAttendanceItem, EventDateItem, EventItem } from '../db/entities/event';
import type { PageMemberItem } from '../db/entities/page';
import { db } from '../db/service';
import { batchGet } from '../db/batch';
import { siteOrigin } from '../lib/site-origin';
import { eventUrl, eventsById, PAST_DAYS_SHOWN, specificIdOf } from './events';
import { calendarFile, type CalendarDate } from './ics';

const DAY_MS = 86_400_000;
/** A feed holds at most this many dates (the member's, then their pages'). */
const FEED_MAX = 500;
/** Pages whose events a feed includes, at most. */
const FEED_PAGES = 25;

function placeText(p: Pick<EventDateItem, 'placeName' | 'address' | 'suburbCity' | 'state'>): string {
  return [p.placeName, p.address, p.suburbCity, p.state].filter((s) => s && s.trim()).join(', ');
}

/** The calendar entries of dates (their templates given), from 30 days ago on. */
export function calendarDates(dates: EventDateItem[], events: Map<string, EventItem>, nowMs = Date.now()): CalendarDate[] {
  const since = new Date(nowMs - PAST_DAYS_SHOWN * DAY_MS).toISOString();
  return dates
    .filter((d) => d.endsAt >= since && events.has(d.eventId))
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt))
    .map((d) => {
      const e = events.get(d.eventId)!;
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
    });
}

export function eventCalendar(e: EventItem, dates: EventDateItem[]): string {
  const nowMs = Date.now();
  return calendarFile({ name: e.title, origin: siteOrigin(), dates: calendarDates(dates, new Map([[e.id, e]]), nowMs), now: new Date(nowMs) });
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
  const events = await eventsById(dates.map((d) => d.eventId));
  return calendarFile({ name: 'My plant events', origin: siteOrigin(), dates: calendarDates(dates, events, nowMs), now: new Date(nowMs), refreshHours: 1 });
}
