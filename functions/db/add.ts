/**
 * The one hand-written update: `ADD` to number attributes of an item (DynamoDB's atomic
 * increment; a missing attribute counts from 0), as an item of a write transaction. For counts
 * that no entity write can carry: feed counters (raw items) and the counts on a post or comment,
 * which change under whole-item writes guarded on `version` (an `ADD` of `version` makes such a
 * write retry instead of overwriting the count).
 */
import { tableName } from './client';
import type { TxItem } from './transact';

export function addItem(key: { pk: string; sk: string }, deltas: Record<string, number>, condition?: string): TxItem {
  const fields = Object.keys(deltas);
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: `ADD ${fields.map((_, i) => `#f${i} :v${i}`).join(', ')}`,
      ...(condition ? { ConditionExpression: condition } : {}),
      ExpressionAttributeNames: Object.fromEntries(fields.map((f, i) => [`#f${i}`, f])),
      ExpressionAttributeValues: Object.fromEntries(fields.map((f, i) => [`:v${i}`, deltas[f]])),
    },
  };
}
