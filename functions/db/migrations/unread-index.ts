/**
 * Moves the unread collections from sets on each tally item to the participants' unread index
 * (M5b in docs/data-model.md): files every participant with unread messages that is not muted
 * under `unread#<kind>#<id>` on gsi3, and takes the old sets (`convs`, `users`, `pages`) off the
 * tally items, where they would grow toward DynamoDB's 400 KB item limit. Each write is
 * conditional on what it found (a participant still unread and unmuted, and not filed yet), so
 * the writes of live conversations meanwhile, which keep the index themselves, are never undone;
 * two runs at once, or one run twice, write nothing more. Each carries the migration's marks
 * (marker.ts): the stream dispatcher does not take a re-filed participant or a tally for news.
 * The operator's job `backfill-unread` runs it (docs/operations.md); until it has run, a member's
 * unread collections leave out the conversations that were unread before the deploy (their
 * counts are right all along).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../client';
import { unreadPlace, type ParticipantType } from '../entities/conversation';
import { migrationMarks } from './marker';
import { backfillPass, backfillProgress, markBackfillFresh, runBackfill, type BackfillProgress, type PassOutcome, type ScanCursor } from './scan-backfill';

export const UNREAD_PROGRESS_KEY = { pk: 'migration#unread-index', sk: 'progress' } as const;

type Item = Record<string, unknown>;

/** A participant to file: unread, not muted, with no unread keys yet. */
async function fileParticipant(item: Item): Promise<boolean> {
  const keys = unreadPlace({ participantType: item.participantType as ParticipantType, participantId: String(item.participantId), conversationId: String(item.conversationId) });
  const marks = migrationMarks({ ...item, ...keys }, new Date().toISOString());
  await documentClient().send(new UpdateCommand({
    TableName: tableName(),
    Key: { pk: item.pk, sk: item.sk },
    UpdateExpression: 'SET #g = :g, #s = :s, #ma = :ma, #ms = :ms',
    ConditionExpression: 'attribute_exists(#pk) AND #u > :zero AND #m = :false AND attribute_not_exists(#g)',
    ExpressionAttributeNames: { '#g': 'gsi3pk', '#s': 'gsi3sk', '#ma': 'migratedAt', '#ms': 'migratedSig', '#pk': 'pk', '#u': 'unread', '#m': 'muted' },
    ExpressionAttributeValues: { ':g': keys.gsi3pk, ':s': keys.gsi3sk, ':ma': marks.migratedAt, ':ms': marks.migratedSig, ':zero': 0, ':false': false },
  }));
  return true;
}

/** A tally with the old sets: they go (its count stays). */
async function dropTallySets(item: Item): Promise<boolean> {
  const { convs: _c, users: _u, pages: _p, ...rest } = item;
  const marks = migrationMarks(rest, new Date().toISOString());
  await documentClient().send(new UpdateCommand({
    TableName: tableName(),
    Key: { pk: item.pk, sk: item.sk },
    UpdateExpression: 'SET #ma = :ma, #ms = :ms REMOVE #c, #us, #ps',
    ConditionExpression: 'attribute_exists(#pk)',
    ExpressionAttributeNames: { '#c': 'convs', '#us': 'users', '#ps': 'pages', '#ma': 'migratedAt', '#ms': 'migratedSig', '#pk': 'pk' },
    ExpressionAttributeValues: { ':ma': marks.migratedAt, ':ms': marks.migratedSig },
  }));
  return true;
}

const UNREAD_INDEX = {
  progressKey: UNREAD_PROGRESS_KEY,
  filter: {
    expression:
      '(#e = :participant AND #u > :zero AND #m = :false AND attribute_not_exists(#g)) OR (#e = :tally AND (attribute_exists(#c) OR attribute_exists(#us) OR attribute_exists(#ps)))',
    names: { '#e': '__edb_e__', '#u': 'unread', '#m': 'muted', '#g': 'gsi3pk', '#c': 'convs', '#us': 'users', '#ps': 'pages' },
    values: { ':participant': 'conversationParticipant', ':tally': 'messageTally', ':zero': 0, ':false': false },
  },
  write: (item: Item) => (item.__edb_e__ === 'messageTally' ? dropTallySets(item) : fileParticipant(item)),
};

/** One pass from `cursor` until the table ends or `deadline` passes. */
export const backfillUnreadIndex = (run: { cursor: ScanCursor | null; deadline: number; pageSize?: number }): Promise<PassOutcome> => backfillPass(UNREAD_INDEX, run);

export const unreadIndexProgress = (): Promise<BackfillProgress> => backfillProgress(UNREAD_PROGRESS_KEY);

/** One run from the saved progress (from the start when done and `again`), saving where it stopped. */
export const runUnreadIndexBackfill = (options: { deadline: number; again?: boolean }): Promise<BackfillProgress & { scanned: number; written: number }> => runBackfill(UNREAD_INDEX, options);

/** Records a table made with this version (every unread participant filed as written) as done, unless progress is already kept. */
export const markUnreadIndexFresh = (): Promise<void> => markBackfillFresh(UNREAD_INDEX);
