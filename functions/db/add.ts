/**
 * `ADD` to number attributes of an item (DynamoDB's atomic increment; a missing attribute counts
 * from 0), as an item of a write transaction: an `updateItem` (write.ts, where every update that
 * no entity writes is spelled). For counts that no entity write can carry: feed counters (raw
 * items) and the counts on a post, comment or page, which change under whole-item writes guarded
 * on `version` (an `ADD` of `version` makes such a write retry instead of overwriting the count).
 */
import type { Condition } from './condition';
import type { TxItem } from './transact';
import { updateItem, type ItemKey } from './write';

/** Adds `deltas` to the item at `key`, if `condition` holds of it. */
export function addItem(key: ItemKey, deltas: Record<string, number>, condition?: Condition): TxItem {
  return updateItem({ key, add: deltas, ...(condition ? { condition } : {}) });
}
