/**
 * How a data migration's own writes are told apart from new activity on the table's stream
 * (functions/system/stream-dispatch.ts). The stream carries new images only, so a record cannot
 * be compared with the item before it. Instead every item a migration writes carries
 * `migratedAt` (when) and `migratedSig`, a digest of the item's content as the migration wrote
 * it (every attribute but these two). A record whose new image still hashes to its `migratedSig`
 * is the migration's write (a moved message, a re-keyed deleted post); any later change by the
 * product (a new `deletedAt`, a tally's `unread`) changes the content, the digest no longer
 * matches, and the record counts as activity again, marker or not.
 */
import { createHash } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../client';
import { isConditionFailure } from '../transact';

export const MIGRATED_AT = 'migratedAt';
export const MIGRATED_SIG = 'migratedSig';
const MARKS = new Set([MIGRATED_AT, MIGRATED_SIG]);

/** A value in a form that serialises the same however it was read: sets sorted, keys sorted. */
function canonical(v: unknown): unknown {
  if (v instanceof Set) return { $set: [...v].map((x) => JSON.stringify(canonical(x))).sort() };
  if (v instanceof Uint8Array) return { $b: Buffer.from(v).toString('base64') };
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return Object.fromEntries(Object.keys(o).sort().map((k) => [k, canonical(o[k])]));
  }
  return v;
}

/** The digest of an item's content, its migration marks left out. */
export function contentSig(item: Record<string, unknown>): string {
  const content = Object.fromEntries(Object.entries(item).filter(([k, v]) => !MARKS.has(k) && v !== undefined));
  return createHash('sha256').update(JSON.stringify(canonical(content))).digest('base64url');
}

/** The marks a migration sets on an item whose content will be `item`. */
export function migrationMarks(item: Record<string, unknown>, at: string): { migratedAt: string; migratedSig: string } {
  return { migratedAt: at, migratedSig: contentSig(item) };
}

/** Whether an item (a stream record's new image) is exactly as a migration wrote it. */
export function isMigrationWrite(item: Record<string, unknown> | null): boolean {
  return !!item && typeof item[MIGRATED_SIG] === 'string' && item[MIGRATED_SIG] === contentSig(item);
}

/** Records a migration as done on a table made with this version (nothing to migrate), unless its progress is already kept. */
export async function markMigrationFresh(progressKey: { pk: string; sk: string }): Promise<void> {
  try {
    await documentClient().send(new PutCommand({
      TableName: tableName(),
      Item: { ...progressKey, done: true, runs: 0, startedFresh: true, updatedAt: new Date().toISOString() },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}
