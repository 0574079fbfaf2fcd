/**
 * The signed-in tab's live state: its one socket (./realtime.ts) and the two tallies it keeps
 * current (notifications and messages). Frames set the tallies; while the socket is down they
 * poll as before. After a reconnect the tallies are asked again and the message lists refetched,
 * which brings what arrived meanwhile.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ServerFrame } from '@shared/realtime';
import { useAuth } from '@/features/auth/auth-store';
import { getUnreadTally } from '@/features/notifications/api/get-unread-tally';
import { notificationsQueryKey } from '@/features/notifications/api/get-notifications';
import { createTallyTracker, type TallyTracker } from '@/features/notifications/lib/tally';
import { api } from '@/lib/api';
import { getMessagesTally, messagesKeys } from '../api/messages';
import { createRealtime, type Realtime } from './realtime';

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

export function LiveProvider({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const qc = useQueryClient();
  const signedIn = auth.loggedIn === true;
  const [live] = useState<Live>(() => {
    const realtime = createRealtime({ getUrl: async () => (await api.call('POST /api/iam/realtime/ticket', {})).url });
    return {
      realtime,
      notifications: createTallyTracker({ load: () => getUnreadTally(), live: realtime.live }),
      messages: createTallyTracker({ load: () => getMessagesTally(), live: realtime.live }),
    };
  });

  useEffect(() => {
    if (!signedIn) return;
    const { realtime, notifications, messages } = live;
    const offFrames = realtime.subscribe((frame) => {
      if (frame.type === 'notification') {
        notifications.set(frame.data.tally);
        void qc.invalidateQueries({ queryKey: notificationsQueryKey });
      } else if (frame.type === 'messages-tally') {
        messages.set(frame.data.unreadMsgsTally);
        void qc.invalidateQueries({ queryKey: [...messagesKeys.all, 'inbox'] });
      }
    });
    const offReconnect = realtime.onReconnect(() => {
      void notifications.refresh(true);
      void messages.refresh(true);
      void qc.invalidateQueries({ queryKey: messagesKeys.all });
    });
    const stopNotifications = notifications.start();
    const stopMessages = messages.start();
    realtime.start();
    return () => {
      offFrames();
      offReconnect();
      stopNotifications();
      stopMessages();
      realtime.stop();
      notifications.set(0);
      messages.set(0);
    };
  }, [signedIn, live, qc]);

  return <LiveContext.Provider value={signedIn ? live : null}>{children}</LiveContext.Provider>;
}
