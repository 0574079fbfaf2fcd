/**
 * Provides the live state (lib/live): one socket per signed-in tab and the two tallies it keeps
 * current. Frames set the tallies, and a `changed` frame refreshes the screens showing what
 * changed; while the socket is down the tallies poll as before. After a
 * reconnect the tallies are asked again and the message lists refetched, which brings what
 * arrived meanwhile.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getMessagesTally } from '@/features/messages/api/tally';
import { messagesKeys } from '@/features/messages/api/keys';
import { getUnreadTally } from '@/features/notifications/api/tally';
import { notificationsQueryKey } from '@/features/notifications/api/keys';
import { useAuth } from '@/lib/auth/auth-store';
import { showsChanged } from '@/lib/live/changed';
import { LiveContext, type Live } from '@/lib/live/live';
import { createRealtime, realtimeUrl } from '@/lib/live/realtime';
import { createTallyTracker } from '@/lib/live/tally';

export function LiveProvider({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const qc = useQueryClient();
  const signedIn = auth.loggedIn === true;
  const [live] = useState<Live>(() => {
    const realtime = createRealtime({ getUrl: realtimeUrl });
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
      } else if (frame.type === 'changed') {
        // An open screen reads again what changed (an event's attendance, a page's members, a thread).
        void qc.invalidateQueries({ predicate: (q) => showsChanged(frame.data, q) });
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
