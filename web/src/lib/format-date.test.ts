import { describe, expect, it } from 'vitest';
import { dateRange, formatDay, formatEventClock, formatEventTime } from './format-date';

describe('formatDay', () => {
  const now = Date.parse('2026-11-20T12:00:00.000Z');

  it('says a day one way: "Sat 26 Dec" this year, "Sat 2 Jan 2027" in another, the same shape', () => {
    const thisYear = formatDay('2026-12-26T12:00:00.000Z', { timeZone: 'Europe/London', now });
    const nextYear = formatDay('2027-01-02T12:00:00.000Z', { timeZone: 'Europe/London', now });
    expect(thisYear).toBe('Sat 26 Dec');
    expect(nextYear).toBe('Sat 2 Jan 2027');
    expect(nextYear.startsWith(`${thisYear.slice(0, 3)} `)).toBe(true);
    expect(nextYear).not.toContain(',');
  });

  it('counts the day at the zone asked for', () => {
    expect(formatDay('2026-11-28T23:00:00.000Z', { timeZone: 'Australia/Sydney', now })).toBe('Sun 29 Nov');
    expect(formatDay('2026-11-28T23:00:00.000Z', { timeZone: 'Europe/London', now })).toBe('Sat 28 Nov');
  });
});

describe('an event\'s time', () => {
  const now = Date.parse('2026-11-20T12:00:00.000Z');

  it('is said at its place, the zone named only for a reader elsewhere', () => {
    expect(formatEventTime('2026-11-28T23:00:00.000Z', 'Australia/Sydney', { reader: 'Europe/London', now })).toBe('Sun 29 Nov, 10:00 (Australia/Sydney time)');
    expect(formatEventTime('2026-11-28T23:00:00.000Z', 'Australia/Sydney', { reader: 'Australia/Sydney', now })).toBe('Sun 29 Nov, 10:00');
    expect(formatEventTime('2026-11-28T23:00:00.000Z', null, { reader: 'Europe/London', now })).toBe('Sat 28 Nov, 23:00');
    expect(formatEventTime('not a date', 'Australia/Sydney')).toBe('');
  });

  it('as a weekday and time beside a calendar leaf that gives the day', () => {
    expect(formatEventClock('2026-11-28T23:00:00.000Z', 'Australia/Sydney', { reader: 'Europe/London' })).toBe('Sun 10:00 (Australia/Sydney time)');
    expect(formatEventClock('2026-11-28T23:00:00.000Z', 'Australia/Sydney', { reader: 'Australia/Sydney' })).toBe('Sun 10:00');
    expect(formatEventClock('not a date', 'Australia/Sydney')).toBe('');
  });

  it('in a range, with the same day style', () => {
    expect(dateRange('2026-11-28T23:00:00.000Z', '2026-11-29T01:00:00.000Z', 'Australia/Sydney', { reader: 'Europe/London', now })).toBe('Sun 29 Nov, 10:00 – 12:00 (Australia/Sydney time)');
    expect(dateRange('2027-01-01T23:00:00.000Z', '2027-01-02T01:00:00.000Z', 'Australia/Sydney', { reader: 'Australia/Sydney', now })).toBe('Sat 2 Jan 2027, 10:00 – 12:00');
  });
});
