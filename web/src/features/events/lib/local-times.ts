/**
 * An event's date and times as its forms and the month view type and group them: a day
 * (YYYY-MM-DD) and times (HH:MM) at the event's place, to and from instants. Kept apart from
 * lib/format-date.ts, which every screen loads, since only the event screens need them (and the
 * zone arithmetic of shared/zoned-time.ts).
 */
import { partsAt } from '@shared/event-time';
import { instantOf } from '@shared/zoned-time';

/** The local date (YYYY-MM-DD) and time (HH:MM) of an instant at the event's place, for form inputs. */
export function localParts(iso: string, timeZone: string): { date: string; time: string } {
  const parts = partsAt(new Date(iso), timeZone, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, 'en-CA');
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
