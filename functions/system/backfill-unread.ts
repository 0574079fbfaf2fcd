/**
 * The operator's job that files the participants with unread, unmuted messages in the unread
 * index and takes the old unread sets off the tallies (functions/db/migrations/unread-index.ts;
 * docs/operations.md). Invoked by hand once after the deploy that brought the index: each
 * invocation goes on from the progress saved in the table, stops two minutes before its timeout
 * and answers whether it is done; invoke it again until it answers `"done": true`.
 * `{ "again": true }` walks a done table once more (finding nothing to write).
 */
import type { Context } from 'aws-lambda';
import { runUnreadIndexBackfill } from '../db/migrations/unread-index';
import { logger } from '../lib/logger';
import type { BackfillAnswer } from './backfill-authored';

/** No page is started with less time than this left. */
const SAFETY_MS = 120_000;

export async function handler(event: { again?: boolean } | null, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<BackfillAnswer> {
  const deadline = Date.now() + (context ? Math.max(0, context.getRemainingTimeInMillis() - SAFETY_MS) : 60_000);
  const out = await runUnreadIndexBackfill({ deadline, again: event?.again === true });
  logger.info(out.done ? 'every unread conversation is in the unread index' : 'filing unread conversations goes on in the next run', { scanned: out.scanned, written: out.written });
  return { done: out.done, runs: out.runs, scanned: out.scanned, written: out.written };
}
