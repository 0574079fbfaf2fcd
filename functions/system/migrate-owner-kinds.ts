/**
 * The operator's job that migrates a stage's table to owner keys that name the owner's kind
 * (functions/db/migrations/owner-kinds.ts; docs/operations.md). Invoked by hand, never on a
 * schedule: each invocation goes on from the progress saved in the table, stops two minutes
 * before its timeout, saves where it stopped and answers whether it is done, so the operator
 * invokes it again until it answers `"done": true`. `{ "again": true }` walks a done table once
 * more (finding nothing to change).
 */
import type { Context } from 'aws-lambda';
import { runOwnerKindsMigration } from '../db/migrations/owner-kinds';
import { logger } from '../lib/logger';

/** No item is started with less time than this left. */
const SAFETY_MS = 120_000;

export interface MigrationAnswer {
  done: boolean;
  runs: number;
  scanned: number;
  written: number;
  /** Pages whose id is a member's: left as they were, for the operator (docs/operations.md). */
  collisions: string[];
}

export async function handler(event: { again?: boolean } | null, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<MigrationAnswer> {
  const deadline = Date.now() + (context ? Math.max(0, context.getRemainingTimeInMillis() - SAFETY_MS) : 60_000);
  const out = await runOwnerKindsMigration({ deadline, logger, again: event?.again === true });
  return { done: out.done, runs: out.runs, scanned: out.scanned, written: out.written, collisions: out.collisions };
}
