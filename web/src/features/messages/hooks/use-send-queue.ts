/**
 * Sending: each message shows "Sending…" until the server has it, then joins the conversation;
 * a failed one offers a retry with the same client id, so a retry never sends twice. Sends go
 * one after another, in the order they were written (the first one may make the conversation).
 */
import { useCallback, useRef, useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { failureMessage } from '@/components/form/messages';
import { sendMessage, withMessage } from '../api/messages';
import { messagesKeys } from '../api/keys';

export interface Pending {
  id: string;
  content: string;
  /** Upload ids of its photos. */
  photos: string[];
  state: 'sending' | 'failed';
  error?: string;
}

interface SendQueueOptions {
  /** The conversation's query key. */
  queryKey: QueryKey;
  /** The conversation's id, once it exists. */
  convId: string | null;
  /** Makes the conversation when the first message is sent; answers its id. */
  start: () => Promise<string>;
  /** Told the id of a conversation the first send made. */
  onStarted: (id: string) => void;
}

export function useSendQueue({ queryKey: key, convId, start, onStarted }: SendQueueOptions) {
  const qc = useQueryClient();
  const [pending, setPending] = useState<Pending[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const madeId = useRef<string | null>(null);

  const deliver = async (p: Pending) => {
    setPending((list) => list.map((x) => (x.id === p.id ? { ...x, state: 'sending', error: undefined } : x)));
    try {
      let id = convId ?? madeId.current;
      if (!id) {
        id = await start();
        madeId.current = id;
        onStarted(id);
      }
      const { message } = await sendMessage({ id: p.id, conversation_id: id, content: p.content, ...(p.photos.length ? { photos: p.photos } : {}) });
      const data = qc.getQueryData<Parameters<typeof withMessage>[0]>(key);
      if (!data?.pages[0]) await qc.invalidateQueries({ queryKey: key });
      else qc.setQueryData(key, (d: Parameters<typeof withMessage>[0]) => withMessage(d, message));
      setPending((list) => list.filter((x) => x.id !== p.id));
      void qc.invalidateQueries({ queryKey: [...messagesKeys.all, 'inbox'] });
    } catch (err) {
      setPending((list) => list.map((x) => (x.id === p.id ? { ...x, state: 'failed', error: failureMessage(err) } : x)));
    }
  };

  /** Sends (again) a message already shown as pending. */
  const enqueue = (p: Pending) => {
    queue.current = queue.current.then(() => deliver(p));
  };

  /** Shows a new message as "Sending…" and queues it. */
  const send = (content: string, photos: string[] = []) => {
    const p: Pending = { id: crypto.randomUUID(), content, photos, state: 'sending' };
    setPending((list) => [...list, p]);
    enqueue(p);
  };

  /** Drops a pending message: discarded, or arrived by another way (the live socket). */
  const settle = useCallback((id: string) => setPending((list) => list.filter((x) => x.id !== id)), []);

  return { pending, send, retry: enqueue, settle };
}
