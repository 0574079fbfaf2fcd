/**
 * Rate limits count in fixed windows (functions/lib/rate-limit.ts). A test that fills a window
 * must not straddle its end, or the count resets half way. When fewer than `needSeconds` are left
 * in this window, the test does not wait for the next one (up to minutes): it moves the clock of
 * this process to a second into the next window, and the clock runs on from there at its own pace
 * until the test ends. That moves the host's clock too, so this is only for tests whose host runs
 * in their own process (test/support/own-host.ts, or a `startHost` of the file's own): the shared
 * host runs in vitest's main process, whose clock no test moves.
 */
import { onTestFinished, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../shared/constants';

export function clearOfWindowEnd(windowSeconds: number, needSeconds: number): void {
  // The clock moves at most `needSeconds` ahead: a session made before must outlive the move.
  if (needSeconds > ACCESS_TOKEN_TTL_SECONDS / 2) throw new Error(`a test may move the clock ${ACCESS_TOKEN_TTL_SECONDS / 2} s at most, not ${needSeconds} s`);
  const now = Date.now();
  const left = windowSeconds - (Math.floor(now / 1000) % windowSeconds);
  if (left >= needSeconds) return;
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(now + left * 1000 + 1000);
  onTestFinished(() => {
    vi.useRealTimers();
  });
}
