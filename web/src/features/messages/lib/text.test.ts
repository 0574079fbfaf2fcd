import { describe, expect, it } from 'vitest';
import { dayLabel, groupByDay } from './text';

describe('days', () => {
  it('groups messages by local day, in order', () => {
    const at = (d: number, h: number) => ({ createdAt: new Date(2026, 10, d, h).toISOString() });
    const groups = groupByDay([at(20, 9), at(20, 23), at(21, 1)]);
    expect(groups.map((g) => [g.day, g.items.length])).toEqual([['2026-11-20', 2], ['2026-11-21', 1]]);
  });

  it('names today and yesterday', () => {
    const now = new Date(2026, 10, 26, 12);
    expect(dayLabel('2026-11-26', now)).toBe('Today');
    expect(dayLabel('2026-11-25', now)).toBe('Yesterday');
    expect(dayLabel('2026-11-20', now)).toMatch(/20/);
  });
});
