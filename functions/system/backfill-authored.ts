/**
 * The operator's job that files comments and reactions written before P7c under their author
 * (functions/db/migrations/authored.ts; docs/operations.md), so members' data exports hold them.
 * Invoked by hand: each invocation goes on from the progress saved in the table, stops two
 * minutes before its timeout and answers whether it is done; invoke it again until it answers
 * `"done": true`. `{ "again": true }` walks a done table once more (finding nothing to file).
 */
import type { Context } from 'aws-lambda';
import { runAuthoredBackfill } from '../db/migrations/authored';
import { logger } from '../lib/logger';

/** No page is started with less time than this left. */
const SAFETY_MS = 120_000;

export interface BackfillAnswer {
  done: boolean;
  runs: number;
  scanned: number;
  written: number;
}

export async function handler(event: { again?: boolean } | null, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<BackfillAnswer> {
  const deadline = Date.now() + (context ? Math.max(0, context.getRemainingTimeInMillis() - SAFETY_MS) : 60_000);
  const out = await runAuthoredBackfill({ deadline, again: event?.again === true });
  logger.info(out.done ? 'comments and reactions are all filed under their authors' : 'filing comments and reactions goes on in the next run', { scanned: out.scanned, written: out.written });
  return { done: out.done, runs: out.runs, scanned: out.scanned, written: out.written };
}
