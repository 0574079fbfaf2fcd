/**
 * The SPA's one date formatter (the lint holds it: no other module makes an Intl date formatter or
 * calls toLocaleDateString / toLocaleTimeString). One day style everywhere, "Sat 26 Dec", with
 * the year when it is not this year ("Sat 2 Jan 2027"); times on the 24-hour clock ("10:00").
 *
 * An event's time is said in the time zone of its place (a swap meet in Sydney is at 10:00
 * Sydney time, wherever the reader is), with the zone named when it is not the reader's own.
 * And the other way: a date and time typed into a form at the event's place.
 */
import { clockText, dayText, eventTimeText, partsAt, zoneName } from '@shared/event-time';

/** The reader's own time zone (the browser's). */
export const readerZone = (): string => new Intl.DateTimeFormat().resolvedOptions().timeZone;

function parse(iso: string | Date): Date | null {
  const d = iso instanceof Date ? iso : new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "Sat 26 Dec" or "Sat 2 Jan 2027", in the reader's zone unless `timeZone` is given. */
export function formatDay(iso: string | Date, { timeZone, now }: { timeZone?: string; now?: number } = {}): string {
  const d = parse(iso);
  return d ? dayText(d, { timeZone, now }) : String(iso);
}

/** "Sat 26 Dec" (the reader's zone). */
export const formatDate = (iso: string): string => formatDay(iso);

/** "Sat 26 Dec, 14:05" (the reader's zone). */
export function formatDateTime(iso: string, { now }: { now?: number } = {}): string {
  const d = parse(iso);
  return d ? `${dayText(d, { now })}, ${clockText(d)}` : iso;
}

/** "14:05" (the reader's zone). */
export function formatTime(iso: string): string {
  const d = parse(iso);
  return d ? clockText(d) : iso;
}

/** "Saturday 26 December" (the year when it is not this year), for a day heading. */
export function formatLongDay(date: Date, { now = Date.now() }: { now?: number } = {}): string {
  const p = partsAt(date, undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const thisYear = partsAt(new Date(now), undefined, { year: 'numeric' }).year;
  return [p.weekday, p.day, p.month, ...(p.year === thisYear ? [] : [p.year])].join(' ');
}

/** "Saturday 26 December 2026", for a day read out on its own (a calendar cell's label). */
export function formatFullDay(date: Date): string {
  const p = partsAt(date, undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  return [p.weekday, p.day, p.month, p.year].join(' ');
}

/** "December 2026", a month's title. */
export function formatMonth(date: Date): string {
  const p = partsAt(date, undefined, { month: 'long', year: 'numeric' });
  return `${p.month} ${p.year}`;
}

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "5 minutes ago", "in 2 days", "just now". */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const d = parse(iso);
  if (!d) return iso;
  const seconds = Math.round((d.getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/**
 * "Sun 29 Nov, 10:00 (Australia/Sydney time)": an instant at the event's zone, the zone named
 * when the reader (`reader`, the browser's zone unless given) is elsewhere. Without a zone (an
 * old notification), the reader's own, with no note. '' for something that is not a date.
 */
export function formatEventTime(iso: string, timeZone: string | null | undefined, { reader = readerZone(), now }: { reader?: string; now?: number } = {}): string {
  if (!parse(iso)) return '';
  return eventTimeText(iso, timeZone ?? reader, { readerZone: reader, now });
}

/**
 * "Sat 10:00 (Australia/Sydney time)": the weekday and time at the event's zone, for a card whose
 * calendar leaf already gives the day and month; the zone named when the reader is elsewhere.
 */
export function formatEventClock(iso: string, timeZone: string, { reader = readerZone() }: { reader?: string } = {}): string {
  const date = parse(iso);
  if (!date) return '';
  const at = `${partsAt(date, timeZone, { weekday: 'short' }).weekday} ${clockText(date, timeZone)}`;
  return timeZone === reader ? at : `${at} (${zoneName(timeZone)})`;
}

/** "Times are Australia/Sydney time" when the reader is elsewhere, for a list that says it once; else null. */
export function zoneNote(timeZone: string, reader: string = readerZone()): string | null {
  return timeZone === reader ? null : `Times are ${zoneName(timeZone)}`;
}

/**
 * "Sat 5 Dec, 10:00 – 12:00" (the year when it is not this year), "(Australia/Sydney time)" when
 * the reader is elsewhere, unless `zone` is false (a list that says it once, with `zoneNote`).
 */
export function dateRange(startsAt: string, endsAt: string, timeZone: string, { zone = true, reader = readerZone(), now }: { zone?: boolean; reader?: string; now?: number } = {}): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const startDay = dayText(start, { timeZone, now });
  const endDay = dayText(end, { timeZone, now });
  const range = startDay === endDay
    ? `${startDay}, ${clockText(start, timeZone)} – ${clockText(end, timeZone)}`
    : `${startDay}, ${clockText(start, timeZone)} – ${endDay}, ${clockText(end, timeZone)}`;
  return timeZone === reader || !zone ? range : `${range} (${zoneName(timeZone)})`;
}

/** The calendar leaf of a card: weekday, day and month at the event's place. */
export function dayLeaf(startsAt: string, timeZone: string): { weekday: string; day: string; month: string } {
  const p = partsAt(new Date(startsAt), timeZone, { weekday: 'short', day: 'numeric', month: 'short' });
  return { weekday: p.weekday ?? '', day: p.day ?? '', month: p.month ?? '' };
}
