/**
 * What a committed write changed, for a listener in the same process. The local host listens
 * (functions/realtime/local.ts) and acts right after the write, as the table's stream does in the
 * cloud: committed transactions (their puts and updates) fan frames out, and removed items (their
 * keys, as a stream's REMOVE record carries them) close what they stood for. In a Lambda nobody
 * listens and this costs one property read. The listeners live on globalThis, so every copy of
 * this module sees the same ones.
 */
import type { TxItem } from './transact';

type Listener = (items: readonly TxItem[]) => void;
/** The primary keys of items a write deleted. */
export interface RemovedKey {
  pk: string;
  sk: string;
}
type RemovedListener = (keys: readonly RemovedKey[]) => void;
const KEY = Symbol.for('leafline.committedListener');
const REMOVED_KEY = Symbol.for('leafline.removedListener');
const registry = globalThis as { [KEY]?: Listener | null; [REMOVED_KEY]?: RemovedListener | null };

export function onCommitted(listener: Listener | null): void {
  registry[KEY] = listener;
}

export function committed(items: readonly TxItem[]): void {
  const listener = registry[KEY];
  if (listener) listener(items);
}

/** Listens to removals from now on (null: stop). */
export function onRemoved(listener: RemovedListener | null): void {
  registry[REMOVED_KEY] = listener;
}

/** Tells the listener, if any, that these items were deleted (after the delete succeeded). */
export function removed(keys: readonly RemovedKey[]): void {
  const listener = registry[REMOVED_KEY];
  if (listener && keys.length) listener(keys);
}
