/**
 * Live: a message of this conversation joins the list at once (the sender's own, from this or
 * another tab, replaces its "Sending…" bubble). Before the conversation exists here, any
 * message frame reads it again: the other side may just have started it.
 */
import { useCallback } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Party } from '@shared/answers/messages';
import type { ServerFrame } from '@shared/realtime';
import { useFrames } from '@/lib/live/live';
import { withMessage } from '../api/messages';

interface FramesOptions {
  queryKey: QueryKey;
  convId: string | null;
  viewer: string;
  me: Party;
  otherName: string;
  /** A message arrived: the pending bubble with its id is done. */
  onArrived: (id: string) => void;
  /** What a screen reader is told when the other side writes. */
  announce: (text: string) => void;
}

export function useConversationFrames({ queryKey: key, convId, viewer, me, otherName, onArrived, announce }: FramesOptions): void {
  const qc = useQueryClient();
  const onFrame = useCallback(
    (frame: ServerFrame) => {
      if (frame.type !== 'message') return;
      if (!convId) {
        void qc.invalidateQueries({ queryKey: key });
        return;
      }
      if (frame.data.conversationId !== convId) return;
      const m = frame.data.message;
      if (!m.hidden) onArrived(m.id);
      qc.setQueryData(key, (data: Parameters<typeof withMessage>[0]) =>
        withMessage(data, { id: m.id, conversationId: convId, content: m.content, senderId: m.senderId, asPageId: m.asPageId ?? null, createdAt: m.createdAt, ...(m.hidden ? { hidden: true as const } : {}) }),
      );
      if (m.hidden) return;
      // The frame names photos by id only: reading the conversation again signs their URLs.
      const photos = m.photos?.length ?? 0;
      if (photos) void qc.invalidateQueries({ queryKey: key });
      const theirs = me.type === 'page' ? m.asPageId !== me.id : m.senderId !== viewer || !!m.asPageId;
      const photosText = photos === 1 ? 'a photo' : `${photos} photos`;
      if (theirs) {
        announce(!m.content ? `${photos === 1 ? 'A photo' : `${photos} photos`} from ${otherName}` : `New message from ${otherName}: ${m.content.slice(0, 140)}${photos ? ` (with ${photosText})` : ''}`);
      }
    },
    [convId, qc, key, me, viewer, otherName, onArrived, announce],
  );
  useFrames(onFrame);
}
