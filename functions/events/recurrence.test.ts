import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkRrule,
  describeRrule,
  expandSeries,
  instantOf,
  localDay,
  MAX_DATES_PER_EXPANSION,
  normaliseRrule,
  ruleLimits,
  ruleMakesFirst,
  rruleUntil,
  SERIES_MAX_DAYS,
  wallClockOf,
  type WallClock,
} from './recurrence';

const DAY_MS = 86_400_000;
const at = (iso: string) => new Date(iso);
const isos = (dates: Date[]) => dates.map((d) => d.toISOString());
/** "YYYY-MM-DD HH:MM" as the zone's clocks show it. */
const local = (d: Date, zone: string) => {
  const w = wallClockOf(d, zone);
  return `${localDay(d, zone)} ${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
};
const weekdayOf = (d: Date, zone: string) => new Date(`${localDay(d, zone)}T00:00:00Z`).getUTCDay(); // 0 = Sunday
const wall = (year: number, month: number, day: number, hour: number, minute = 0, second = 0): WallClock => ({ year, month, day, hour, minute, second });

describe('wallClockOf, instantOf and localDay', () => {
  it('reads an instant on the zone\'s clocks', () => {
    expect(wallClockOf(at('2026-07-01T09:15:30Z'), 'Europe/London')).toEqual(wall(2026, 7, 1, 10, 15, 30));
    expect(wallClockOf(at('2026-01-01T00:00:00Z'), 'Asia/Kathmandu')).toEqual(wall(2026, 1, 1, 5, 45));
    expect(wallClockOf(at('2026-03-01T04:59:59Z'), 'America/New_York')).toEqual(wall(2026, 2, 28, 23, 59, 59));
  });

  it('turns ordinary wall-clock times back into instants', () => {
    expect(instantOf(wall(2026, 7, 1, 10, 15, 30), 'Europe/London').toISOString()).toBe('2026-07-01T09:15:30.000Z');
    expect(instantOf(wall(2026, 1, 15, 10), 'Australia/Sydney').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(instantOf(wall(2026, 7, 15, 10), 'Australia/Sydney').toISOString()).toBe('2026-07-15T00:00:00.000Z');
    expect(instantOf(wall(2026, 6, 1, 0), 'UTC').toISOString()).toBe('2026-06-01T00:00:00.000Z');
  });

  it('moves a time in a spring-forward gap forward by the gap', () => {
    // Berlin, 29 March 2026: 02:00 CET becomes 03:00 CEST, so 02:30 does not exist; 03:30 CEST is 01:30Z.
    expect(instantOf(wall(2026, 3, 29, 2, 30), 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(local(instantOf(wall(2026, 3, 29, 2, 30), 'Europe/Berlin'), 'Europe/Berlin')).toBe('2026-03-29 03:30');
    // New York, 8 March 2026: 02:30 does not exist; 03:30 EDT is 07:30Z.
    expect(instantOf(wall(2026, 3, 8, 2, 30), 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // The edges of the gap.
    expect(instantOf(wall(2026, 3, 8, 1, 59, 59), 'America/New_York').toISOString()).toBe('2026-03-08T06:59:59.000Z');
    expect(instantOf(wall(2026, 3, 8, 3, 0), 'America/New_York').toISOString()).toBe('2026-03-08T07:00:00.000Z');
  });

  it('takes the earlier instant of a time in a fall-back overlap', () => {
    // Berlin, 25 October 2026: 02:30 happens at 00:30Z (CEST) and again at 01:30Z (CET).
    expect(instantOf(wall(2026, 10, 25, 2, 30), 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(wallClockOf(at('2026-10-25T01:30:00Z'), 'Europe/Berlin')).toEqual(wall(2026, 10, 25, 2, 30));
    // New York, 1 November 2026: 01:30 happens at 05:30Z (EDT) and 06:30Z (EST).
    expect(instantOf(wall(2026, 11, 1, 1, 30), 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(instantOf(wall(2026, 11, 1, 2, 0), 'America/New_York').toISOString()).toBe('2026-11-01T07:00:00.000Z');
  });

  it('round-trips every quarter hour of the change days (bar the gap)', () => {
    for (const zone of ['Europe/London', 'America/New_York', 'Australia/Sydney', 'Europe/Berlin']) {
      for (const day of [wall(2026, 3, 29, 0), wall(2026, 10, 25, 0), wall(2026, 3, 8, 0), wall(2026, 11, 1, 0), wall(2026, 4, 5, 0), wall(2026, 10, 4, 0)]) {
        for (let q = 0; q < 96; q++) {
          const w = { ...day, hour: Math.floor(q / 4), minute: (q % 4) * 15 };
          const back = wallClockOf(instantOf(w, zone), zone);
          // In the gap (an hour, in these zones) the clocks show the time an hour later.
          if (back.hour !== w.hour) expect(back).toEqual({ ...w, hour: w.hour + 1 });
          else expect(back).toEqual(w);
        }
      }
    }
  });

  it('gives the local calendar day', () => {
    expect(localDay(at('2026-03-21T23:00:00Z'), 'Australia/Sydney')).toBe('2026-03-22');
    expect(localDay(at('2026-03-21T23:00:00Z'), 'America/New_York')).toBe('2026-03-21');
    expect(localDay(at('2026-01-01T00:30:00Z'), 'Europe/London')).toBe('2026-01-01');
  });

  it('throws for an unknown zone', () => {
    expect(() => wallClockOf(at('2026-01-01T00:00:00Z'), 'Mars/Olympus_Mons')).toThrow('Unknown time zone: Mars/Olympus_Mons');
  });
});

describe('expandSeries', () => {
  it('keeps a Saturday 10:00 in London at 10:00 across the March change', () => {
    const dates = expandSeries({ rrule: 'FREQ=WEEKLY;BYDAY=SA', firstStart: at('2026-03-07T10:00:00Z'), timeZone: 'Europe/London', from: at('2026-03-01T00:00:00Z'), to: at('2026-04-15T00:00:00Z') });
    expect(isos(dates)).toEqual([
      '2026-03-07T10:00:00.000Z',
      '2026-03-14T10:00:00.000Z',
      '2026-03-21T10:00:00.000Z',
      '2026-03-28T10:00:00.000Z',
      '2026-04-04T09:00:00.000Z',
      '2026-04-11T09:00:00.000Z',
    ]);
    for (const d of dates) {
      expect(wallClockOf(d, 'Europe/London')).toMatchObject({ hour: 10, minute: 0, second: 0 });
      expect(weekdayOf(d, 'Europe/London')).toBe(6);
    }
  });

  it('keeps a Saturday 10:00 in London at 10:00 across the October change', () => {
    const dates = expandSeries({ rrule: 'FREQ=WEEKLY;BYDAY=SA', firstStart: at('2026-10-10T09:00:00Z'), timeZone: 'Europe/London', from: at('2026-10-01T00:00:00Z'), to: at('2026-11-08T00:00:00Z') });
    expect(dates.map((d) => d.getUTCHours())).toEqual([9, 9, 9, 10, 10]);
    expect(dates.map((d) => local(d, 'Europe/London'))).toEqual(['2026-10-10 10:00', '2026-10-17 10:00', '2026-10-24 10:00', '2026-10-31 10:00', '2026-11-07 10:00']);
  });

  it('keeps a Sunday 10:00 in Sydney at 10:00 across the April and October changes', () => {
    const april = expandSeries({ rrule: 'FREQ=WEEKLY;BYDAY=SU', firstStart: at('2026-03-21T23:00:00Z'), timeZone: 'Australia/Sydney', from: at('2026-03-01T00:00:00Z'), to: at('2026-04-13T00:00:00Z') });
    // AEDT (UTC+11) until 5 April, then AEST (UTC+10): the UTC day moves too.
    expect(isos(april)).toEqual(['2026-03-21T23:00:00.000Z', '2026-03-28T23:00:00.000Z', '2026-04-05T00:00:00.000Z', '2026-04-12T00:00:00.000Z']);
    expect(april.map((d) => local(d, 'Australia/Sydney'))).toEqual(['2026-03-22 10:00', '2026-03-29 10:00', '2026-04-05 10:00', '2026-04-12 10:00']);

    const october = expandSeries({ rrule: 'FREQ=WEEKLY;BYDAY=SU', firstStart: at('2026-09-27T00:00:00Z'), timeZone: 'Australia/Sydney', from: at('2026-09-01T00:00:00Z'), to: at('2026-10-12T00:00:00Z') });
    expect(isos(october)).toEqual(['2026-09-27T00:00:00.000Z', '2026-10-03T23:00:00.000Z', '2026-10-10T23:00:00.000Z']);
  });

  it('keeps a Thursday 18:30 in New York at 18:30 across the November change', () => {
    const dates = expandSeries({ rrule: 'FREQ=WEEKLY;BYDAY=TH', firstStart: at('2026-10-22T22:30:00Z'), timeZone: 'America/New_York', from: at('2026-10-01T00:00:00Z'), to: at('2026-11-13T00:00:00Z') });
    expect(isos(dates)).toEqual(['2026-10-22T22:30:00.000Z', '2026-10-29T22:30:00.000Z', '2026-11-05T23:30:00.000Z', '2026-11-12T23:30:00.000Z']);
  });

  it('puts a daily time that falls in the spring gap after it, and one in the autumn overlap at its first occurrence', () => {
    const spring = expandSeries({ rrule: 'FREQ=DAILY', firstStart: at('2026-03-06T07:30:00Z'), timeZone: 'America/New_York', from: at('2026-03-01T00:00:00Z'), to: at('2026-03-11T00:00:00Z') });
    expect(spring.map((d) => local(d, 'America/New_York'))).toEqual(['2026-03-06 02:30', '2026-03-07 02:30', '2026-03-08 03:30', '2026-03-09 02:30', '2026-03-10 02:30']);
    const autumn = expandSeries({ rrule: 'FREQ=DAILY', firstStart: at('2026-10-31T05:30:00Z'), timeZone: 'America/New_York', from: at('2026-10-01T00:00:00Z'), to: at('2026-11-03T00:00:00Z') });
    expect(isos(autumn)).toEqual(['2026-10-31T05:30:00.000Z', '2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z']);
  });

  it('expands every 2 weeks', () => {
    const dates = expandSeries({ rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', firstStart: at('2026-01-06T18:00:00Z'), timeZone: 'Europe/Berlin', from: at('2026-01-01T00:00:00Z'), to: at('2026-04-15T00:00:00Z') });
    expect(dates.map((d) => local(d, 'Europe/Berlin'))).toEqual([
      '2026-01-06 19:00', '2026-01-20 19:00', '2026-02-03 19:00', '2026-02-17 19:00', '2026-03-03 19:00', '2026-03-17 19:00', '2026-03-31 19:00', '2026-04-14 19:00',
    ]);
    expect(dates.at(-1)?.toISOString()).toBe('2026-04-14T17:00:00.000Z');
  });

  it('expands monthly on the second Saturday and on the last Sunday', () => {
    const second = expandSeries({ rrule: 'FREQ=MONTHLY;BYDAY=2SA', firstStart: at('2026-01-10T11:00:00Z'), timeZone: 'Europe/London', from: at('2026-01-01T00:00:00Z'), to: at('2026-07-01T00:00:00Z') });
    expect(second.map((d) => local(d, 'Europe/London'))).toEqual(['2026-01-10 11:00', '2026-02-14 11:00', '2026-03-14 11:00', '2026-04-11 11:00', '2026-05-09 11:00', '2026-06-13 11:00']);
    const last = expandSeries({ rrule: 'FREQ=MONTHLY;BYDAY=-1SU', firstStart: at('2026-01-25T09:00:00Z'), timeZone: 'Europe/London', from: at('2026-01-01T00:00:00Z'), to: at('2026-07-01T00:00:00Z') });
    expect(last.map((d) => local(d, 'Europe/London'))).toEqual(['2026-01-25 09:00', '2026-02-22 09:00', '2026-03-29 09:00', '2026-04-26 09:00', '2026-05-31 09:00', '2026-06-28 09:00']);
    expect(last[2]?.toISOString()).toBe('2026-03-29T08:00:00.000Z'); // the day of the change, after it
  });

  it('expands monthly on a day of the month', () => {
    const dates = expandSeries({ rrule: 'FREQ=MONTHLY;BYMONTHDAY=15', firstStart: at('2026-01-15T18:00:00Z'), timeZone: 'UTC', from: at('2026-01-01T00:00:00Z'), to: at('2026-04-30T00:00:00Z') });
    expect(isos(dates)).toEqual(['2026-01-15T18:00:00.000Z', '2026-02-15T18:00:00.000Z', '2026-03-15T18:00:00.000Z', '2026-04-15T18:00:00.000Z']);
  });

  it('counts the first date even when the rule would not produce it', () => {
    const base = { timeZone: 'Europe/London', from: at('2026-01-01T00:00:00Z'), to: at('2026-12-31T00:00:00Z') };
    // Friday 6 March, then Saturdays.
    const offRule = expandSeries({ ...base, rrule: 'FREQ=WEEKLY;BYDAY=SA', firstStart: at('2026-03-06T10:00:00Z'), to: at('2026-03-22T00:00:00Z') });
    expect(offRule.map((d) => localDay(d, 'Europe/London'))).toEqual(['2026-03-06', '2026-03-07', '2026-03-14', '2026-03-21']);
    // COUNT=3 with the first date on the rule, and off it (the first date is one of the three).
    expect(expandSeries({ ...base, rrule: 'FREQ=WEEKLY;BYDAY=SA;COUNT=3', firstStart: at('2026-03-07T10:00:00Z') }).map((d) => localDay(d, 'Europe/London'))).toEqual(['2026-03-07', '2026-03-14', '2026-03-21']);
    expect(expandSeries({ ...base, rrule: 'FREQ=WEEKLY;BYDAY=SA;COUNT=3', firstStart: at('2026-03-06T10:00:00Z') }).map((d) => localDay(d, 'Europe/London'))).toEqual(['2026-03-06', '2026-03-07', '2026-03-14']);
    // COUNT counts from the first date, not from `from`.
    expect(expandSeries({ ...base, rrule: 'FREQ=WEEKLY;BYDAY=SA;COUNT=3', firstStart: at('2026-03-07T10:00:00Z'), from: at('2026-03-08T00:00:00Z') }).map((d) => localDay(d, 'Europe/London'))).toEqual(['2026-03-14', '2026-03-21']);
    expect(expandSeries({ ...base, rrule: 'FREQ=DAILY;COUNT=1', firstStart: at('2026-03-07T10:00:00Z') })).toEqual([at('2026-03-07T10:00:00Z')]);
  });

  it('stops at the rule\'s UNTIL (a UTC time, or a local day) and at the until argument, inclusive', () => {
    const base = { firstStart: at('2026-03-07T10:00:00Z'), timeZone: 'Europe/London', from: at('2026-01-01T00:00:00Z'), to: at('2026-12-31T00:00:00Z') };
    const days = (dates: Date[]) => dates.map((d) => localDay(d, 'Europe/London'));
    expect(days(expandSeries({ ...base, rrule: 'FREQ=WEEKLY;BYDAY=SA;UNTIL=20260321T100000Z' }))).toEqual(['2026-03-07', '2026-03-14', '2026-03-21']);
    expect(days(expandSeries({ ...base, rrule: 'FREQ=WEEKLY;BYDAY=SA;UNTIL=20260321T095959Z' }))).toEqual(['2026-03-07', '2026-03-14']);
    expect(days(expandSeries({ ...base, rrule: 'FREQ=WEEKLY;BYDAY=SA;UNTIL=20260321' }))).toEqual(['2026-03-07', '2026-03-14', '2026-03-21']);
    expect(days(expandSeries({ ...base, rrule: 'FREQ=WEEKLY;BYDAY=SA', until: at('2026-03-21T10:00:00Z') }))).toEqual(['2026-03-07', '2026-03-14', '2026-03-21']);
    expect(days(expandSeries({ ...base, rrule: 'FREQ=WEEKLY;BYDAY=SA', until: at('2026-03-21T09:59:59.999Z') }))).toEqual(['2026-03-07', '2026-03-14']);
    // The earliest end wins.
    expect(days(expandSeries({ ...base, rrule: 'FREQ=WEEKLY;BYDAY=SA;UNTIL=20260321', until: at('2026-03-15T00:00:00Z') }))).toEqual(['2026-03-07', '2026-03-14']);
    // A date-only UNTIL is the zone's day: in Sydney, Sunday 29 March 10:00 is Saturday 23:00 UTC.
    const sydney = expandSeries({ rrule: 'FREQ=WEEKLY;BYDAY=SU;UNTIL=20260329', firstStart: at('2026-03-21T23:00:00Z'), timeZone: 'Australia/Sydney', from: at('2026-03-01T00:00:00Z'), to: at('2026-05-01T00:00:00Z') });
    expect(sydney.map((d) => localDay(d, 'Australia/Sydney'))).toEqual(['2026-03-22', '2026-03-29']);
  });

  it('gives only the dates in [from, to], both bounds inclusive', () => {
    const base = { rrule: 'FREQ=WEEKLY;BYDAY=SA', firstStart: at('2026-03-07T10:00:00Z'), timeZone: 'Europe/London' };
    expect(isos(expandSeries({ ...base, from: at('2026-03-14T10:00:00Z'), to: at('2026-04-04T09:00:00Z') }))).toEqual([
      '2026-03-14T10:00:00.000Z', '2026-03-21T10:00:00.000Z', '2026-03-28T10:00:00.000Z', '2026-04-04T09:00:00.000Z',
    ]);
    expect(isos(expandSeries({ ...base, from: at('2026-03-14T10:00:00.001Z'), to: at('2026-04-04T08:59:59.999Z') }))).toEqual(['2026-03-21T10:00:00.000Z', '2026-03-28T10:00:00.000Z']);
    expect(expandSeries({ ...base, from: at('2026-03-08T00:00:00Z'), to: at('2026-03-13T00:00:00Z') })).toEqual([]);
    expect(expandSeries({ ...base, from: at('2026-01-01T00:00:00Z'), to: at('2026-03-07T09:59:59Z') })).toEqual([]);
    expect(expandSeries({ ...base, from: at('2026-04-01T00:00:00Z'), to: at('2026-03-01T00:00:00Z') })).toEqual([]);
  });

  it('keeps a Saturday 10:00 in London made in winter at 10:00 when the job extends it into summer', () => {
    // Made on a Friday in November (8 weeks ahead), extended 120 days later, as the job does.
    const made = at('2026-11-27T12:00:00Z');
    const base = { rrule: 'FREQ=WEEKLY;BYDAY=SA', firstStart: at('2026-11-28T10:00:00Z'), timeZone: 'Europe/London' };
    const firstWindow = expandSeries({ ...base, from: base.firstStart, to: new Date(made.getTime() + 56 * DAY_MS) });
    expect(firstWindow).toHaveLength(8);
    const laterNow = made.getTime() + 120 * DAY_MS;
    const extension = expandSeries({ ...base, from: new Date(firstWindow.at(-1)!.getTime() + 1), to: new Date(laterNow + 56 * DAY_MS) });
    const all = [...firstWindow, ...extension];
    for (const d of all) expect(local(d, 'Europe/London').slice(11)).toBe('10:00');
    for (const d of all) expect(weekdayOf(d, 'Europe/London')).toBe(6);
    // British Summer Time starts on 28 March 2027: from then 10:00 local is 09:00 UTC.
    expect(all.filter((d) => d < at('2027-03-28T01:00:00Z')).every((d) => d.getUTCHours() === 10)).toBe(true);
    const summer = all.filter((d) => d > at('2027-03-28T01:00:00Z'));
    expect(isos(summer).slice(0, 2)).toEqual(['2027-04-03T09:00:00.000Z', '2027-04-10T09:00:00.000Z']);
    expect(summer.every((d) => d.getUTCHours() === 9)).toBe(true);
    expect(summer.filter((d) => d.getUTCMonth() === 4).length).toBeGreaterThan(0);
  });

  it('gives the same dates for adjacent windows as for the whole, as the scheduled job extends a series', () => {
    const base = { rrule: 'FREQ=DAILY', firstStart: at('2026-02-20T07:30:00Z'), timeZone: 'America/New_York' };
    const whole = expandSeries({ ...base, from: base.firstStart, to: at('2026-05-01T00:00:00Z') });
    expect(whole).toHaveLength(70);
    // Extend as the job does: from one millisecond after the end of the last window (cut on a
    // date, between dates, and through both changes of the clocks).
    const ends = ['2026-02-27T00:00:00Z', '2026-03-07T07:30:00Z', '2026-03-08T07:30:00Z', '2026-03-20T12:00:00Z', '2026-04-10T06:30:00Z', '2026-05-01T00:00:00Z'].map(at);
    const pieces: Date[] = [];
    let from = base.firstStart;
    for (const to of ends) {
      pieces.push(...expandSeries({ ...base, from, to }));
      from = new Date(to.getTime() + 1);
    }
    expect(isos(pieces)).toEqual(isos(whole));
  });

  it('never gives more than MAX_DATES_PER_EXPANSION dates', () => {
    const firstStart = at('2026-01-01T09:00:00Z');
    const dates = expandSeries({ rrule: 'FREQ=DAILY', firstStart, timeZone: 'Europe/London', from: firstStart, to: at('2027-06-01T00:00:00Z') });
    expect(dates).toHaveLength(MAX_DATES_PER_EXPANSION);
    expect(dates[0]).toEqual(firstStart);
    expect(localDay(dates.at(-1)!, 'Europe/London')).toBe('2026-07-19'); // day 200
    const later = expandSeries({ rrule: 'FREQ=DAILY', firstStart, timeZone: 'Europe/London', from: at('2026-07-20T00:00:00Z'), to: at('2026-07-22T00:00:00Z') });
    expect(later.map((d) => local(d, 'Europe/London'))).toEqual(['2026-07-20 09:00', '2026-07-21 09:00']);
    expect(expandSeries({ rrule: 'FREQ=DAILY;COUNT=200', firstStart, timeZone: 'UTC', from: firstStart, to: at('2028-01-01T00:00:00Z') })).toHaveLength(200);
  });

  it('throws for a refused rule and an unknown zone', () => {
    const args = { rrule: 'FREQ=WEEKLY;BYDAY=SA', firstStart: at('2026-03-07T10:00:00Z'), timeZone: 'Europe/London', from: at('2026-03-01T00:00:00Z'), to: at('2026-04-01T00:00:00Z') };
    expect(() => expandSeries({ ...args, timeZone: 'Not/AZone' })).toThrow('Unknown time zone');
    expect(() => expandSeries({ ...args, rrule: 'FREQ=HOURLY' })).toThrow(/more often than daily/);
  });

  const zones = ['Europe/London', 'America/New_York', 'Australia/Sydney', 'Europe/Berlin', 'Pacific/Auckland', 'Asia/Kolkata', 'America/Los_Angeles'];
  const weeklyRule = fc.record({
    days: fc.subarray(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], { minLength: 1 }),
    interval: fc.integer({ min: 1, max: 4 }),
  }).map(({ days, interval }) => `FREQ=WEEKLY;INTERVAL=${interval};BYDAY=${days.join(',')}`);
  const firstStartArb = fc.integer({ min: Date.parse('2025-01-01T00:00:00Z') / 60_000, max: Date.parse('2028-12-31T00:00:00Z') / 60_000 }).map((m) => new Date(m * 60_000));

  it('keeps the first date\'s local time of day on every date, in order (property)', () => {
    fc.assert(
      fc.property(weeklyRule, fc.constantFrom(...zones), firstStartArb, (rrule, zone, firstStart) => {
        const to = new Date(firstStart.getTime() + SERIES_MAX_DAYS * DAY_MS);
        const dates = expandSeries({ rrule, firstStart, timeZone: zone, from: firstStart, to });
        const start = wallClockOf(firstStart, zone);
        expect(dates[0]).toEqual(firstStart);
        for (const [i, d] of dates.entries()) {
          if (i > 0) expect(d.getTime()).toBeGreaterThan(dates[i - 1]!.getTime());
          expect(d.getTime()).toBeLessThanOrEqual(to.getTime());
          const w = wallClockOf(d, zone);
          if (w.hour === start.hour && w.minute === start.minute) continue;
          // Otherwise the time does not exist that day: the date is the instant after the gap.
          const [year, month, day] = localDay(d, zone).split('-').map(Number) as [number, number, number];
          const meant = { year, month, day, hour: start.hour, minute: start.minute, second: start.second };
          const shown = wallClockOf(instantOf(meant, zone), zone);
          expect(shown.hour !== meant.hour || shown.minute !== meant.minute).toBe(true);
          expect(d).toEqual(instantOf(meant, zone));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('gives the same dates for two adjacent windows as for their union (property)', () => {
    fc.assert(
      fc.property(weeklyRule, fc.constantFrom(...zones), firstStartArb, fc.double({ min: 0, max: 1, noNaN: true }), (rrule, zone, firstStart, cut) => {
        const to = new Date(firstStart.getTime() + SERIES_MAX_DAYS * DAY_MS);
        const mid = new Date(firstStart.getTime() + Math.floor(cut * SERIES_MAX_DAYS * DAY_MS));
        const whole = expandSeries({ rrule, firstStart, timeZone: zone, from: firstStart, to });
        const first = expandSeries({ rrule, firstStart, timeZone: zone, from: firstStart, to: mid });
        const second = expandSeries({ rrule, firstStart, timeZone: zone, from: new Date(mid.getTime() + 1), to });
        expect(isos([...first, ...second])).toEqual(isos(whole));
      }),
      { numRuns: 100 },
    );
  });
});

describe('checkRrule', () => {
  it.each([
    'FREQ=WEEKLY;BYDAY=SA',
    'RRULE:FREQ=WEEKLY;BYDAY=SA',
    'rrule:freq=weekly;byday=sa',
    '  FREQ=WEEKLY;INTERVAL=2;BYDAY=TU  ',
    'FREQ=MONTHLY;BYDAY=2SA',
    'FREQ=MONTHLY;BYDAY=-1SU',
    'FREQ=MONTHLY;BYDAY=+1MO,3MO',
    'FREQ=MONTHLY;BYMONTHDAY=15',
    'FREQ=MONTHLY;BYMONTHDAY=-1',
    'FREQ=DAILY',
    'FREQ=DAILY;INTERVAL=12;BYDAY=MO,TU,WE,TH,FR',
    'FREQ=WEEKLY;BYDAY=SA;COUNT=200',
    'FREQ=WEEKLY;BYDAY=SA;UNTIL=20270101T000000Z',
    'FREQ=WEEKLY;BYDAY=SA;UNTIL=20270101',
    'FREQ=WEEKLY;WKST=SU;BYDAY=TU,SA',
    'FREQ=WEEKLY;BYDAY=SA;',
    'FREQ=WEEKLY;BYDAY=SA' + ';'.repeat(180), // 200 characters
  ])('accepts %s', (rule) => {
    expect(checkRrule(rule)).toBeNull();
  });

  it.each([
    ['FREQ=HOURLY', 'Events cannot repeat more often than daily (FREQ=HOURLY is not supported).'],
    ['FREQ=MINUTELY;INTERVAL=30', 'Events cannot repeat more often than daily (FREQ=MINUTELY is not supported).'],
    ['FREQ=SECONDLY', 'Events cannot repeat more often than daily (FREQ=SECONDLY is not supported).'],
    ['FREQ=YEARLY', 'Yearly repeats are not supported: a series runs at most about six months ahead.'],
    ['FREQ=FORTNIGHTLY', 'FREQ must be DAILY, WEEKLY or MONTHLY.'],
    ['BYDAY=SA', 'The repeat rule needs a FREQ (DAILY, WEEKLY or MONTHLY).'],
    ['FREQ=WEEKLY;BYDAY=SA;BYHOUR=10', 'The time of day comes from the first date; BYHOUR is not supported.'],
    ['FREQ=WEEKLY;BYMINUTE=30', 'The time of day comes from the first date; BYMINUTE is not supported.'],
    ['FREQ=WEEKLY;BYSECOND=0', 'The time of day comes from the first date; BYSECOND is not supported.'],
    ['FREQ=WEEKLY;TZID=Europe/London', 'TZID is not part of the repeat rule: the first date and the place\'s time zone set it.'],
    ['DTSTART=20260101T100000Z;FREQ=WEEKLY', 'DTSTART is not part of the repeat rule: the first date and the place\'s time zone set it.'],
    ['FREQ=MONTHLY;BYDAY=SA;BYSETPOS=2', 'BYSETPOS is not supported in a repeat rule.'],
    ['FREQ=MONTHLY;BYYEARDAY=100', 'BYYEARDAY is not supported in a repeat rule.'],
    ['FREQ=WEEKLY;BYWEEKNO=20', 'BYWEEKNO is not supported in a repeat rule.'],
    ['FREQ=WEEKLY;COLOUR=GREEN', 'COLOUR is not a part of a repeat rule.'],
    ['every saturday', '"EVERY SATURDAY" is not a part of a repeat rule (like FREQ=WEEKLY).'],
    ['FREQ=WEEKLY;FREQ=DAILY', 'FREQ appears twice in the repeat rule.'],
    ['', 'The repeat rule is empty.'],
    ['   ', 'The repeat rule is empty.'],
    ['RRULE:', 'The repeat rule is empty.'],
    ['FREQ=WEEKLY;INTERVAL=0', 'INTERVAL must be a whole number from 1 to 12.'],
    ['FREQ=WEEKLY;INTERVAL=13', 'INTERVAL must be a whole number from 1 to 12.'],
    ['FREQ=WEEKLY;INTERVAL=1.5', 'INTERVAL must be a whole number from 1 to 12.'],
    ['FREQ=WEEKLY;BYDAY=SAT', 'BYDAY takes weekday codes (MO, TU, WE, TH, FR, SA, SU), not "SAT".'],
    ['FREQ=WEEKLY;BYDAY=2SA', 'A numbered weekday (like 2SA) needs FREQ=MONTHLY.'],
    ['FREQ=MONTHLY;BYDAY=6SA', 'The number before a weekday must be from 1 to 5 or -1 to -5 (for the last), not 6.'],
    ['FREQ=MONTHLY;BYDAY=0SA', 'The number before a weekday must be from 1 to 5 or -1 to -5 (for the last), not 0.'],
    ['FREQ=WEEKLY;BYDAY=SA,SA', 'The repeat rule names the same day twice.'],
    ['FREQ=WEEKLY;BYMONTHDAY=1', 'BYMONTHDAY needs FREQ=MONTHLY.'],
    ['FREQ=MONTHLY;BYMONTHDAY=32', 'BYMONTHDAY takes days of the month from 1 to 31 (or -1 for the last day), not "32".'],
    ['FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=13', 'Use either BYDAY or BYMONTHDAY, not both.'],
    ['FREQ=WEEKLY;COUNT=0', 'COUNT must be a whole number from 1 to 200.'],
    ['FREQ=WEEKLY;COUNT=201', 'COUNT must be a whole number from 1 to 200.'],
    ['FREQ=WEEKLY;COUNT=3;UNTIL=20270101', 'Use either COUNT or UNTIL, not both.'],
    ['FREQ=WEEKLY;UNTIL=20270101T000000', 'UNTIL must be a date (like 20270101) or a UTC time (like 20270101T000000Z).'],
    ['FREQ=WEEKLY;UNTIL=20270231', 'UNTIL must be a date (like 20270101) or a UTC time (like 20270101T000000Z).'],
    ['FREQ=WEEKLY;UNTIL=2027-01-01', 'UNTIL must be a date (like 20270101) or a UTC time (like 20270101T000000Z).'],
    ['FREQ=WEEKLY;WKST=XX', 'WKST must be a weekday code (MO, TU, WE, TH, FR, SA or SU).'],
    ['FREQ=WEEKLY;BYDAY=SA' + ';'.repeat(181), 'The repeat rule is too long (at most 200 characters).'],
  ])('refuses %s', (rule, message) => {
    expect(checkRrule(rule)).toBe(message);
  });

  it('refuses an iCalendar block with DTSTART', () => {
    expect(checkRrule('DTSTART:20260101T100000Z\nRRULE:FREQ=WEEKLY')).not.toBeNull();
  });
});

describe('normaliseRrule', () => {
  it.each([
    ['rrule:freq=weekly;byday=sa', 'FREQ=WEEKLY;BYDAY=SA'],
    ['BYDAY=TU;INTERVAL=2;FREQ=WEEKLY', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU'],
    ['FREQ=WEEKLY;INTERVAL=1;BYDAY=SA', 'FREQ=WEEKLY;BYDAY=SA'],
    ['FREQ=MONTHLY;BYDAY=+2SA', 'FREQ=MONTHLY;BYDAY=2SA'],
    ['WKST=SU;UNTIL=20270101t000000z;BYDAY=MO,FR;FREQ=WEEKLY;', 'FREQ=WEEKLY;BYDAY=MO,FR;UNTIL=20270101T000000Z;WKST=SU'],
    ['COUNT=05;FREQ=MONTHLY;BYMONTHDAY=015', 'FREQ=MONTHLY;BYMONTHDAY=15;COUNT=5'],
  ])('writes %s as %s, which is itself normal and accepted', (rule, normal) => {
    expect(normaliseRrule(rule)).toBe(normal);
    expect(normaliseRrule(normal)).toBe(normal);
    expect(checkRrule(normal)).toBeNull();
  });

  it('throws for a refused rule', () => {
    expect(() => normaliseRrule('FREQ=YEARLY')).toThrow(/Yearly/);
  });
});

describe('describeRrule', () => {
  it.each([
    ['FREQ=WEEKLY;BYDAY=SA', 'Every Saturday'],
    ['rrule:freq=weekly;byday=sa', 'Every Saturday'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', 'Every 2 weeks on Tuesday'],
    ['FREQ=WEEKLY;BYDAY=MO,WE,FR', 'Every Monday, Wednesday and Friday'],
    ['FREQ=WEEKLY;INTERVAL=3;BYDAY=SA,SU', 'Every 3 weeks on Saturday and Sunday'],
    ['FREQ=WEEKLY', 'Every week'],
    ['FREQ=MONTHLY;BYDAY=2SA', 'Monthly on the second Saturday'],
    ['FREQ=MONTHLY;BYDAY=-1SU', 'Monthly on the last Sunday'],
    ['FREQ=MONTHLY;BYDAY=1MO,3MO', 'Monthly on the first Monday and the third Monday'],
    ['FREQ=MONTHLY;INTERVAL=2;BYDAY=-2FR', 'Every 2 months on the second-last Friday'],
    ['FREQ=MONTHLY;BYMONTHDAY=15', 'Monthly on day 15'],
    ['FREQ=MONTHLY;BYMONTHDAY=1,15', 'Monthly on day 1 and day 15'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', 'Monthly on the last day'],
    ['FREQ=MONTHLY', 'Every month'],
    ['FREQ=MONTHLY;INTERVAL=3', 'Every 3 months'],
    ['FREQ=DAILY', 'Every day'],
    ['FREQ=DAILY;INTERVAL=2', 'Every 2 days'],
    ['FREQ=WEEKLY;BYDAY=SA;COUNT=6', 'Every Saturday, 6 times'],
    ['FREQ=DAILY;COUNT=1', 'Every day, once'],
    ['FREQ=WEEKLY;BYDAY=SA;UNTIL=20270101', 'Every Saturday'],
    ['FREQ=HOURLY', 'Repeats'],
  ])('describes %s as "%s"', (rule, text) => {
    expect(describeRrule(rule)).toBe(text);
  });
});

describe('a rule as a calendar file writes it', () => {
  it('rruleUntil: the end as UNTIL in UTC, in place of COUNT or UNTIL', () => {
    expect(rruleUntil('FREQ=WEEKLY;BYDAY=SA;COUNT=5;WKST=MO', at('2027-01-02T23:00:00.500Z'))).toBe('FREQ=WEEKLY;BYDAY=SA;UNTIL=20270102T230000Z;WKST=MO');
    expect(rruleUntil('FREQ=MONTHLY;BYDAY=-1SU;UNTIL=20270101', at('2026-12-27T00:00:00Z'))).toBe('FREQ=MONTHLY;BYDAY=-1SU;UNTIL=20261227T000000Z');
  });

  it('ruleLimits: COUNT, a UTC UNTIL, and a local day\'s UNTIL as the end of that day at the place', () => {
    expect(ruleLimits('FREQ=WEEKLY;COUNT=5', 'Australia/Sydney')).toEqual({ count: 5, until: null });
    expect(ruleLimits('FREQ=WEEKLY;UNTIL=20270102T230000Z', 'Australia/Sydney')).toEqual({ count: null, until: at('2027-01-02T23:00:00Z') });
    expect(ruleLimits('FREQ=WEEKLY;UNTIL=20270101', 'Australia/Sydney')).toEqual({ count: null, until: at('2027-01-01T12:59:59Z') });
  });

  it('ruleMakesFirst: whether the rule itself makes the first date', () => {
    // Saturday 5 December 2026, 10:00 in Sydney; Thursday the 3rd.
    expect(ruleMakesFirst('FREQ=WEEKLY;BYDAY=SA', at('2026-12-04T23:00:00Z'), 'Australia/Sydney')).toBe(true);
    expect(ruleMakesFirst('FREQ=WEEKLY;BYDAY=SA', at('2026-12-02T23:00:00Z'), 'Australia/Sydney')).toBe(false);
    expect(ruleMakesFirst('FREQ=WEEKLY', at('2026-12-02T23:00:00Z'), 'Australia/Sydney')).toBe(true);
    expect(ruleMakesFirst('FREQ=MONTHLY;BYMONTHDAY=5', at('2026-12-04T23:00:00Z'), 'Australia/Sydney')).toBe(true);
    expect(ruleMakesFirst('FREQ=MONTHLY;BYDAY=1SA', at('2026-12-04T23:00:00Z'), 'Australia/Sydney')).toBe(true);
    expect(ruleMakesFirst('FREQ=MONTHLY;BYDAY=2SA', at('2026-12-04T23:00:00Z'), 'Australia/Sydney')).toBe(false);
  });
});
