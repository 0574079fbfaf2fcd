/**
 * iCalendar files (RFC 5545) of event dates, written with `ical-generator`: one VEVENT per date
 * with a UID derived from the date's id (stable across calls, so calendar apps update a date
 * instead of adding it twice), times in UTC, the place as LOCATION and GEO, the event's page as
 * URL, STATUS:CANCELLED for a cancelled date and a SEQUENCE that grows with each change.
 *
 * A file in a zone (a series) writes DTSTART, DTEND, RECURRENCE-ID and EXDATE with its TZID and
 * carries the zone's VTIMEZONE (vtimezone.ts) over the span its times cover; every other time
 * (DTSTAMP, LAST-MODIFIED, a rule's UNTIL) stays in UTC.
 */
import ical, { ICalCalendarMethod, ICalEventStatus, type ICalLuxonDateTimeStub } from 'ical-generator';
import { DEFAULT_SITE } from '../../shared/site';
import { wallClockOf } from '../../shared/zoned-time';
import { vtimezoneGenerator } from './vtimezone';

const DAY_MS = 86_400_000;

export interface CalendarDate {
  /** The specific's id: the UID is derived from it. */
  id: string;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  /** A place as text ("Community garden, 12 Main St, Newtown"), when known. */
  location?: string;
  latitude?: number;
  longitude?: number;
  /** Absolute URL of the event's page. */
  url: string;
  cancelled: boolean;
  /** Grows with every change of this date. */
  sequence: number;
  updatedAt: Date;
  /** A series' date changed by hand: the instance (original start) it stands for; its id is the series'. */
  recurrenceId?: Date;
  /** A series: its rule with UNTIL in UTC, that end, and the instances without a date (EXDATE). */
  recurrence?: { rule: string; until: Date; exdates: Date[] };
}

/** Who publishes the file: a name and the site's sending address. */
export interface Organizer {
  name: string;
  email: string;
}

/** A local time as iCalendar writes it beside a TZID: 20261004T100000. */
function localText(instant: Date, timeZone: string): string {
  const w = wallClockOf(instant, timeZone);
  const pad = (n: number, l = 2) => String(n).padStart(l, '0');
  return `${pad(w.year, 4)}${pad(w.month)}${pad(w.day)}T${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`;
}

/**
 * An instant as ical-generator's Luxon-like value, so that it writes the time on the clocks of
 * the zone it is given (a plain Date would be read in the process's own zone).
 */
function zoned(instant: Date, timeZone: string): ICalLuxonDateTimeStub {
  const zone = /^utc$/i.test(timeZone) ? 'UTC' : timeZone;
  return {
    isValid: true,
    zone: { type: 'iana' },
    setZone: (other?: string) => zoned(instant, other ?? zone),
    toFormat: (format: string) => {
      const [day, time] = localText(instant, zone).split('T') as [string, string];
      if (format === 'yyyyLLdd') return day;
      if (format === 'HHmmss') return time;
      throw new Error(`unexpected date format ${format}`);
    },
    toJSDate: () => new Date(instant),
    toJSON: () => instant.toISOString(),
  };
}

/** The span of a zoned file's local times (a day either side), for its VTIMEZONE. */
function spanOf(dates: CalendarDate[]): [number, number] {
  const times = dates.flatMap((d) => [d.startsAt, d.endsAt, ...(d.recurrenceId ? [d.recurrenceId] : []), ...(d.recurrence ? [d.recurrence.until, ...d.recurrence.exdates] : [])].map((t) => t.getTime()));
  return [Math.min(...times) - DAY_MS, Math.max(...times) + DAY_MS];
}

/** The UID of a date in a calendar file (stable: derived from the date's id and the site's host). */
export function uidOf(dateId: string, origin: string): string {
  return `${dateId}@${new URL(origin).host}`;
}

/**
 * An iCalendar file of these dates: in UTC, or with `timeZone` on the clocks of that zone (with
 * its VTIMEZONE); with an ORGANIZER when one is given.
 */
export function calendarFile(args: { name: string; origin: string; dates: CalendarDate[]; now: Date; refreshHours?: number; organizer?: Organizer; timeZone?: string }): string {
  const { timeZone } = args;
  const calendar = ical({
    name: args.name,
    prodId: { company: DEFAULT_SITE.name, product: 'Events', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ...(args.refreshHours ? { ttl: args.refreshHours * 3600 } : {}),
    // No name: the calendar's own times (DTSTAMP, LAST-MODIFIED, UNTIL) stay in UTC.
    ...(timeZone && args.dates.length ? { timezone: { name: null, generator: vtimezoneGenerator(...spanOf(args.dates)) } } : {}),
  });
  const at = (t: Date) => (timeZone ? zoned(t, timeZone) : t);
  for (const d of args.dates) {
    const geo = d.latitude !== undefined && d.longitude !== undefined ? { lat: d.latitude, lon: d.longitude } : undefined;
    const rule = d.recurrence && [
      `RRULE:${d.recurrence.rule}`,
      ...(d.recurrence.exdates.length ? [`EXDATE${timeZone ? `;TZID=${timeZone}:${d.recurrence.exdates.map((t) => localText(t, timeZone)).join(',')}` : `:${d.recurrence.exdates.map((t) => `${localText(t, 'UTC')}Z`).join(',')}`}`] : []),
    ].join('\n');
    calendar.createEvent({
      id: uidOf(d.id, args.origin),
      start: at(d.startsAt),
      end: at(d.endsAt),
      ...(timeZone ? { timezone: timeZone } : {}),
      ...(rule ? { repeating: rule } : {}),
      ...(d.recurrenceId ? { recurrenceId: at(d.recurrenceId) } : {}),
      ...(args.organizer ? { organizer: { name: args.organizer.name, email: args.organizer.email } } : {}),
      stamp: args.now,
      lastModified: d.updatedAt,
      summary: d.title,
      ...(d.description ? { description: d.description } : {}),
      ...(d.location ? { location: geo ? { title: d.location, geo } : d.location } : geo ? { location: { geo } } : {}),
      url: d.url,
      status: d.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      sequence: d.sequence,
    });
  }
  return calendar.toString();
}
