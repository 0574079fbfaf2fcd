/**
 * The cloud's mover of plant listings (functions/posts/relist.ts). A change of a member's listing
 * place (they move, or turn "show me nearby" off or on) writes a job item in the same transaction
 * and, with `SWEEPS=stream` (functions/lib/deferred.ts), stops there. The table's stream brings
 * this Lambda every insert or change of a job item (the event source mapping filters on it), and
 * it moves the member's listings to where the member is now, page by page.
 *
 * A run that is getting short of time stops between pages and saves its cursor on the job item;
 * that change is itself a stream record, so the next run resumes there. The run that finishes
 * deletes the job item (unless a newer move replaced it). Every step is idempotent, so a second
 * delivery finds nothing to move. Records are handled one at a time, in order; a failing one is
 * answered in `batchItemFailures` (ReportBatchItemFailures), retried by Lambda, and noted in the
 * mapping's on-failure queue after its last attempt. A record the remaining time would not cover
 * is answered as failed without starting.
 */
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { RelistJobItem } from '../db/entities/relist-job';
import { db } from '../db/service';
import { logger } from '../lib/logger';
import { finishJob, relistPlantsOf, saveProgress } from '../posts/relist';

/** No record or page is started with less time than this left. */
const SAFETY_MS = 60_000;

/** The job a record hands over; null for a record that is not a job item's insert or change. */
function jobOf(record: DynamoDBRecord): RelistJobItem | null {
  const image = record.dynamodb?.NewImage;
  if (record.eventName === 'REMOVE' || !image) return null;
  const item = unmarshall(image as Record<string, AttributeValue>);
  if (item.__edb_e__ !== 'relistJob') return null;
  const { data } = db().entities.relistJob.parse({ Item: item });
  return data?.userId && data.token ? (data as RelistJobItem) : null;
}

async function run(job: RelistJobItem, shouldStop: () => boolean): Promise<void> {
  const out = await relistPlantsOf(job.userId, { cursor: job.cursor ?? null, shouldStop });
  if (out.done) {
    await finishJob(job.userId, job.token);
    logger.info('moved plant listings with their owner', { userId: job.userId, moved: out.moved, runs: job.runs + 1 });
    return;
  }
  await saveProgress(job, out.cursor);
  logger.info('moving plant listings continues in the next run', { userId: job.userId, moved: out.moved });
}

export async function handler(event: DynamoDBStreamEvent, context: Pick<Context, 'getRemainingTimeInMillis'>): Promise<DynamoDBBatchResponse> {
  const shortOfTime = () => context.getRemainingTimeInMillis() < SAFETY_MS;
  const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const sequenceNumber = record.dynamodb?.SequenceNumber;
    if (!sequenceNumber) {
      logger.error('stream record without a sequence number; skipped', { eventID: record.eventID });
      continue;
    }
    if (shortOfTime()) {
      batchItemFailures.push({ itemIdentifier: sequenceNumber });
      continue;
    }
    let job: RelistJobItem | null = null;
    try {
      job = jobOf(record);
      if (!job) continue;
      await run(job, shortOfTime);
    } catch (err) {
      logger.error('moving plant listings failed; the record will be retried', { error: err as Error, sequenceNumber, userId: job?.userId });
      batchItemFailures.push({ itemIdentifier: sequenceNumber });
    }
  }
  if (batchItemFailures.length) logger.warn('stream records left for a retry', { failed: batchItemFailures.length, of: event.Records.length });
  return { batchItemFailures };
}
