/**
 * The one reader of the table's stream in the cloud. DynamoDB Streams serve at most two readers
 * per shard before throttling them, so every job the stream drives shares one event source
 * mapping (its filter admits the union of what they need: infra/aws/jobs.ts) and this Lambda
 * hands each record, in order, to each of them:
 *   - the sweep of big deletions (sweep-deleted.ts): posts, users and pages marked deleted;
 *   - the mover of plant listings (relist-plants.ts): inserts and changes of job items;
 *   - the remover of deleted tags (tag-delete.ts): inserts and changes of its job items;
 *   - the search index of posts' words (post-words.ts): inserts and changes of posts;
 *   - wanted-list alerts (wanted-match.ts): inserts and changes of plant listings;
 *   - live delivery (functions/realtime/fanout.ts): inserts and changes of messages,
 *     notifications, message tallies, dates' attendance counts and page memberships, and new
 *     comments, sent to their members' open sockets (as `changed` frames for the last three)
 *     through API Gateway's management API (functions/realtime/cloud-sink.ts);
 *   - closing sockets: the removal of a connection item (`wsconn#<id>`: its session was revoked,
 *     its account deleted, or its TTL ran out) closes that connection (DeleteConnection). Request
 *     handlers only delete the item; none of them holds the management API.
 *
 * The jobs keep the record loop's semantics (stream-records.ts): each is idempotent, a record a
 * job failed is answered in `batchItemFailures` and comes again (with every later record of the
 * batch), a record the remaining time would not cover is answered without starting. A frame is
 * best effort: fan-out failures are logged and never fail a record (the client refetches over
 * REST after it reconnects); fan-out runs only for records that will not come again, so a retry
 * sends no frame twice. Closing is best effort the same way (API Gateway ends a connection after
 * 2 hours in any case).
 *
 * A data migration's own writes are not activity: a record whose new image is exactly as a
 * migration wrote it (functions/db/migrations/marker.ts) goes to no job and no socket, so a moved
 * message is no live frame and a re-keyed deleted item is not swept again.
 */
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { isMigrationWrite } from '../db/migrations/marker';
import { connectionIdOfKey } from '../db/entities/realtime';
import { fromStreamImage } from '../db/stream';
import { logger } from '../lib/logger';
import { cloudSink } from '../realtime/cloud-sink';
import { FANOUT_ENTITIES, FANOUT_ON_INSERT_ONLY, fanOutItems, type FrameSink, type LiveConnections } from '../realtime/fanout';
import { postWordsJob } from './post-words';
import { relistPlantsJob } from './relist-plants';
import { handleRecordsWith, newImageOf, recordHandler, type RecordHandler } from './stream-records';
import { sweepDeletedJob } from './sweep-deleted';
import { tagDeleteJob } from './tag-delete';
import { wantedMatchJob } from './wanted-match';

/** No record is started with less time than this left (the jobs' own margin). */
const SAFETY_MS = 60_000;

/** The jobs every record is offered to, in this order. */
export function streamJobs(shortOfTime: () => boolean): RecordHandler[] {
  return [recordHandler(sweepDeletedJob), recordHandler(relistPlantsJob(shortOfTime)), recordHandler(tagDeleteJob(shortOfTime)), recordHandler(postWordsJob), recordHandler(wantedMatchJob)];
}

/** The item a record hands the fan-out (its new image); null for other records. */
export function fanOutItemOf(record: DynamoDBRecord): Record<string, unknown> | null {
  if (record.eventName !== 'INSERT' && record.eventName !== 'MODIFY') return null;
  const item = newImageOf(record);
  if (!item || !(FANOUT_ENTITIES as readonly unknown[]).includes(item.__edb_e__)) return null;
  return record.eventName === 'MODIFY' && FANOUT_ON_INSERT_ONLY.includes(String(item.__edb_e__)) ? null : item;
}

/** The connection whose item a record removed; null for other records. */
export function closedConnectionOf(record: DynamoDBRecord): string | null {
  if (record.eventName !== 'REMOVE' || !record.dynamodb?.Keys) return null;
  return connectionIdOfKey(fromStreamImage(record.dynamodb.Keys).pk);
}

export interface DispatchOptions {
  shortOfTime: () => boolean;
  /** Where frames go, and how a connection is closed. */
  sink: FrameSink;
  /** The jobs (default: `streamJobs(shortOfTime)`). */
  jobs?: readonly RecordHandler[];
  /** The fan-out (default: functions/realtime/fanout.ts). */
  fanOut?: (items: Record<string, unknown>[], sink: FrameSink, live: LiveConnections) => Promise<void>;
}

/** Whether a record is a data migration's own write (its new image exactly as the migration wrote it). */
export function isMigrationRecord(record: DynamoDBRecord): boolean {
  return record.eventName !== 'REMOVE' && isMigrationWrite(newImageOf(record));
}

export async function dispatch(event: DynamoDBStreamEvent, options: DispatchOptions): Promise<DynamoDBBatchResponse> {
  const { shortOfTime, sink, fanOut = fanOutItems } = options;
  // Each member's live connections are read once for the batch: a send's message and its tally
  // are two records that reach the same sockets.
  const live: LiveConnections = new Map();
  const activity = event.Records.filter((record) => !isMigrationRecord(record));
  if (activity.length < event.Records.length) logger.debug('stream records of a data migration skipped', { skipped: event.Records.length - activity.length });
  return handleRecordsWith({ ...event, Records: activity }, shortOfTime, options.jobs ?? streamJobs(shortOfTime), async (record) => {
    const closed = closedConnectionOf(record);
    if (closed) {
      await sink.close(closed).catch((err: unknown) => logger.error('Closing a socket failed', { error: err as Error, connectionId: closed, sequenceNumber: record.dynamodb?.SequenceNumber }));
      return;
    }
    const item = fanOutItemOf(record);
    if (!item) return;
    try {
      await fanOut([item], sink, live);
    } catch (err) {
      logger.error('Realtime fan-out failed', { error: err as Error, entity: String(item.__edb_e__), sequenceNumber: record.dynamodb?.SequenceNumber });
    }
  });
}

export async function handler(event: DynamoDBStreamEvent, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<DynamoDBBatchResponse> {
  const shortOfTime = context ? () => context.getRemainingTimeInMillis() < SAFETY_MS : () => false;
  return dispatch(event, { shortOfTime, sink: cloudSink() });
}
