/**
 * When an event happens, as people read it: in the time zone of its place (a swap meet in Sydney
 * is at 10:00 Sydney time, wherever the reader is), with the zone named when it is not the
 * reader's own. And the other way: a date and time typed into a form at the event's place.
 */
import { instantOf } from '@shared/zoned-time';

const readerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function format(iso: string, timeZone: string, options: Intl.DateTimeFormatOptions): string {
  try {
    return new Intl.DateTimeFormat(undefined, { ...options, timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(undefined, options).format(new Date(iso));
  }
}

/** "Sat 5 Dec, 10:00 – 12:00" (the year when it is not this year), "(Australia/Sydney time)" when the reader is elsewhere. */
export function dateRange(startsAt: string, endsAt: string, timeZone: string): string {
  const sameYear = new Date(startsAt).getFullYear() === new Date().getFullYear();
  const day: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) };
  const time: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
  const startDay = format(startsAt, timeZone, day);
  const endDay = format(endsAt, timeZone, day);
  const range = startDay === endDay
    ? `${startDay}, ${format(startsAt, timeZone, time)} – ${format(endsAt, timeZone, time)}`
    : `${startDay}, ${format(startsAt, timeZone, time)} – ${endDay}, ${format(endsAt, timeZone, time)}`;
  return timeZone === readerZone ? range : `${range} (${timeZone.replace(/_/g, ' ')} time)`;
}

/** The calendar leaf of a card: weekday, day and month at the event's place. */
export function dayLeaf(startsAt: string, timeZone: string): { weekday: string; day: string; month: string } {
  return {
    weekday: format(startsAt, timeZone, { weekday: 'short' }),
    day: format(startsAt, timeZone, { day: 'numeric' }),
    month: format(startsAt, timeZone, { month: 'short' }),
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
