/**
 * Files comments and reactions written before P7c existed under their author on gsi1
 * (`authored#user#<id>`, docs/data-model.md), so a member's data export finds them. Walks the
 * table a page at a time (Scan, only those entities, only items without gsi1 keys) and gives each
 * the keys the entity writes today (entities/comment.ts builders), in a conditional update: an item
 * deleted meanwhile, or already filed, is left alone, so two runs at once, or one run twice, write
 * nothing more. Each write carries the migration's marks (marker.ts): the stream dispatcher does
 * not take a re-filed comment for a new one. The operator's job `backfill-authored` runs it.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../client';
import { authoredCommentReactionSk, authoredCommentSk, authoredPk, authoredPostReactionSk } from '../entities/comment';
import { migrationMarks } from './marker';
import { backfillPass, backfillProgress, markBackfillFresh, runBackfill, type BackfillProgress, type PassOutcome, type ScanBackfill, type ScanCursor } from './scan-backfill';

const ENTITIES = ['comment', 'postReaction', 'commentReaction'] as const;

export const AUTHORED_PROGRESS_KEY = { pk: 'migration#authored', sk: 'progress' } as const;

type Item = Record<string, unknown>;
export type AuthoredCursor = ScanCursor;
export type AuthoredOutcome = PassOutcome;

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

const names = Object.fromEntries(ENTITIES.map((e, i) => [`:e${i}`, e]));

/** The backfill (scan-backfill.ts): comments and reactions without gsi1 keys, each filed by a conditional update. */
const AUTHORED: ScanBackfill = {
  progressKey: AUTHORED_PROGRESS_KEY,
  filter: { expression: `#e IN (${Object.keys(names).join(', ')}) AND attribute_not_exists(#g)`, names: { '#e': '__edb_e__', '#g': 'gsi1pk' }, values: names },
  async write(item) {
    const keys = authoredKeysOf(item);
    if (!keys) return false;
    const marks = migrationMarks({ ...item, ...keys }, new Date().toISOString());
    await documentClient().send(new UpdateCommand({
      TableName: tableName(),
      Key: { pk: item.pk, sk: item.sk },
      UpdateExpression: 'SET #g = :g, #s = :s, #ma = :ma, #ms = :ms',
      ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#g)',
      ExpressionAttributeNames: { '#g': 'gsi1pk', '#s': 'gsi1sk', '#ma': 'migratedAt', '#ms': 'migratedSig', '#pk': 'pk' },
      ExpressionAttributeValues: { ':g': keys.gsi1pk, ':s': keys.gsi1sk, ':ma': marks.migratedAt, ':ms': marks.migratedSig },
    }));
    return true;
  },
};

/** One pass from `cursor` until the table ends or `deadline` passes (the next run goes on from the cursor). */
export const backfillAuthored = (run: { cursor: AuthoredCursor | null; deadline: number; pageSize?: number }): Promise<AuthoredOutcome> => backfillPass(AUTHORED, run);

export type AuthoredProgress = BackfillProgress;

export const authoredProgress = (): Promise<AuthoredProgress> => backfillProgress(AUTHORED_PROGRESS_KEY);

/** One run from the saved progress (from the start when done and `again`), saving where it stopped. */
export const runAuthoredBackfill = (options: { deadline: number; again?: boolean }): Promise<AuthoredProgress & { scanned: number; written: number }> => runBackfill(AUTHORED, options);

/** Records a table made with this version (every comment and reaction filed as written) as done, unless progress is already kept. */
export const markAuthoredFresh = (): Promise<void> => markBackfillFresh(AUTHORED);
