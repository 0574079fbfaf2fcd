import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { instantOf, wallClockOf } from '../../shared/zoned-time';
import { offsetChanges, vtimezone } from './vtimezone';

const HOUR = 3_600_000;
const from = Date.parse('2026-01-01T00:00:00Z');
const to = Date.parse('2027-01-01T00:00:00Z');

/** The blocks of a VTIMEZONE as [kind, DTSTART, TZOFFSETFROM, TZOFFSETTO]. */
function blocks(text: string): string[][] {
  const zone = new ICAL.Component(ICAL.parse(`BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${text}\r\nEND:VCALENDAR`)).getFirstSubcomponent('vtimezone')!;
  return zone.getAllSubcomponents().map((c) => [c.name, c.getFirstProperty('dtstart')!.toICALString().split(':')[1]!, ...['tzoffsetfrom', 'tzoffsetto'].map((p) => c.getFirstProperty(p)!.toICALString().split(':')[1]!)]);
}

/**
 * Every hour of the span whose wall-clock time names one instant: ical.js reads it back, through
 * the VTIMEZONE, as that instant. (A time the clocks show twice is left out: ical.js takes the
 * second, RFC 5545 the first.)
 */
function readsBack(timeZone: string): number {
  const component = new ICAL.Component(ICAL.parse(`BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${vtimezone(timeZone, from, to)}\r\nEND:VCALENDAR`)).getFirstSubcomponent('vtimezone')!;
  const zone = new ICAL.Timezone({ component, tzid: timeZone });
  let checked = 0;
  for (let t = from + 30 * 60_000; t < to; t += 3 * HOUR) {
    const wall = wallClockOf(new Date(t), timeZone);
    const same = (ms: number) => JSON.stringify(wallClockOf(new Date(ms), timeZone)) === JSON.stringify(wall);
    if (same(t - HOUR) || same(t + HOUR)) continue;
    expect(instantOf(wall, timeZone).getTime()).toBe(t);
    const time = ICAL.Time.fromData({ year: wall.year, month: wall.month, day: wall.day, hour: wall.hour, minute: wall.minute, second: wall.second, isDate: false }, zone);
    expect(time.toUnixTime() * 1000, `${timeZone} ${new Date(t).toISOString()}`).toBe(t);
    checked++;
  }
  return checked;
}

describe('vtimezone', () => {
  it('Australia/Sydney: standard time from April, daylight time from October, at the second', () => {
    expect(offsetChanges('Australia/Sydney', from, to).changes).toEqual([
      { at: Date.parse('2026-04-04T16:00:00Z'), from: 11 * HOUR, to: 10 * HOUR },
      { at: Date.parse('2026-10-03T16:00:00Z'), from: 10 * HOUR, to: 11 * HOUR },
    ]);
    expect(blocks(vtimezone('Australia/Sydney', from, to))).toEqual([
      ['daylight', '20260101T000000', '+1100', '+1100'],
      ['standard', '20260405T030000', '+1100', '+1000'],
      ['daylight', '20261004T020000', '+1000', '+1100'],
    ]);
    expect(readsBack('Australia/Sydney')).toBeGreaterThan(2800);
  });

  it('Europe/London: summer time from the last Sunday of March to the last Sunday of October', () => {
    expect(blocks(vtimezone('Europe/London', from, to))).toEqual([
      ['standard', '20260101T000000', '+0000', '+0000'],
      ['daylight', '20260329T010000', '+0000', '+0100'],
      ['standard', '20261025T020000', '+0100', '+0000'],
    ]);
    expect(readsBack('Europe/London')).toBeGreaterThan(2800);
  });

  it('a zone without daylight saving: one STANDARD block; offsets of whole minutes and of the other side', () => {
    expect(blocks(vtimezone('Asia/Kathmandu', from, to))).toEqual([['standard', '20260101T000000', '+0545', '+0545']]);
    expect(blocks(vtimezone('America/St_Johns', from, Date.parse('2026-06-01T00:00:00Z')))).toEqual([
      ['standard', '20251231T000000', '-0330', '-0330'],
      ['daylight', '20260308T020000', '-0330', '-0230'],
    ]);
    expect(readsBack('America/St_Johns')).toBeGreaterThan(2800);
  });
});
