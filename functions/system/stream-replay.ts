/**
 * Replaying the notes of the stream jobs' on-failure queues (infra/aws/stream-jobs.ts). When the
 * event source mapping gives a batch up, its queue receives a note of where the batch was (the
 * shard, the first and last sequence numbers, the stream's ARN, how many records), never the
 * records: redriving the queue would resend nothing. The stream keeps its records 24 hours; while
 * they are there, this reads them again and hands them, as the mapping would have, to the job
 * that gave them up.
 *
 * For each note: its shape is checked (a note it cannot read is refused and stays in the queue);
 * a note older than the stream's window, or whose records the stream has trimmed, is lost (kept in
 * the queue unless the run says `dropLost`, logged in full either way); otherwise the records from
 * the first to the last sequence number are read (an AT_SEQUENCE_NUMBER iterator on the shard),
 * those the mapping's filters admit are handed on in the mapping's batch size, and the note is
 * deleted only once the job answered every record done. A job that fails leaves the note in the
 * queue for the next run. The jobs are idempotent, so a note replayed twice does no harm.
 *
 * Everything AWS is behind the interfaces below (stream-replay-aws.ts implements them; the tests
 * hand in DynamoDB Local's stream and an in-memory queue).
 */
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../lib/logger';

/** How long DynamoDB Streams keep a record. */
export const STREAM_RETENTION_MS = 24 * 3_600_000;

/** Where a given up batch was: the `DDBStreamBatchInfo` of a note. */
export interface StreamBatchInfo {
  shardId: string;
  startSequenceNumber: string;
  endSequenceNumber: string;
  approximateArrivalOfFirstRecord: string;
  approximateArrivalOfLastRecord: string;
  batchSize: number;
  streamArn: string;
}

/** The note Lambda sends an SQS on-failure destination for a DynamoDB stream batch it gave up. */
export interface FailureNote {
  requestContext: { requestId: string; functionArn: string; condition: string; approximateInvokeCount: number };
  responseContext: { statusCode?: number; executedVersion?: string; functionError?: string };
  version: string;
  timestamp: string;
  DDBStreamBatchInfo: StreamBatchInfo;
}

export type ParsedNote = { ok: true; note: FailureNote } | { ok: false; reason: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** DynamoDB Streams' sequence numbers: 21 to 40 digits. */
/** The most records Lambda hands a function from a DynamoDB stream at once. */
const MAX_STREAM_BATCH = 10_000;
const SEQUENCE = /^\d{21,40}$/;
const isTime = (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v));

/** Reads a note's body, refusing anything that is not exactly a DynamoDB stream batch's note. */
export function parseFailureNote(body: string): ParsedNote {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  if (!isObject(value)) return { ok: false, reason: 'not an object' };
  const { requestContext: request, responseContext: response, DDBStreamBatchInfo: info } = value;
  if (!isObject(request)) return { ok: false, reason: 'no requestContext' };
  if (typeof request.functionArn !== 'string' || !/^arn:[^:]+:lambda:[^:]*:\d*:function:[^:]+/.test(request.functionArn)) return { ok: false, reason: 'requestContext.functionArn is not a function\'s ARN' };
  if (typeof request.requestId !== 'string' || typeof request.condition !== 'string') return { ok: false, reason: 'requestContext lacks requestId or condition' };
  if (!Number.isInteger(request.approximateInvokeCount)) return { ok: false, reason: 'requestContext.approximateInvokeCount is not a number' };
  if (response !== undefined && !isObject(response)) return { ok: false, reason: 'responseContext is not an object' };
  if (typeof value.version !== 'string' || !isTime(value.timestamp)) return { ok: false, reason: 'no version or timestamp' };
  if (!isObject(info)) return { ok: false, reason: 'no DDBStreamBatchInfo (not a DynamoDB stream\'s note)' };
  if (typeof info.shardId !== 'string' || !info.shardId) return { ok: false, reason: 'DDBStreamBatchInfo.shardId is missing' };
  for (const key of ['startSequenceNumber', 'endSequenceNumber'] as const) {
    if (typeof info[key] !== 'string' || !SEQUENCE.test(info[key])) return { ok: false, reason: `DDBStreamBatchInfo.${key} is not a sequence number` };
  }
  if (BigInt(info.startSequenceNumber as string) > BigInt(info.endSequenceNumber as string)) return { ok: false, reason: 'the batch ends before it starts' };
  if (!isTime(info.approximateArrivalOfFirstRecord) || !isTime(info.approximateArrivalOfLastRecord)) return { ok: false, reason: 'DDBStreamBatchInfo lacks its arrival times' };
  // Lambda's largest batch from a stream (the bound on what is read again follows from it).
  if (!Number.isInteger(info.batchSize) || (info.batchSize as number) < 1 || (info.batchSize as number) > MAX_STREAM_BATCH) {
    return { ok: false, reason: `DDBStreamBatchInfo.batchSize is not a number of 1 to ${MAX_STREAM_BATCH}` };
  }
  if (typeof info.streamArn !== 'string' || !/^arn:[^:]+:dynamodb:[^:]*:\d*:table\/[^/]+\/stream\/.+/.test(info.streamArn)) return { ok: false, reason: 'DDBStreamBatchInfo.streamArn is not a table stream\'s ARN' };
  return { ok: true, note: value as unknown as FailureNote };
}

/** A function ARN's name (`arn:aws:lambda:r:a:function:name[:qualifier]` → `name`). */
export function functionNameOf(arn: string): string {
  return arn.split(':')[6] ?? '';
}

// ---- what the replay needs of AWS ---------------------------------------------------------------

/** A note as received from its queue. */
export interface QueuedNote {
  id: string;
  body: string;
  /** What deleting it takes. */
  receipt: string;
}

/** The on-failure queue: receiving hides a note from other receivers until deleted or the visibility runs out. */
export interface NoteQueue {
  receive(max: number, visibilitySeconds: number): Promise<QueuedNote[]>;
  delete(receipt: string): Promise<void>;
}

/** The stream's records read from a position. */
export interface StreamReader {
  /** An iterator at exactly `sequenceNumber` (AT_SEQUENCE_NUMBER). */
  iteratorAt(streamArn: string, shardId: string, sequenceNumber: string): Promise<string>;
  /** The records from `iterator` on, and the next iterator (null once a closed shard ends). */
  records(iterator: string): Promise<{ records: DynamoDBRecord[]; next: string | null }>;
}

/** Raised by a reader when the stream no longer holds what was asked (trimmed, expired, or its shard gone). */
export class StreamTrimmed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StreamTrimmed';
  }
}

/** The stream errors that mean the records are gone. */
export const TRIMMED_ERRORS: readonly string[] = ['TrimmedDataAccessException', 'ExpiredIteratorException', 'ResourceNotFoundException'];

/** Runs the job on an event as its mapping would (its function's answer). */
export type StreamJobRunner = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>;

/** One kind of change the job's mapping passes on (infra/aws/jobs.ts `StreamFilter`, as data). */
export interface ReplayFilter {
  events: readonly string[];
  entities: readonly string[];
  newImageHas: readonly string[];
  keyPrefix?: string;
}

/** A stream job and its on-failure queue. */
export interface ReplayTarget {
  job: string;
  /** The job's function: a note naming another is refused. */
  functionName: string;
  /** The table's stream: a note naming another is refused. */
  streamArn: string;
  filters: readonly ReplayFilter[];
  /** Records per invocation of the job (its mapping's). */
  batchSize: number;
  queue: NoteQueue;
  run: StreamJobRunner;
}

// ---- the replay -----------------------------------------------------------------------------------

/** Whether the job's mapping passes a record on (Lambda's event filtering, as infra/aws/stream-jobs.ts writes it). */
export function admits(record: DynamoDBRecord, filters: readonly ReplayFilter[]): boolean {
  const image = record.dynamodb?.NewImage as Record<string, { S?: string }> | undefined;
  const pk = (record.dynamodb?.Keys as Record<string, { S?: string }> | undefined)?.pk?.S;
  return filters.some((filter) => {
    if (!record.eventName || !filter.events.includes(record.eventName)) return false;
    if (filter.entities.length && !filter.entities.includes(image?.__edb_e__?.S ?? '')) return false;
    if (filter.newImageHas.some((attribute) => typeof image?.[attribute]?.S !== 'string')) return false;
    if (filter.keyPrefix && !(pk ?? '').startsWith(filter.keyPrefix)) return false;
    return true;
  });
}

/** Empty reads of an open shard before a batch whose end was not met is given up for this run. */
const EMPTY_READS = 10;

/** The records of a batch, first to last sequence number; StreamTrimmed when the stream no longer holds them. */
export async function readBatch(reader: StreamReader, info: StreamBatchInfo): Promise<DynamoDBRecord[]> {
  const start = BigInt(info.startSequenceNumber);
  const end = BigInt(info.endSequenceNumber);
  const out: DynamoDBRecord[] = [];
  let iterator: string | null = await reader.iteratorAt(info.streamArn, info.shardId, info.startSequenceNumber);
  let empty = 0;
  while (iterator) {
    const page: { records: DynamoDBRecord[]; next: string | null } = await reader.records(iterator);
    if (!page.records.length && ++empty > EMPTY_READS) throw new Error('the stream did not reach the batch\'s last record');
    for (const record of page.records) {
      const sequence = BigInt(record.dynamodb?.SequenceNumber ?? '-1');
      // The window moved past the batch's first record: what is left is not the batch.
      if (!out.length && sequence > start) throw new StreamTrimmed(`the shard now starts after the batch's first record (${info.startSequenceNumber})`);
      if (sequence > end) return out;
      out.push({ ...record, eventSourceARN: info.streamArn });
      if (sequence === end) return out;
      // The range also holds the records the mapping's filters left out, so it may be longer than
      // the batch; but not without bound: a forged note cannot replay a whole shard.
      if (out.length >= Math.max(info.batchSize * 100, 10_000)) throw new Error(`the batch read again runs far past its note's ${info.batchSize} records`);
    }
    iterator = page.next;
  }
  throw new StreamTrimmed('the shard ended before the batch\'s last record');
}

export type NoteOutcome = 'replayed' | 'lost' | 'failed' | 'refused';

export interface ReplayOptions {
  /** The time (epoch ms) after which no note is started. */
  deadline: number;
  /** Delete lost notes (after logging them) rather than keep them in the queue. */
  dropLost?: boolean;
  now?: () => number;
}

/** Hands the records to the job, in order, in its batch size; false once a batch is not all done. */
async function runBatches(target: ReplayTarget, records: DynamoDBRecord[]): Promise<boolean> {
  for (let i = 0; i < records.length; i += target.batchSize) {
    const out = await target.run({ Records: records.slice(i, i + target.batchSize) });
    if (out?.batchItemFailures?.length) return false;
  }
  return true;
}

/** Replays one note (see above); answers what became of it and how many records went to the job. */
export async function replayNote(target: ReplayTarget, reader: StreamReader, queued: QueuedNote, options: ReplayOptions): Promise<{ outcome: NoteOutcome; records: number }> {
  const now = options.now ?? Date.now;
  const parsed = parseFailureNote(queued.body);
  if (!parsed.ok) {
    logger.error('a note of the stream\'s failure queue was refused; it stays in the queue', { job: target.job, messageId: queued.id, reason: parsed.reason, body: queued.body.slice(0, 2000) });
    return { outcome: 'refused', records: 0 };
  }
  const { note } = parsed;
  const info = note.DDBStreamBatchInfo;
  const noted = { job: target.job, messageId: queued.id, ...info, condition: note.requestContext.condition };
  if (functionNameOf(note.requestContext.functionArn) !== target.functionName || info.streamArn !== target.streamArn) {
    logger.error('a note names another function or stream than its queue\'s job; it stays in the queue', { ...noted, functionArn: note.requestContext.functionArn });
    return { outcome: 'refused', records: 0 };
  }
  const lost = async (why: string) => {
    logger.error(`a given up stream batch is lost: ${why}`, { ...noted, kept: !options.dropLost });
    if (options.dropLost) await target.queue.delete(queued.receipt);
    return { outcome: 'lost' as const, records: 0 };
  };
  if (now() - Date.parse(info.approximateArrivalOfFirstRecord) > STREAM_RETENTION_MS) return lost('older than the stream keeps records');

  let records: DynamoDBRecord[];
  try {
    records = (await readBatch(reader, info)).filter((record) => admits(record, target.filters));
  } catch (err) {
    if (err instanceof StreamTrimmed) return lost(err.message);
    logger.error('reading a given up batch failed; its note stays in the queue', { ...noted, error: err as Error });
    return { outcome: 'failed', records: 0 };
  }
  if (records.length !== info.batchSize) logger.warn('the batch read again differs in size from its note', { ...noted, read: records.length });
  try {
    if (!(await runBatches(target, records))) {
      logger.error('the job failed records of a replayed batch; its note stays in the queue', noted);
      return { outcome: 'failed', records: records.length };
    }
  } catch (err) {
    logger.error('the job failed on a replayed batch; its note stays in the queue', { ...noted, error: err as Error });
    return { outcome: 'failed', records: records.length };
  }
  await target.queue.delete(queued.receipt);
  logger.info('replayed a given up stream batch', { ...noted, records: records.length });
  return { outcome: 'replayed', records: records.length };
}

export interface ReplayAnswer {
  /** Whether the run went through every note the queue showed (not cut short by its deadline). */
  done: boolean;
  /** Notes whose records the job took: deleted from the queue. */
  replayed: number;
  /** Records handed to the job (of replayed and failed notes). */
  records: number;
  /** Notes whose records the stream no longer holds (kept in the queue unless `dropLost`). */
  lost: number;
  /** Notes the job (or reading the stream) failed: kept for the next run. */
  failed: number;
  /** Notes not understood, or naming another function or stream: kept in the queue. */
  refused: number;
}

export const emptyAnswer = (): ReplayAnswer => ({ done: true, replayed: 0, records: 0, lost: 0, failed: 0, refused: 0 });

/** Notes received at once (SQS's most). */
const RECEIVE_MAX = 10;

/**
 * Replays every note of a job's queue, ten at a time, until the queue shows none or the deadline
 * passes. Each note received stays hidden from the run's later receives (the visibility lasts
 * until the deadline), so a kept note is met once per run.
 */
export async function replayQueue(target: ReplayTarget, reader: StreamReader, options: ReplayOptions): Promise<ReplayAnswer> {
  const now = options.now ?? Date.now;
  const answer = emptyAnswer();
  for (;;) {
    if (now() >= options.deadline) return { ...answer, done: false };
    const visibility = Math.min(43_200, Math.max(60, Math.ceil((options.deadline - now()) / 1000) + 60));
    const notes = await target.queue.receive(RECEIVE_MAX, visibility);
    if (!notes.length) return answer;
    for (const queued of notes) {
      if (now() >= options.deadline) return { ...answer, done: false };
      const { outcome, records } = await replayNote(target, reader, queued, options);
      answer[outcome] += 1;
      answer.records += records;
    }
  }
}
