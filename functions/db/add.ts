/**
 * The one hand-written update: `ADD` to number attributes of an item (DynamoDB's atomic
 * increment; a missing attribute counts from 0), as an item of a write transaction. For counts
 * that no entity write can carry: feed counters (raw items) and the counts on a post or comment,
 * which change under whole-item writes guarded on `version` (an `ADD` of `version` makes such a
 * write retry instead of overwriting the count).
 */
import { tableName } from './client';
import type { TxItem } from './transact';

/**
 * `condition` is an expression on the item; `equal` adds "each of these attributes holds this
 * value" to it (the attributes named and valued here, so the caller writes no names or values).
 */
export function addItem(key: { pk: string; sk: string }, deltas: Record<string, number>, condition?: string, equal: Record<string, string | number> = {}): TxItem {
  const fields = Object.keys(deltas);
  const held = Object.keys(equal);
  const conditions = [...(condition ? [condition] : []), ...held.map((_, i) => `#e${i} = :e${i}`)];
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: `ADD ${fields.map((_, i) => `#f${i} :v${i}`).join(', ')}`,
      ...(conditions.length ? { ConditionExpression: conditions.join(' AND ') } : {}),
      ExpressionAttributeNames: { ...Object.fromEntries(fields.map((f, i) => [`#f${i}`, f])), ...Object.fromEntries(held.map((f, i) => [`#e${i}`, f])) },
      ExpressionAttributeValues: { ...Object.fromEntries(fields.map((f, i) => [`:v${i}`, deltas[f]])), ...Object.fromEntries(held.map((f, i) => [`:e${i}`, equal[f]])) },
    },
  };
}
