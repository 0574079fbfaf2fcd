/**
 * The record loop of the jobs the table's stream drives (functions/system/sweep-deleted.ts,
 * relist-plants.ts, both run by stream-dispatch.ts). Records are handled one at a time, in order;
 * the ones that fail are answered in `batchItemFailures` (ReportBatchItemFailures): Lambda
 * retries from the first of them, and
 * after its last attempt the mapping's on-failure queue keeps a note of the batch. A record the
 * remaining time would not cover is answered as failed without starting, so a slow batch is
 * retried rather than timed out.
 */
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { fromStreamImage } from '../db/stream';
import { logger } from '../lib/logger';

/** The item a record's new image holds; null for a removal or a record without one. */
export function newImageOf(record: DynamoDBRecord): Record<string, unknown> | null {
  const image = record.dynamodb?.NewImage;
  if (record.eventName === 'REMOVE' || !image) return null;
  return fromStreamImage(image);
}

export interface StreamJob<T> {
  /** What a record asks for; null for a record this job does not handle. */
  workOf: (record: DynamoDBRecord) => T | null;
  run: (work: T) => Promise<void>;
  /** Log fields that name the work of a failed record. */
  describe: (work: T) => Record<string, unknown>;
  /** The log message of a failed record. */
  failure: string;
}

/** A job bound to the record loop: handles one record, answering false when it failed (logged). */
export type RecordHandler = (record: DynamoDBRecord, sequenceNumber: string) => Promise<boolean>;

export function recordHandler<T>(job: StreamJob<T>): RecordHandler {
  return async (record, sequenceNumber) => {
    let work: T | null = null;
    try {
      work = job.workOf(record);
      if (work !== null) await job.run(work);
      return true;
    } catch (err) {
      logger.error(job.failure, { error: err as Error, sequenceNumber, ...(work === null ? {} : job.describe(work)) });
      return false;
    }
  };
}

/**
 * Hands each record, in order, to every handler; a record any of them failed is answered in
 * `batchItemFailures`. `settled` then runs for each record that will not come again: every
 * handler took it and no earlier record of the batch failed (Lambda redelivers from the first
 * failed record on). It runs once per delivery that gets this far; an invocation that fails as a
 * whole (a crash, the timeout) brings the whole batch again.
 */
export async function handleRecordsWith(
  event: DynamoDBStreamEvent,
  shortOfTime: () => boolean,
  handlers: readonly RecordHandler[],
  settled?: (record: DynamoDBRecord) => Promise<void>,
): Promise<DynamoDBBatchResponse> {
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
    let done = true;
    for (const handle of handlers) if (!(await handle(record, sequenceNumber))) done = false;
    if (!done) batchItemFailures.push({ itemIdentifier: sequenceNumber });
    else if (settled && !batchItemFailures.length) await settled(record);
  }
  if (batchItemFailures.length) logger.warn('stream records left for a retry', { failed: batchItemFailures.length, of: event.Records.length });
  return { batchItemFailures };
}

/** The loop of one job alone. */
export async function handleRecords<T>(event: DynamoDBStreamEvent, shortOfTime: () => boolean, job: StreamJob<T>): Promise<DynamoDBBatchResponse> {
  return handleRecordsWith(event, shortOfTime, [recordHandler(job)]);
}
