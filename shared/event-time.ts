/**
 * How a date and an event's time are said, in the SPA and in e-mails alike: "Sat 26 Dec" (with
 * the year when it is not the current one: "Sat 2 Jan 2027") and "Sun 29 Nov, 10:00", composed
 * from the formatter's parts so every locale gets the same shape, at a given time zone.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string | undefined, timeZone: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(locale, { ...options, ...(timeZone ? { timeZone } : {}) });
    } catch {
      // A zone this runtime does not know: the runtime's own.
      f = new Intl.DateTimeFormat(locale, options);
    }
    formatters.set(key, f);
  }
  return f;
}

/** The named parts of an instant at a zone (the runtime's own when none is given). */
export function partsAt(date: Date, timeZone: string | undefined, options: Intl.DateTimeFormatOptions, locale?: string): Record<string, string> {
  return Object.fromEntries(formatter(locale, timeZone, options).formatToParts(date).map((p) => [p.type, p.value]));
}

export interface DayOptions {
  /** The zone the day is counted in (the runtime's own when absent). */
  timeZone?: string;
  /** Now, for "this year" (ms). */
  now?: number;
  locale?: string;
}

/** "Sat 26 Dec", or "Sat 2 Jan 2027" when the year is not the current one at that zone. */
export function dayText(date: Date, { timeZone, now = Date.now(), locale }: DayOptions = {}): string {
  const p = partsAt(date, timeZone, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }, locale);
  const thisYear = partsAt(new Date(now), timeZone, { year: 'numeric' }, locale).year;
  return [p.weekday, p.day, p.month, ...(p.year === thisYear ? [] : [p.year])].join(' ');
}

/** "10:00" (24-hour) at a zone. */
export function clockText(date: Date, timeZone?: string, locale?: string): string {
  const p = partsAt(date, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, locale);
  return `${p.hour}:${p.minute}`;
}

/** "Australia/Sydney time". */
export const zoneName = (timeZone: string): string => `${timeZone.replace(/_/g, ' ')} time`;

/**
 * "Sun 29 Nov, 10:00" at the event's zone, followed by " (Australia/Sydney time)" unless the
 * reader is in that zone (`readerZone`; a mail has no reader zone, so it always names it).
 */
export function eventTimeText(iso: string, timeZone: string, { readerZone, now, locale }: { readerZone?: string; now?: number; locale?: string } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const at = `${dayText(date, { timeZone, now, locale })}, ${clockText(date, timeZone, locale)}`;
  return readerZone === timeZone ? at : `${at} (${zoneName(timeZone)})`;
}
