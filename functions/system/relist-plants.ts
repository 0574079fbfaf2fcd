/**
 * The cloud's mover of plant listings (functions/listings/relist.ts). A change of a member's listing
 * place (they move, or turn "show me nearby" off or on) writes a job item in the same transaction
 * and, with `SWEEPS=stream` (functions/lib/deferred.ts), stops there. The table's stream brings
 * the stream dispatcher (functions/system/stream-dispatch.ts) every insert or change of a job item
 * (the event source mapping filters on it), and it hands them to this job, which moves the
 * member's listings to where the member is now, page by page. A page's listings move the same
 * way when the page's place changes (the job item says `ownerType: 'page'`).
 *
 * A run that is getting short of time stops between pages and saves its cursor on the job item;
 * that change is itself a stream record, so the next run resumes there. The run that finishes
 * deletes the job item (unless a newer move replaced it). Every step is idempotent, so a second
 * delivery finds nothing to move. The record loop, its retries and failures: stream-records.ts.
 * `handler` runs this job alone over a batch (the tests drive it so); the cloud runs it through
 * the dispatcher.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import type { RelistJobItem } from '../db/entities/relist-job';
import { db } from '../db/service';
import { logger } from '../lib/logger';
import { finishJob, relistPlantsOf, saveProgress } from '../listings/relist';
import { newImageOf, type StreamJob } from './stream-records';


/** The job a record hands over; null for a record that is not a job item's insert or change. */
function jobOf(record: DynamoDBRecord): RelistJobItem | null {
  const item = newImageOf(record);
  if (item?.__edb_e__ !== 'relistJob') return null;
  const { data } = db().entities.relistJob.parse({ Item: item });
  // A job written before every job named its owner's kind was a member's.
  return data?.userId && data.token ? ({ ...data, ownerType: data.ownerType ?? 'user' } as RelistJobItem) : null;
}

async function run(job: RelistJobItem, shouldStop: () => boolean): Promise<void> {
  const out = await relistPlantsOf(job.userId, { cursor: job.cursor ?? null, shouldStop }, job.ownerType);
  if (out.done) {
    await finishJob(job, job.token);
    logger.info('moved plant listings with their owner', { userId: job.userId, ownerType: job.ownerType, moved: out.moved, runs: job.runs + 1 });
    return;
  }
  await saveProgress(job, out.cursor);
  logger.info('moving plant listings continues in the next run', { userId: job.userId, moved: out.moved });
}

/** The job as the record loops take it; `shortOfTime` also stops a run between pages. */
export function relistPlantsJob(shortOfTime: () => boolean): StreamJob<RelistJobItem> {
  return {
    workOf: jobOf,
    run: (job) => run(job, shortOfTime),
    describe: (job) => ({ userId: job.userId }),
    failure: 'moving plant listings failed; the record will be retried',
  };
}
