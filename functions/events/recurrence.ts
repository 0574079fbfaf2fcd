/**
 * Recurring events: checking an RRULE (RFC 5545) against what the app supports, storing it in a
 * normal form, describing it in English, and expanding it into the start instants of its dates.
 *
 * Events happen at local time: a series' dates are stored as UTC instants with the IANA time zone
 * of the place, and "every Saturday at 10:00" stays 10:00 there across daylight-saving changes.
 * Expansion therefore runs on wall-clock time: the first start's local time is written as a
 * "floating" Date whose UTC fields are the local fields, rrule expands that in UTC (plain calendar
 * arithmetic, no zone), and each result is turned back into an instant of the zone with the
 * offsets of Intl.DateTimeFormat. rrule's own TZID handling is not used.
 */
import * as rrulePkg from 'rrule';
import { floating, instantOf, localDay, wallClockOf, wallOfFloating, type WallClock } from '../../shared/zoned-time';

export { instantOf, localDay, wallClockOf, type WallClock };

// rrule ships CommonJS as "main" and extensionless ESM as "module": Node (tsx, vitest) loads the
// CommonJS build, whose names are only on the default export; esbuild bundles the ESM build.
const { RRule, Weekday } = ('RRule' in rrulePkg ? rrulePkg : Reflect.get(rrulePkg, 'default')) as typeof rrulePkg;

/** Dates are materialised this far ahead; the scheduled job extends series as time passes. */
export const SERIES_AHEAD_DAYS = 56; // 8 weeks
/** A series never runs more than this many days past the moment it is created or extended. */
export const SERIES_MAX_DAYS = 183; // about 6 months
/** At most this many dates come out of one expansion. */
export const MAX_DATES_PER_EXPANSION = 200;
/** A rule's longest text (RRULE_MAX of the input schema; not imported, to keep zod out of the job's bundle). */
const RRULE_MAX = 200;

const DAY_MS = 86_400_000;
const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
type Day = (typeof DAYS)[number];
const FREQS = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
/** The order of a rule's parts in its normal form. */
const PARTS = ['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'COUNT', 'UNTIL', 'WKST'] as const;

interface Rule {
  freq: (typeof FREQS)[number];
  interval: number;
  byDay: { n: number | null; day: Day }[];
  byMonthDay: number[];
  count: number | null;
  /** As written: 20270101 (a local day) or 20270101T000000Z (an instant). */
  until: string | null;
  wkst: Day | null;
}

const isDay = (s: string): s is Day => (DAYS as readonly string[]).includes(s);
const inRange = (s: string, min: number, max: number) => /^[+-]?\d{1,3}$/.test(s) && Number(s) >= min && Number(s) <= max;

/** The rule's parts, or a sentence saying why it is refused. */
function parseRule(text: string): Rule | string {
  const source = text.trim().toUpperCase().replace(/^RRULE:/, '');
  if (!source) return 'The repeat rule is empty.';
  if (text.trim().length > RRULE_MAX) return `The repeat rule is too long (at most ${RRULE_MAX} characters).`;
  const parts = new Map<string, string>();
  for (const part of source.split(';').filter(Boolean)) {
    const m = /^([A-Z]+)=(.+)$/.exec(part);
    if (!m) return `"${part}" is not a part of a repeat rule (like FREQ=WEEKLY).`;
    const [, key, value] = m as unknown as [string, string, string];
    if (parts.has(key)) return `${key} appears twice in the repeat rule.`;
    parts.set(key, value);
  }
  for (const key of parts.keys()) {
    if (key === 'DTSTART' || key === 'TZID') return `${key} is not part of the repeat rule: the first date and the place's time zone set it.`;
    if (['BYHOUR', 'BYMINUTE', 'BYSECOND'].includes(key)) return `The time of day comes from the first date; ${key} is not supported.`;
    if (['BYSETPOS', 'BYYEARDAY', 'BYWEEKNO', 'BYMONTH'].includes(key)) return `${key} is not supported in a repeat rule.`;
    if (!(PARTS as readonly string[]).includes(key)) return `${key} is not a part of a repeat rule.`;
  }

  const freq = parts.get('FREQ');
  if (!freq) return 'The repeat rule needs a FREQ (DAILY, WEEKLY or MONTHLY).';
  if (['HOURLY', 'MINUTELY', 'SECONDLY'].includes(freq)) return `Events cannot repeat more often than daily (FREQ=${freq} is not supported).`;
  if (freq === 'YEARLY') return 'Yearly repeats are not supported: a series runs at most about six months ahead.';
  if (!(FREQS as readonly string[]).includes(freq)) return 'FREQ must be DAILY, WEEKLY or MONTHLY.';
  const rule: Rule = { freq: freq as Rule['freq'], interval: 1, byDay: [], byMonthDay: [], count: null, until: null, wkst: null };

  const interval = parts.get('INTERVAL');
  if (interval !== undefined) {
    if (!/^\d+$/.test(interval) || !inRange(interval, 1, 12)) return 'INTERVAL must be a whole number from 1 to 12.';
    rule.interval = Number(interval);
  }
  const byDay = parts.get('BYDAY');
  if (byDay !== undefined) {
    for (const item of byDay.split(',')) {
      const m = /^([+-]?\d+)?([A-Z]{2})$/.exec(item);
      if (!m || !isDay(m[2]!)) return `BYDAY takes weekday codes (MO, TU, WE, TH, FR, SA, SU), not "${item}".`;
      if (m[1] !== undefined && rule.freq !== 'MONTHLY') return `A numbered weekday (like ${item}) needs FREQ=MONTHLY.`;
      if (m[1] !== undefined && (!inRange(m[1], -5, 5) || Number(m[1]) === 0)) return `The number before a weekday must be from 1 to 5 or -1 to -5 (for the last), not ${m[1]}.`;
      rule.byDay.push({ n: m[1] === undefined ? null : Number(m[1]), day: m[2] });
    }
  }
  const byMonthDay = parts.get('BYMONTHDAY');
  if (byMonthDay !== undefined) {
    if (rule.freq !== 'MONTHLY') return 'BYMONTHDAY needs FREQ=MONTHLY.';
    if (byDay !== undefined) return 'Use either BYDAY or BYMONTHDAY, not both.';
    for (const item of byMonthDay.split(',')) {
      if (!inRange(item, -31, 31) || Number(item) === 0) return `BYMONTHDAY takes days of the month from 1 to 31 (or -1 for the last day), not "${item}".`;
      rule.byMonthDay.push(Number(item));
    }
  }
  const seen = [...rule.byDay.map((d) => `${d.n}${d.day}`), ...rule.byMonthDay];
  if (new Set(seen).size !== seen.length) return 'The repeat rule names the same day twice.';

  const count = parts.get('COUNT');
  const until = parts.get('UNTIL');
  if (count !== undefined && until !== undefined) return 'Use either COUNT or UNTIL, not both.';
  if (count !== undefined) {
    if (!/^\d+$/.test(count) || !inRange(count, 1, MAX_DATES_PER_EXPANSION)) return `COUNT must be a whole number from 1 to ${MAX_DATES_PER_EXPANSION}.`;
    rule.count = Number(count);
  }
  if (until !== undefined) {
    const m = /^(\d{4})(\d\d)(\d\d)(?:T(\d\d)(\d\d)(\d\d)Z)?$/.exec(until);
    const [y, mo, d, h = 0, mi = 0, s = 0] = (m ?? []).slice(1).map((v) => (v === undefined ? undefined : Number(v))) as number[];
    const t = m ? new Date(Date.UTC(y!, mo! - 1, d!, h, mi, s)) : null;
    if (!t || t.getUTCMonth() !== mo! - 1 || t.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) {
      return 'UNTIL must be a date (like 20270101) or a UTC time (like 20270101T000000Z).';
    }
    rule.until = until;
  }
  const wkst = parts.get('WKST');
  if (wkst !== undefined) {
    if (!isDay(wkst)) return 'WKST must be a weekday code (MO, TU, WE, TH, FR, SA or SU).';
    rule.wkst = wkst;
  }
  return rule;
}

function ruleOf(rrule: string): Rule {
  const rule = parseRule(rrule);
  if (typeof rule === 'string') throw new Error(`Refused repeat rule: ${rule}`);
  return rule;
}

/** Why a rule is refused (a sentence to show the user), or null when it is acceptable. */
export function checkRrule(rrule: string): string | null {
  const rule = parseRule(rrule);
  return typeof rule === 'string' ? rule : null;
}

/** The rule in a normal form (upper case, no "RRULE:" prefix, parts in a stable order) for storing; throws for a refused rule. */
export function normaliseRrule(rrule: string): string {
  return ruleText(ruleOf(rrule));
}

/**
 * The rule as a calendar file writes it beside a DTSTART with a TZID: its end as UNTIL in UTC
 * (RFC 5545 §3.3.10), in place of its own COUNT or UNTIL. Throws for a refused rule.
 */
export function rruleUntil(rrule: string, until: Date): string {
  const utc = until.toISOString().replace(/\.\d{3}/, '').replace(/[-:]/g, '');
  return ruleText({ ...ruleOf(rrule), count: null, until: utc });
}

/** The rule's own end: its COUNT, or its UNTIL as an instant (a date-only UNTIL ends that day at the place). Throws for a refused rule. */
export function ruleLimits(rrule: string, timeZone: string): { count: number | null; until: Date | null } {
  const r = ruleOf(rrule);
  const u = r.until;
  if (u === null) return { count: r.count, until: null };
  const [year, month, day] = [+u.slice(0, 4), +u.slice(4, 6), +u.slice(6, 8)];
  const until = u.length === 8
    ? instantOf({ year, month, day, hour: 23, minute: 59, second: 59 }, timeZone)
    : new Date(Date.UTC(year, month - 1, day, +u.slice(9, 11), +u.slice(11, 13), +u.slice(13, 15)));
  return { count: r.count, until };
}

function ruleText(r: Rule): string {
  const parts = [`FREQ=${r.freq}`];
  if (r.interval !== 1) parts.push(`INTERVAL=${r.interval}`);
  if (r.byDay.length) parts.push(`BYDAY=${r.byDay.map((d) => `${d.n ?? ''}${d.day}`).join(',')}`);
  if (r.byMonthDay.length) parts.push(`BYMONTHDAY=${r.byMonthDay.join(',')}`);
  if (r.count !== null) parts.push(`COUNT=${r.count}`);
  if (r.until !== null) parts.push(`UNTIL=${r.until}`);
  if (r.wkst !== null) parts.push(`WKST=${r.wkst}`);
  return parts.join(';');
}

/** The rrule package's rule for a rule's parts, from a wall-clock `dtstart` (floating). */
function rruleOf(r: Rule, dtstart: Date, count: number | null, localUntil: Date | null) {
  return new RRule({
    freq: { DAILY: RRule.DAILY, WEEKLY: RRule.WEEKLY, MONTHLY: RRule.MONTHLY }[r.freq],
    interval: r.interval,
    byweekday: r.byDay.length ? r.byDay.map((d) => new Weekday(DAYS.indexOf(d.day), d.n ?? undefined)) : null,
    bymonthday: r.byMonthDay.length ? r.byMonthDay : null,
    wkst: r.wkst ? DAYS.indexOf(r.wkst) : null,
    count,
    until: localUntil,
    dtstart,
  });
}

/**
 * Whether the rule itself makes the series' first date (a weekly rule on Saturdays does not make
 * a first date on a Thursday). expandSeries counts the first date all the same; RFC 5545 leaves a
 * DTSTART the rule does not make undefined, so a calendar file starts its rule on one it does.
 */
export function ruleMakesFirst(rrule: string, firstStart: Date, timeZone: string): boolean {
  const dtstart = floating(wallClockOf(firstStart, timeZone));
  return rruleOf(ruleOf(rrule), dtstart, null, null).after(dtstart, true)?.getTime() === dtstart.getTime();
}

/**
 * The start instants of a series' dates that fall in [from, to] (both inclusive), in order.
 * `firstStart` is the series' first date (its wall-clock time in `timeZone` is every date's time of day);
 * it is itself a date of the series even when the rule would not produce it (RFC 5545 says DTSTART is the first instance), provided it is in [from, to].
 * `until` (optional) ends the series (inclusive); the rule's own UNTIL/COUNT apply too (COUNT counts from firstStart).
 * Never returns more than MAX_DATES_PER_EXPANSION dates.
 * Throws an Error for a rule that checkRrule refuses or an unknown zone.
 */
export function expandSeries(args: { rrule: string; firstStart: Date; timeZone: string; from: Date; to: Date; until?: Date }): Date[] {
  const { firstStart, timeZone, from, to, until } = args;
  const r = ruleOf(args.rrule);
  const dtstart = floating(wallClockOf(firstStart, timeZone));
  // A date-only UNTIL is a local day: it is wall-clock time, for rrule; a UTC one is an instant.
  const localUntil = r.until?.length === 8 ? floating({ year: +r.until.slice(0, 4), month: +r.until.slice(4, 6), day: +r.until.slice(6, 8), hour: 23, minute: 59, second: 59 }) : null;
  const utcUntil = r.until?.length === 16 ? Date.UTC(+r.until.slice(0, 4), +r.until.slice(4, 6) - 1, +r.until.slice(6, 8), +r.until.slice(9, 11), +r.until.slice(11, 13), +r.until.slice(13, 15)) : Infinity;
  const rule = rruleOf(r, dtstart, r.count, localUntil);
  // With COUNT the whole series (at most 200) is read, as it counts from the first date. Otherwise
  // the window, widened by a day each side to cover any zone's offset, and cut short (the extra
  // allows for the dates before `from` that the widening takes in).
  const walls = r.count !== null
    ? rule.all()
    : rule.between(new Date(from.getTime() - DAY_MS), new Date(to.getTime() + DAY_MS), true, (_d, i) => i < MAX_DATES_PER_EXPANSION + 4);
  const others = walls.filter((w) => w.getTime() !== dtstart.getTime()).map((w) => instantOf(wallOfFloating(w), timeZone));
  const end = Math.min(to.getTime(), until?.getTime() ?? Infinity, utcUntil);
  return [firstStart, ...others]
    .slice(0, r.count ?? Infinity)
    .filter((t) => t.getTime() >= from.getTime() && t.getTime() <= end)
    .slice(0, MAX_DATES_PER_EXPANSION);
}

const DAY_NAMES: Record<Day, string> = { MO: 'Monday', TU: 'Tuesday', WE: 'Wednesday', TH: 'Thursday', FR: 'Friday', SA: 'Saturday', SU: 'Sunday' };
const ORDINALS: Record<number, string> = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', 5: 'fifth', [-1]: 'last', [-2]: 'second-last', [-3]: 'third-last', [-4]: 'fourth-last', [-5]: 'fifth-last' };

/** "a", "a and b", "a, b and c". */
function list(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * A short English description of a rule for screens: "Every Saturday", "Every 2 weeks on Tuesday",
 * "Monthly on the second Saturday", "Monthly on the last Sunday", "Every day", "Monthly on day 15";
 * COUNT adds ", 6 times" (UNTIL is shown as the series' end). A refused rule is "Repeats".
 */
export function describeRrule(rrule: string): string {
  const r = parseRule(rrule);
  if (typeof r === 'string') return 'Repeats';
  const n = r.interval;
  const plainDays = r.byDay.every((d) => d.n === null);
  const days = list(r.byDay.map((d) => DAY_NAMES[d.day]));
  let text: string;
  if (r.byDay.length && plainDays && n === 1) text = `Every ${days}`;
  else if (r.freq === 'DAILY') text = n === 1 ? 'Every day' : `Every ${n} days${r.byDay.length ? ` on ${days}` : ''}`;
  else if (r.freq === 'WEEKLY') text = `${n === 1 ? 'Every week' : `Every ${n} weeks`}${r.byDay.length ? ` on ${days}` : ''}`;
  else {
    const on = r.byDay.length
      ? list(r.byDay.map((d) => (d.n === null ? `every ${DAY_NAMES[d.day]}` : `the ${ORDINALS[d.n]} ${DAY_NAMES[d.day]}`)))
      : r.byMonthDay.length
        ? list(r.byMonthDay.map((d) => (d === -1 ? 'the last day' : d < 0 ? `the ${ORDINALS[d] ?? `${-d}th-last`} day` : `day ${d}`)))
        : '';
    text = n === 1 ? (on ? `Monthly on ${on}` : 'Every month') : `Every ${n} months${on ? ` on ${on}` : ''}`;
  }
  return r.count === null ? text : `${text}, ${r.count === 1 ? 'once' : `${r.count} times`}`;
}
