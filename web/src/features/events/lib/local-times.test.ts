import { describe, expect, it } from 'vitest';
import { rangeAt } from './local-times';

describe('rangeAt', () => {
  it('reads a day and two times at the place\'s zone', () => {
    expect(rangeAt('2026-12-05', '10:00', '12:00', 'Australia/Sydney')).toEqual({ startsAt: '2026-12-04T23:00:00.000Z', endsAt: '2026-12-05T01:00:00.000Z' });
    expect(rangeAt('2026-12-05', '10:00', '12:00', 'Europe/London')).toEqual({ startsAt: '2026-12-05T10:00:00.000Z', endsAt: '2026-12-05T12:00:00.000Z' });
  });

  it('takes an end at or before the start as the next morning\'s', () => {
    expect(rangeAt('2026-12-31', '22:00', '02:00', 'Europe/London')).toEqual({ startsAt: '2026-12-31T22:00:00.000Z', endsAt: '2027-01-01T02:00:00.000Z' });
    expect(rangeAt('2026-12-05', '10:00', '10:00', 'Europe/London')).toEqual({ startsAt: '2026-12-05T10:00:00.000Z', endsAt: '2026-12-06T10:00:00.000Z' });
  });

  it('keeps the next morning\'s time when the clocks change that night', () => {
    // Sydney moves to daylight time at 02:00 on 4 October 2026: 04:00 that morning is UTC+11.
    expect(rangeAt('2026-10-03', '20:00', '04:00', 'Australia/Sydney')).toEqual({ startsAt: '2026-10-03T10:00:00.000Z', endsAt: '2026-10-03T17:00:00.000Z' });
  });

  it('is null until the day and both times are filled in', () => {
    expect(rangeAt('', '10:00', '12:00', 'Europe/London')).toBeNull();
    expect(rangeAt('2026-12-05', '', '12:00', 'Europe/London')).toBeNull();
    expect(rangeAt('2026-12-05', '10:00', '', 'Europe/London')).toBeNull();
  });
});
