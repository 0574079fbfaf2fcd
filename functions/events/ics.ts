/**
 * iCalendar files (RFC 5545) of event dates, written with `ical-generator`: one VEVENT per date
 * with a UID derived from the date's id (stable across calls, so calendar apps update a date
 * instead of adding it twice), times in UTC, the place as LOCATION and GEO, the event's page as
 * URL, STATUS:CANCELLED for a cancelled date and a SEQUENCE that grows with each change.
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { DEFAULT_SITE } from '../../shared/site';

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
}

/** The UID of a date in a calendar file (stable: derived from the date's id and the site's host). */
export function uidOf(dateId: string, origin: string): string {
  return `${dateId}@${new URL(origin).host}`;
}

/** An iCalendar file of these dates. */
export function calendarFile(args: { name: string; origin: string; dates: CalendarDate[]; now: Date; refreshHours?: number }): string {
  const calendar = ical({
    name: args.name,
    prodId: { company: DEFAULT_SITE.name, product: 'Events', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ...(args.refreshHours ? { ttl: args.refreshHours * 3600 } : {}),
  });
  for (const d of args.dates) {
    const geo = d.latitude !== undefined && d.longitude !== undefined ? { lat: d.latitude, lon: d.longitude } : undefined;
    calendar.createEvent({
      id: uidOf(d.id, args.origin),
      start: d.startsAt,
      end: d.endsAt,
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
