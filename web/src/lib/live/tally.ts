/**
 * An unread tally (notifications, messages): asked for on start, on a timer, when the window gets
 * focus or the tab becomes visible, and on navigation, but at most once per
 * NOTIFICATION_TALLY_THROTTLE_MS unless forced (after marking seen). While the tab's socket is
 * open, frames set it (`set`) and the timer waits: polling is the fallback (focus checks still
 * run, throttled, so a lost frame is mended when the member comes back to the tab). A small external store, so the bell and
 * its panel share one tally without a request each.
 */
import { NOTIFICATION_TALLY_THROTTLE_MS } from '@shared/constants';

/** How often the tally is checked while the tab is visible (the throttle still applies). */
export const TALLY_POLL_MS = 60_000;

export interface TallyTracker {
  get(): number | null;
  subscribe(listener: () => void): () => void;
  set(tally: number): void;
  /** Asks the server, unless it was asked less than the throttle ago and force is not set. */
  refresh(force?: boolean): Promise<void>;
  /** Starts the timer and the focus/visibility checks (and a first check); answers the stop. */
  start(): () => void;
}

export interface TallyOptions {
  load: () => Promise<number>;
  throttleMs?: number;
  pollMs?: number;
  now?: () => number;
  /** True while live frames keep the tally current (the socket is open): the timer then waits (focus checks still run, throttled, in case a frame was lost). */
  live?: () => boolean;
}

export function createTallyTracker({ load, throttleMs = NOTIFICATION_TALLY_THROTTLE_MS, pollMs = TALLY_POLL_MS, now = () => Date.now(), live = () => false }: TallyOptions): TallyTracker {
  let tally: number | null = null;
  let askedAt: number | null = null;
  let latest = 0;
  let inflight: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  const set = (next: number) => {
    const value = Math.max(0, Math.floor(next));
    if (value === tally) return;
    tally = value;
    for (const listener of listeners) listener();
  };

  const refresh = (force = false): Promise<void> => {
    if (!force && askedAt !== null && now() - askedAt < throttleMs) return inflight ?? Promise.resolve();
    askedAt = now();
    const ticket = ++latest;
    const run = load()
      .then((value) => {
        // A later (forced) check overtook this one: its answer wins.
        if (ticket === latest) set(value);
      })
      .catch(() => {
        // Keep the last tally; the next check tries again.
      })
      .finally(() => {
        if (inflight === run) inflight = null;
      });
    inflight = run;
    return run;
  };

  const start = () => {
    const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';
    void refresh();
    const timer = setInterval(() => {
      if (visible() && !live()) void refresh();
    }, pollMs);
    const onFocus = () => void refresh();
    const onVisibility = () => {
      if (visible()) void refresh();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  };

  return {
    get: () => tally,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set,
    refresh,
    start,
  };
}

/** The badge: 1–99 as they are, more as 99+. */
export function badgeText(tally: number): string {
  return tally > 99 ? '99+' : String(tally);
}
