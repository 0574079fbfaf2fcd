import { describe, expect, it } from 'vitest';
import { takeToday } from './daily-count';

describe('takeToday', () => {
  it('takes nothing from an allowance of 0 (not even the day\'s first), without a write', async () => {
    const noon = Date.UTC(2026, 10, 23, 12, 0, 0);
    // No table is configured here: an attempt to write would throw.
    expect(await takeToday(`never-${Math.random()}`, 0, noon)).toEqual({ taken: false, secondsLeft: 12 * 3600 });
    expect(await takeToday(`never-${Math.random()}`, -3, noon)).toEqual({ taken: false, secondsLeft: 12 * 3600 });
  });
});
