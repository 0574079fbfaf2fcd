/**
 * What a committed write changed, for a listener in the same process. The local host listens
 * (functions/realtime/local.ts) and acts right after the write, as the table's stream does in the
 * cloud: committed transactions (their puts and updates) fan frames out, and removed items (their
 * keys, as a stream's REMOVE record carries them) close what they stood for. In a Lambda nobody
 * listens and this costs one property read. The listeners live on globalThis, so every copy of
 * this module sees the same ones.
 */
import type { TxItem } from './transact';

/** The primary key of an item a write updated or deleted. */
export interface ChangedKey {
  pk: string;
  sk: string;
}
/** What a committed transaction changed: the items it put (whole, as stored) and the keys of those it updated. */
export interface CommittedChange {
  puts: Record<string, unknown>[];
  updated: ChangedKey[];
}
type Listener = (change: CommittedChange) => void;
type RemovedListener = (keys: readonly ChangedKey[]) => void;
const KEY = Symbol.for('leafline.committedListener');
const REMOVED_KEY = Symbol.for('leafline.removedListener');
const registry = globalThis as { [KEY]?: Listener | null; [REMOVED_KEY]?: RemovedListener | null };

export function onCommitted(listener: Listener | null): void {
  registry[KEY] = listener;
}

export function committed(items: readonly TxItem[]): void {
  const listener = registry[KEY];
  if (listener) listener(changeOf(items));
}

function changeOf(items: readonly TxItem[]): CommittedChange {
  const change: CommittedChange = { puts: [], updated: [] };
  for (const t of items) {
    const put = (t.Put as { Item?: Record<string, unknown> } | undefined)?.Item;
    if (put) change.puts.push(put);
    const key = (t.Update as { Key?: Partial<ChangedKey> } | undefined)?.Key;
    if (key?.pk && key.sk) change.updated.push({ pk: key.pk, sk: key.sk });
  }
  return change;
}

/** Listens to removals from now on (null: stop). */
export function onRemoved(listener: RemovedListener | null): void {
  registry[REMOVED_KEY] = listener;
}

/** Tells the listener, if any, that these items were deleted (after the delete succeeded). */
export function removed(keys: readonly ChangedKey[]): void {
  const listener = registry[REMOVED_KEY];
  if (listener && keys.length) listener(keys);
}
