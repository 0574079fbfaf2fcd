import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_TALLY_THROTTLE_MS } from '@shared/constants';
import { badgeText, createTallyTracker, TALLY_POLL_MS } from './tally';

describe('unread tally', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-06-01T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks at most once per 10 s unless forced', async () => {
    expect(NOTIFICATION_TALLY_THROTTLE_MS).toBe(10_000);
    const load = vi.fn(async () => 3);
    const tracker = createTallyTracker({ load });
    await tracker.refresh();
    expect(load).toHaveBeenCalledTimes(1);
    expect(tracker.get()).toBe(3);

    await vi.advanceTimersByTimeAsync(9_999);
    await tracker.refresh();
    expect(load).toHaveBeenCalledTimes(1);

    await tracker.refresh(true);
    expect(load).toHaveBeenCalledTimes(2);
    // A forced check starts the 10 s again.
    await vi.advanceTimersByTimeAsync(5_000);
    await tracker.refresh();
    expect(load).toHaveBeenCalledTimes(2);

    await vi.advanceTimersByTimeAsync(5_000);
    await tracker.refresh();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('the timer waits while live frames keep the tally (the socket is open), and polls again once it is down', async () => {
    const load = vi.fn(async () => 2);
    let live = true;
    const tracker = createTallyTracker({ load, live: () => live });
    const stop = tracker.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(TALLY_POLL_MS * 3);
    expect(load).toHaveBeenCalledTimes(1);
    // Coming back to the tab still checks (a frame may have been lost), throttled.
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(2);
    tracker.set(7);
    expect(tracker.get()).toBe(7);
    live = false;
    await vi.advanceTimersByTimeAsync(TALLY_POLL_MS);
    expect(load).toHaveBeenCalledTimes(3);
    expect(tracker.get()).toBe(2);
    stop();
  });

  it('checks on start, on the timer, on focus and when the tab shows again, all throttled', async () => {
    const load = vi.fn(async () => 1);
    const tracker = createTallyTracker({ load });
    const stop = tracker.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(NOTIFICATION_TALLY_THROTTLE_MS);
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(2);

    await vi.advanceTimersByTimeAsync(TALLY_POLL_MS);
    expect(load).toHaveBeenCalledTimes(3);

    stop();
    await vi.advanceTimersByTimeAsync(TALLY_POLL_MS * 3);
    window.dispatchEvent(new Event('focus'));
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('keeps the last tally when a check fails, and lets a forced check win over an earlier one', async () => {
    let resolveSlow: (n: number) => void = () => undefined;
    const load = vi
      .fn<() => Promise<number>>()
      .mockResolvedValueOnce(5)
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementationOnce(() => new Promise<number>((resolve) => (resolveSlow = resolve)))
      .mockResolvedValueOnce(0);
    const tracker = createTallyTracker({ load });
    const listener = vi.fn();
    tracker.subscribe(listener);
    await tracker.refresh();
    await tracker.refresh(true);
    expect(tracker.get()).toBe(5);

    const slow = tracker.refresh(true);
    await tracker.refresh(true);
    expect(tracker.get()).toBe(0);
    resolveSlow(7);
    await slow;
    expect(tracker.get()).toBe(0);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('shows 1-99 on the badge, more as 99+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
