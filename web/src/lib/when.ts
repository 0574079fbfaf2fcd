/**
 * When an event happens, as people read it: in the time zone of its place (a swap meet in Sydney
 * is at 10:00 Sydney time, wherever the reader is), with the zone named when it is not the
 * reader's own. And the other way: a date and time typed into a form at the event's place.
 */
import { instantOf } from '@shared/zoned-time';

const readerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** An instant formatted at a place's zone (the reader's own when the zone is unknown to the browser). */
export function inZone(iso: string, timeZone: string, options: Intl.DateTimeFormatOptions): string {
  try {
    return new Intl.DateTimeFormat(undefined, { ...options, timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(undefined, options).format(new Date(iso));
  }
}

/** "Times are Australia/Sydney time" when the reader is elsewhere, for a list that says it once; else null. */
export function zoneNote(timeZone: string): string | null {
  return timeZone === readerZone ? null : `Times are ${timeZone.replace(/_/g, ' ')} time`;
}

/**
 * "Sat 5 Dec, 10:00 – 12:00" (the year when it is not this year), "(Australia/Sydney time)" when
 * the reader is elsewhere, unless `zone` is false (a list that says it once, with `zoneNote`).
 */
export function dateRange(startsAt: string, endsAt: string, timeZone: string, { zone = true }: { zone?: boolean } = {}): string {
  const sameYear = new Date(startsAt).getFullYear() === new Date().getFullYear();
  const day: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) };
  const time: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
  const startDay = inZone(startsAt, timeZone, day);
  const endDay = inZone(endsAt, timeZone, day);
  const range = startDay === endDay
    ? `${startDay}, ${inZone(startsAt, timeZone, time)} – ${inZone(endsAt, timeZone, time)}`
    : `${startDay}, ${inZone(startsAt, timeZone, time)} – ${endDay}, ${inZone(endsAt, timeZone, time)}`;
  return timeZone === readerZone || !zone ? range : `${range} (${timeZone.replace(/_/g, ' ')} time)`;
}

/** The calendar leaf of a card: weekday, day and month at the event's place. */
export function dayLeaf(startsAt: string, timeZone: string): { weekday: string; day: string; month: string } {
  return {
    weekday: inZone(startsAt, timeZone, { weekday: 'short' }),
    day: inZone(startsAt, timeZone, { day: 'numeric' }),
    month: inZone(startsAt, timeZone, { month: 'short' }),
  };
}

/** The local date (YYYY-MM-DD) and time (HH:MM) of an instant at the event's place, for form inputs. */
export function localParts(iso: string, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The instant of a date (YYYY-MM-DD) and time (HH:MM) at a place's zone; null when either is not filled in. */
export function instantAt(date: string, time: string, timeZone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  return instantOf({ year: +d[1]!, month: +d[2]!, day: +d[3]!, hour: +t[1]!, minute: +t[2]!, second: 0 }, timeZone).toISOString();
}

/** The day after a date (YYYY-MM-DD), by the calendar. */
function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * The instants of a date's start and end typed as a day (YYYY-MM-DD) and two times (HH:MM) at a
 * place's zone. An end at or before the start is the next morning's (a night market, say), by
 * the calendar, so a clock change that night does not shift it. Null when a part is not filled in.
 */
export function rangeAt(date: string, start: string, end: string, timeZone: string): { startsAt: string; endsAt: string } | null {
  const startsAt = instantAt(date, start, timeZone);
  let endsAt = instantAt(date, end, timeZone);
  if (!startsAt || !endsAt) return null;
  if (endsAt <= startsAt) endsAt = instantAt(nextDay(date), end, timeZone)!;
  return { startsAt, endsAt };
}
