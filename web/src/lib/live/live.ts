/**
 * The signed-in tab's live state: its one socket (./realtime.ts) and the two tallies it keeps
 * current (notifications and messages). The app provides it (app/live-provider.tsx, which wires
 * the tallies to their routes); features read it here.
 */
import { createContext, useContext, useEffect } from 'react';
import type { ServerFrame } from '@shared/realtime';
import type { Realtime } from './realtime';
import type { TallyTracker } from './tally';

export interface Live {
  realtime: Realtime;
  notifications: TallyTracker;
  messages: TallyTracker;
}

/** Exported for composition and tests; the app provides it through LiveProvider. */
export const LiveContext = createContext<Live | null>(null);

export function useLive(): Live | null {
  return useContext(LiveContext);
}

/** Calls `listener` with each frame while mounted. */
export function useFrames(listener: (frame: ServerFrame) => void): void {
  const live = useLive();
  useEffect(() => live?.realtime.subscribe(listener), [live, listener]);
}
