/**
 * Wall-clock times in IANA time zones, with nothing but Intl: what a zone's clocks show at an
 * instant, and the instant at which they show a given time (daylight saving's gaps and overlaps
 * included). The server expands recurring events with it and the web turns a form's local date
 * and time at an event's place into an instant.
 */

const DAY_MS = 86_400_000;

/** A time as a zone's clocks show it; month is 1-12. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    } catch {
      throw new Error(`Unknown time zone: ${timeZone}`);
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock time of an instant in a zone. */
export function wallClockOf(instant: Date, timeZone: string): WallClock {
  const fields: Record<string, number> = {};
  for (const p of formatterOf(timeZone).formatToParts(instant)) fields[p.type] = Number(p.value);
  return { year: fields.year!, month: fields.month!, day: fields.day!, hour: fields.hour!, minute: fields.minute!, second: fields.second! };
}

/** The wall-clock time as a "floating" Date: its UTC fields are the wall-clock fields. */
export const floating = (w: WallClock) => new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
export const wallOfFloating = (d: Date): WallClock => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() });

/** How far the zone's clocks are ahead of UTC at an instant (ms). */
function offsetAt(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return floating(wallClockOf(new Date(whole), timeZone)).getTime() - whole;
}

/** The instant at which a zone's clocks show this wall-clock time (gaps: the first instant after; overlaps: the earlier). */
export function instantOf(wall: WallClock, timeZone: string): Date {
  const local = floating(wall).getTime();
  // A zone changes its offset at most once within a day, so the offsets a day either side are
  // the only candidates; a candidate is right when the zone's offset at it is the one assumed.
  const before = offsetAt(local - DAY_MS, timeZone);
  const after = offsetAt(local + DAY_MS, timeZone);
  const fits = [local - before, local - after].filter((t) => offsetAt(t, timeZone) === local - t).sort((a, b) => a - b);
  // None fits in a gap: the offset from before the change moves the time forward by the gap.
  return new Date(fits[0] ?? local - before);
}

/** The local calendar day (YYYY-MM-DD) of an instant in a zone (used to match a date to the same day of a rewritten series). */
export function localDay(instant: Date, timeZone: string): string {
  const w = wallClockOf(instant, timeZone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

