/**
 * The local host's data migrations, run at start-up before the gateway serves. A data folder made
 * by this version has nothing to migrate: it is marked done without a run. One that predates it
 * (its table was seeded before and keeps no progress of the migration) is migrated to the end, as
 * an operator's repeated invocations do on a stage (docs/operations.md).
 */
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Whether the table held data before this start: the seed's marker is there. */
export async function tableHasData(doc: DynamoDBDocumentClient, table: string): Promise<boolean> {
  const { Item } = await doc.send(new GetCommand({ TableName: table, Key: { pk: 'seed', sk: 'demo#v1' }, ConsistentRead: true }));
  return !!Item;
}

/** Runs the migrations a data folder needs; `existing`: the table held data before this start. */
export async function migrateDataFolder(existing: boolean, log: (line: string) => void = (line) => console.log(line)): Promise<void> {
  // Loaded once the environment points functions/db at the local table.
  const m = await import('../../functions/db/migrations/owner-kinds');
  const authored = await import('../../functions/db/migrations/authored');
  const unread = await import('../../functions/db/migrations/unread-index');
  if (!existing) {
    await m.markOwnerKindsFresh();
    await authored.markAuthoredFresh();
    await unread.markUnreadIndexFresh();
    return;
  }
  // Comments and reactions of a folder made before the per-author index, filed under their authors.
  await toTheEnd(authored.authoredProgress, authored.runAuthoredBackfill, log, (n) => `Filed ${n} comments and reactions under their authors.`);
  // Conversations of a folder made before the unread index, filed in it; the tallies' old sets taken off.
  await toTheEnd(unread.unreadIndexProgress, unread.runUnreadIndexBackfill, log, (n) => `Filed ${n} unread conversations and tallies in the unread index.`);
  const before = await m.ownerKindsProgress();
  if (before?.done) return;
  log('Migrating the data folder to owner keys that name the owner\'s kind…');
  const logger = { info: () => undefined, warn: (message: string, fields?: Record<string, unknown>) => log(`${message} ${JSON.stringify(fields ?? {})}`) };
  for (;;) {
    const out = await m.runOwnerKindsMigration({ deadline: Date.now() + 60_000, logger });
    if (!out.done) continue;
    log(`Migrated (${out.runs} run${out.runs === 1 ? '' : 's'}).`);
    if (out.collisions.length) log(`Pages holding a member's id, left as they were (see docs/operations.md): ${out.collisions.join(', ')}`);
    return;
  }
}

/** Runs a backfill (functions/db/migrations/scan-backfill.ts) to its end unless it is done already, saying what it wrote. */
async function toTheEnd(
  progress: () => Promise<{ done: boolean }>,
  run: (options: { deadline: number }) => Promise<{ done: boolean; written: number }>,
  log: (line: string) => void,
  said: (written: number) => string,
): Promise<void> {
  if ((await progress()).done) return;
  for (;;) {
    const out = await run({ deadline: Date.now() + 60_000 });
    if (!out.done) continue;
    if (out.written) log(said(out.written));
    return;
  }
}
