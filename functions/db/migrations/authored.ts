/**
 * Files comments and reactions written before P7c existed under their author on gsi1
 * (`authored#user#<id>`, docs/data-model.md), so a member's data export finds them. Walks the
 * table a page at a time (Scan, only those entities, only items without gsi1 keys) and gives each
 * the keys the entity writes today (entities/comment.ts builders), in a conditional update: an item
 * deleted meanwhile, or already filed, is left alone, so two runs at once, or one run twice, write
 * nothing more. Each write carries the migration's marks (marker.ts): the stream dispatcher does
 * not take a re-filed comment for a new one. The operator's job `backfill-authored` runs it.
 */
import { GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../client';
import { authoredCommentReactionSk, authoredCommentSk, authoredPk, authoredPostReactionSk } from '../entities/comment';
import { isConditionFailure } from '../transact';
import { migrationMarks, markMigrationFresh } from './marker';

const ENTITIES = ['comment', 'postReaction', 'commentReaction'] as const;

export const AUTHORED_PROGRESS_KEY = { pk: 'migration#authored', sk: 'progress' } as const;

type Item = Record<string, unknown>;
export type AuthoredCursor = Record<string, unknown>;

export interface AuthoredOutcome {
  done: boolean;
  cursor: AuthoredCursor | null;
  scanned: number;
  written: number;
}

/** The gsi1 keys an item of these entities gets today; null for one that lacks what they are made of. */
export function authoredKeysOf(item: Item): { gsi1pk: string; gsi1sk: string } | null {
  const at = item.createdAt;
  if (typeof at !== 'string') return null;
  const str = (k: string) => (typeof item[k] === 'string' ? (item[k] as string) : null);
  switch (item.__edb_e__) {
    case 'comment':
      return str('authorId') && str('id') ? { gsi1pk: authoredPk(str('authorId')!), gsi1sk: authoredCommentSk(at, str('id')!) } : null;
    case 'postReaction':
      return str('userId') && str('postId') ? { gsi1pk: authoredPk(str('userId')!), gsi1sk: authoredPostReactionSk(at, str('postId')!) } : null;
    case 'commentReaction':
      return str('userId') && str('commentId') ? { gsi1pk: authoredPk(str('userId')!), gsi1sk: authoredCommentReactionSk(at, str('commentId')!) } : null;
    default:
      return null;
  }
}

/** One pass from `cursor` until the table ends or `deadline` passes (the next run goes on from the cursor). */
export async function backfillAuthored(run: { cursor: AuthoredCursor | null; deadline: number; pageSize?: number }): Promise<AuthoredOutcome> {
  const names = Object.fromEntries(ENTITIES.map((e, i) => [`:e${i}`, e]));
  let cursor = run.cursor;
  let scanned = 0;
  let written = 0;
  for (;;) {
    const page = await documentClient().send(new ScanCommand({
      TableName: tableName(),
      Limit: run.pageSize ?? 200,
      FilterExpression: `#e IN (${Object.keys(names).join(', ')}) AND attribute_not_exists(#g)`,
      ExpressionAttributeNames: { '#e': '__edb_e__', '#g': 'gsi1pk' },
      ExpressionAttributeValues: names,
      ...(cursor ? { ExclusiveStartKey: cursor } : {}),
    }));
    for (const item of page.Items ?? []) {
      scanned++;
      const keys = authoredKeysOf(item);
      if (!keys) continue;
      const marks = migrationMarks({ ...item, ...keys }, new Date().toISOString());
      try {
        await documentClient().send(new UpdateCommand({
          TableName: tableName(),
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: 'SET #g = :g, #s = :s, #ma = :ma, #ms = :ms',
          ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#g)',
          ExpressionAttributeNames: { '#g': 'gsi1pk', '#s': 'gsi1sk', '#ma': 'migratedAt', '#ms': 'migratedSig', '#pk': 'pk' },
          ExpressionAttributeValues: { ':g': keys.gsi1pk, ':s': keys.gsi1sk, ':ma': marks.migratedAt, ':ms': marks.migratedSig },
        }));
        written++;
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    }
    cursor = page.LastEvaluatedKey ?? null;
    if (!cursor) return { done: true, cursor: null, scanned, written };
    if (Date.now() >= run.deadline) return { done: false, cursor, scanned, written };
  }
}

export interface AuthoredProgress {
  done: boolean;
  cursor: AuthoredCursor | null;
  runs: number;
  updatedAt: string | null;
}

export async function authoredProgress(): Promise<AuthoredProgress> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: tableName(), Key: AUTHORED_PROGRESS_KEY, ConsistentRead: true }));
  return { done: Item?.done === true, cursor: (Item?.cursor as AuthoredCursor | undefined) ?? null, runs: Number(Item?.runs ?? 0), updatedAt: (Item?.updatedAt as string | undefined) ?? null };
}

/** One run from the saved progress (from the start when done and `again`), saving where it stopped. */
export async function runAuthoredBackfill(options: { deadline: number; again?: boolean }): Promise<AuthoredProgress & { scanned: number; written: number }> {
  const before = await authoredProgress();
  if (before.done && !options.again) return { ...before, scanned: 0, written: 0 };
  const out = await backfillAuthored({ cursor: before.done ? null : before.cursor, deadline: options.deadline });
  await documentClient().send(new UpdateCommand({
    TableName: tableName(),
    Key: AUTHORED_PROGRESS_KEY,
    UpdateExpression: `SET #done = :done, #at = :at${out.cursor ? ', #cursor = :cursor' : ''} ADD #runs :one${out.cursor ? '' : ' REMOVE #cursor'}`,
    ExpressionAttributeNames: { '#done': 'done', '#at': 'updatedAt', '#cursor': 'cursor', '#runs': 'runs' },
    ExpressionAttributeValues: { ':done': out.done, ':at': new Date().toISOString(), ':one': 1, ...(out.cursor ? { ':cursor': out.cursor } : {}) },
  }));
  return { ...(await authoredProgress()), scanned: out.scanned, written: out.written };
}

/** Records a table made with this version (every comment and reaction filed as written) as done, unless progress is already kept. */
export const markAuthoredFresh = (): Promise<void> => markMigrationFresh(AUTHORED_PROGRESS_KEY);
