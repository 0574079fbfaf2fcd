/**
 * What a committed transaction wrote, for a listener in the same process. The local host listens
 * (functions/realtime/local.ts) and fans frames out right after the write, as the table's stream
 * does in the cloud; in a Lambda nobody listens and this costs one property read. The listener
 * lives on globalThis, so every copy of this module sees the same one.
 */
import type { TxItem } from './transact';

type Listener = (items: readonly TxItem[]) => void;
const KEY = Symbol.for('leafline.committedListener');
const registry = globalThis as { [KEY]?: Listener | null };

export function onCommitted(listener: Listener | null): void {
  registry[KEY] = listener;
}

export function committed(items: readonly TxItem[]): void {
  const listener = registry[KEY];
  if (listener) listener(items);
}
