/**
 * The local host's way for a change to reach the fan-out: right after a transaction commits, in
 * the same process (functions/db/committed.ts), instead of the table's stream. A put of a message
 * or a notification carries its item; a changed tally is read back, as the stream's new image
 * would hold it. A deleted connection item closes its socket, as the stream's REMOVE record does
 * in the cloud (functions/system/stream-dispatch.ts).
 */
import { getItem } from '../db/batch';
import { onCommitted, onRemoved } from '../db/committed';
import { connectionIdOfKey } from '../db/entities/realtime';
import type { TxItem } from '../db/transact';
import { logger } from '../lib/logger';
import { fanOutItems, type FrameSink } from './fanout';

interface PutShape { Item?: Record<string, unknown> }
interface UpdateShape { Key?: { pk?: string; sk?: string } }

async function changedItems(items: readonly TxItem[]): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (const t of items) {
    const put = (t.Put as PutShape | undefined)?.Item;
    if (put && (put.__edb_e__ === 'message' || put.__edb_e__ === 'notification')) out.push(put);
    const key = (t.Update as UpdateShape | undefined)?.Key;
    if (key?.sk === 'msg-tally' && key.pk) {
      const item = await getItem({ pk: key.pk, sk: key.sk }, { consistent: true });
      if (item) out.push(item);
    }
  }
  return out;
}

/**
 * Fans every committed change out to `sink`, and closes the socket of every removed connection, from
 * now on (null: stop). `track` is handed each fan-out's and each close's work as it starts: the
 * local host counts what is in flight, so that its tests can wait until a write's frames are sent.
 */
export function fanOutInProcess(sink: FrameSink | null, track: (work: Promise<void>) => void = () => undefined): void {
  if (!sink) {
    onCommitted(null);
    onRemoved(null);
    return;
  }
  onRemoved((keys) => {
    for (const key of keys) {
      const id = connectionIdOfKey(key.pk);
      if (id) track(sink.close(id).catch((err: unknown) => logger.error('Closing a socket failed', { error: err as Error, connectionId: id })));
    }
  });
  onCommitted((items) => {
    track(
      changedItems(items)
        .then((changed) => (changed.length ? fanOutItems(changed, sink) : undefined))
        .catch((err: unknown) => logger.error('Realtime fan-out failed', { error: err as Error })),
    );
  });
}
