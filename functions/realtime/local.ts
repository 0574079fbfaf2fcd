/**
 * The local host's way for a change to reach the fan-out: right after a transaction commits, in
 * the same process (functions/db/committed.ts), instead of the table's stream. A put of a message
 * or a notification carries its item; a changed tally, date's counts or message (hidden by an admin) is read back, as the
 * stream's new image would hold it. A deleted connection item closes its socket, as the stream's REMOVE record does
 * in the cloud (functions/system/stream-dispatch.ts).
 */
import { getItem } from '../db/batch';
import { onCommitted, onRemoved, type CommittedChange } from '../db/committed';
import { connectionIdOfKey } from '../db/entities/realtime';
import { isDateCountsKey } from '../db/items/date-counts';
import { isMessageTallyKey } from '../db/items/message-tally';
import { asStreamWork } from '../db/metrics';
import { logger } from '../lib/logger';
import { FANOUT_ENTITIES, fanOutItems, type FrameSink, type LiveConnections } from './fanout';

/** The puts of the kinds the fan-out sends: as written, nothing to read. */
const sentPuts = ({ puts }: CommittedChange): Record<string, unknown>[] => puts.filter((item) => FANOUT_ENTITIES.includes(item.__edb_e__ as never));

/**
 * Each changed tally, date's attendance counts and (hidden) message, read back whole (the stream's
 * new image). A comment's later updates (its counts) are not read: only a new comment changes a
 * thread's screen.
 */
async function readBack({ updated }: CommittedChange): Promise<Record<string, unknown>[]> {
  // A message is updated only when an admin hides it: read back, as the stream's MODIFY image.
  const isMessageKey = (key: { pk: string; sk: string }) => key.pk.startsWith('conv#') && key.sk.startsWith('msg#');
  const items = await Promise.all(updated.filter((key) => isMessageTallyKey(key) || isDateCountsKey(key) || isMessageKey(key)).map((key) => getItem(key, { consistent: true })));
  return items.filter((item) => item !== null && item !== undefined);
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
  onCommitted((change) => {
    // The puts go out at once (a message need not wait for its tally's read); both share one read
    // of each member's connections, as one stream batch does.
    const live: LiveConnections = new Map();
    const puts = sentPuts(change);
    track(
      asStreamWork(() => Promise.all([
        puts.length ? fanOutItems(puts, sink, live) : undefined,
        readBack(change).then((items) => (items.length ? fanOutItems(items, sink, live) : undefined)),
      ]))
        .then(() => undefined)
        .catch((err: unknown) => logger.error('Realtime fan-out failed', { error: err as Error })),
    );
  });
}
