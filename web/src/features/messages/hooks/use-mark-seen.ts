/** Read: the newest message from the other side is marked seen while the tab is visible. */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MessageView } from '@shared/answers/messages';
import { useLive } from '@/lib/live/live';
import { markSeen } from '../api/messages';
import { messagesKeys } from '../api/keys';

export function useMarkSeen(lastTheirs: MessageView | undefined): void {
  const qc = useQueryClient();
  const live = useLive();
  const markedRef = useRef<string | null>(null);
  useEffect(() => {
    if (!lastTheirs || markedRef.current === lastTheirs.id) return;
    const mark = () => {
      if (document.visibilityState === 'hidden' || markedRef.current === lastTheirs.id) return;
      markedRef.current = lastTheirs.id;
      markSeen([lastTheirs.id])
        .then(({ unreadMsgsTally }) => {
          live?.messages.set(unreadMsgsTally);
          void qc.invalidateQueries({ queryKey: [...messagesKeys.all, 'inbox'] });
        })
        .catch(() => {
          markedRef.current = null;
        });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [lastTheirs, live, qc]);
}
