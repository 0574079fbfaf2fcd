/**
 * Daily allowances per UTC day, kept like the rate limits (functions/lib/rate-limit.ts): one item
 * per key and day, raised by an atomic conditional ADD, expiring by TTL at the day's end. The day
 * is part of the key, so an item the emulator never expires is simply never read again.
 */
import { dailyCountKey } from '../db/entities/rate-limit';
import { db } from '../db/service';
import { isConditionFailure } from '../db/transact';

const DAY_SECONDS = 24 * 60 * 60;

export interface DailyTake {
  /** Whether one was taken: false once `max` were taken today (the count never passes `max`). */
  taken: boolean;
  /** Seconds until the next UTC midnight, when the allowance starts again. */
  secondsLeft: number;
}

/**
 * Takes one from today's allowance of `max` for `key`. Refusals are not counted, so raising `max`
 * during the day allows exactly the difference; parallel callers never take more than `max`.
 */
export async function takeToday(key: string, max: number, nowMs = Date.now()): Promise<DailyTake> {
  const now = Math.floor(nowMs / 1000);
  const dayStart = now - (now % DAY_SECONDS);
  const secondsLeft = dayStart + DAY_SECONDS - now;
  // An allowance of 0 takes nothing (the condition below would let the day's first one through).
  if (max <= 0) return { taken: false, secondsLeft };
  try {
    await db()
      .entities.rateLimit.update({ key: dailyCountKey(key), windowStart: dayStart })
      .add({ count: 1 })
      .set({ expiresAt: dayStart + DAY_SECONDS })
      .where((a, op) => `${op.notExists(a.count)} OR ${op.lt(a.count, max)}`)
      .go();
    return { taken: true, secondsLeft };
  } catch (err) {
    if (isConditionFailure(err)) return { taken: false, secondsLeft };
    throw err;
  }
}
