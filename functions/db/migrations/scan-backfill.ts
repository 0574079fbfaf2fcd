/**
 * What the backfills share (authored.ts, unread-index.ts): a walk of the table a page at a time
 * (a filtered Scan) that hands each item found to the backfill's own conditional write, from a
 * cursor kept in a progress item, until the table ends or the run's deadline passes. An operator
 * invokes the backfill's job again until it answers done (docs/operations.md); the local host runs
 * it to the end at start-up on a data folder older than the backfill.
 */
import { GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../client';
import { isConditionFailure } from '../transact';
import { markMigrationFresh } from './marker';

type Item = Record<string, unknown>;
export type ScanCursor = Record<string, unknown>;

export interface ScanBackfill {
  /** Where the progress is kept (`migration#<name>` / `progress`). */
  progressKey: { pk: string; sk: string };
  /** The Scan's filter: only the items the backfill may have to write. */
  filter: { expression: string; names: Record<string, string>; values: Record<string, unknown> };
  /** Writes one item found, conditionally; false when it had nothing to write. A failed condition counts as nothing written. */
  write: (item: Item) => Promise<boolean>;
}

export interface PassOutcome {
  done: boolean;
  cursor: ScanCursor | null;
  scanned: number;
  written: number;
}

/** One pass from `cursor` until the table ends or `deadline` passes (the next run goes on from the cursor). */
export async function backfillPass(def: ScanBackfill, run: { cursor: ScanCursor | null; deadline: number; pageSize?: number }): Promise<PassOutcome> {
  let cursor = run.cursor;
  let scanned = 0;
  let written = 0;
  for (;;) {
    const page = await documentClient().send(new ScanCommand({
      TableName: tableName(),
      Limit: run.pageSize ?? 200,
      FilterExpression: def.filter.expression,
      ExpressionAttributeNames: def.filter.names,
      ExpressionAttributeValues: def.filter.values,
      ...(cursor ? { ExclusiveStartKey: cursor } : {}),
    }));
    for (const item of page.Items ?? []) {
      scanned++;
      try {
        if (await def.write(item)) written++;
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    }
    cursor = page.LastEvaluatedKey ?? null;
    if (!cursor) return { done: true, cursor: null, scanned, written };
    if (Date.now() >= run.deadline) return { done: false, cursor, scanned, written };
  }
}

export interface BackfillProgress {
  done: boolean;
  cursor: ScanCursor | null;
  runs: number;
  updatedAt: string | null;
}

export async function backfillProgress(progressKey: ScanBackfill['progressKey']): Promise<BackfillProgress> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: tableName(), Key: progressKey, ConsistentRead: true }));
  return { done: Item?.done === true, cursor: (Item?.cursor as ScanCursor | undefined) ?? null, runs: Number(Item?.runs ?? 0), updatedAt: (Item?.updatedAt as string | undefined) ?? null };
}

/** One run from the saved progress (from the start when done and `again`), saving where it stopped. */
export async function runBackfill(def: ScanBackfill, options: { deadline: number; again?: boolean }): Promise<BackfillProgress & { scanned: number; written: number }> {
  const before = await backfillProgress(def.progressKey);
  if (before.done && !options.again) return { ...before, scanned: 0, written: 0 };
  const out = await backfillPass(def, { cursor: before.done ? null : before.cursor, deadline: options.deadline });
  await documentClient().send(new UpdateCommand({
    TableName: tableName(),
    Key: def.progressKey,
    UpdateExpression: `SET #done = :done, #at = :at${out.cursor ? ', #cursor = :cursor' : ''} ADD #runs :one${out.cursor ? '' : ' REMOVE #cursor'}`,
    ExpressionAttributeNames: { '#done': 'done', '#at': 'updatedAt', '#cursor': 'cursor', '#runs': 'runs' },
    ExpressionAttributeValues: { ':done': out.done, ':at': new Date().toISOString(), ':one': 1, ...(out.cursor ? { ':cursor': out.cursor } : {}) },
  }));
  return { ...(await backfillProgress(def.progressKey)), scanned: out.scanned, written: out.written };
}

/** Records a table made with this version (nothing to backfill) as done, unless progress is already kept. */
export const markBackfillFresh = (def: ScanBackfill): Promise<void> => markMigrationFresh(def.progressKey);
