/**
 * Replaying the stream's failure queue (functions/system/stream-replay.ts) against DynamoDB
 * Local's own stream: a table of this file's own, made as the local host makes its table but with
 * its stream on (new images, as in the cloud), in the test host's DynamoDB Local. A post made over
 * HTTP is copied into it (an INSERT on its stream, after an item no filter admits); a note of that
 * batch, shaped as Lambda writes it to an SQS on-failure destination, is replayed through the
 * dispatcher in-process (the cloud's job invokes its function instead). The queue is in memory:
 * there is no local SQS.
 */
import { randomUUID } from 'node:crypto';
import { DescribeTableCommand, DynamoDBClient, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { STREAM_JOBS } from '../../infra/aws/jobs';
import { ensureTable } from '../../infra/local/provision';
import type * as Replay from '../../functions/system/stream-replay';
import type { FailureNote, NoteQueue, QueuedNote, ReplayTarget, StreamJobRunner, StreamReader } from '../../functions/system/stream-replay';
import type * as ReplayAws from '../../functions/system/stream-replay-aws';
import { newPost } from '../support/content';
import { getItem } from '../support/db';
import { useHostTable } from '../support/host-env';
import { registeredUser } from '../support/users';

/** The queue's notes, as SQS keeps them: a received note is hidden until deleted or shown again. */
class MemoryQueue implements NoteQueue {
  private readonly notes = new Map<string, { body: string; hidden: boolean }>();
  send(body: string): void {
    this.notes.set(randomUUID(), { body, hidden: false });
  }
  async receive(max: number): Promise<QueuedNote[]> {
    const out: QueuedNote[] = [];
    for (const [id, note] of this.notes) {
      if (out.length === max) break;
      if (note.hidden) continue;
      note.hidden = true;
      out.push({ id, body: note.body, receipt: `r-${id}` });
    }
    return out;
  }
  async delete(receipt: string): Promise<void> {
    this.notes.delete(receipt.slice(2));
  }
  /** The visibility ran out: every note kept shows again. */
  showAll(): void {
    for (const note of this.notes.values()) note.hidden = false;
  }
  get size(): number {
    return this.notes.size;
  }
}

const DISPATCH = STREAM_JOBS[0];
const FUNCTION = 'leafline-dev-StreamDispatch-1A2B3C';
const TABLE = `replay-${randomUUID().slice(0, 8)}`;

let ddb: DynamoDBClient;
let doc: DynamoDBDocumentClient;
let streamArn: string;
let shardId: string;
let replay: typeof Replay;
let aws: typeof ReplayAws;

/** Every record the table's stream holds now (its one shard, from the horizon). */
async function streamRecords(): Promise<DynamoDBRecord[]> {
  const call = aws.awsJsonCaller({ endpoint: inject('dynamoEndpoint'), region: 'us-east-1', signingName: 'dynamodb', targetPrefix: 'DynamoDBStreams_20120810' });
  const described = await call<{ StreamDescription: { Shards: { ShardId: string }[] } }>('DescribeStream', { StreamArn: streamArn });
  const out: DynamoDBRecord[] = [];
  for (const shard of described.StreamDescription.Shards) {
    shardId = shard.ShardId;
    let { ShardIterator: iterator } = await call<{ ShardIterator?: string }>('GetShardIterator', { StreamArn: streamArn, ShardId: shard.ShardId, ShardIteratorType: 'TRIM_HORIZON' });
    for (let empty = 0; iterator && empty < 2; ) {
      const page = await call<{ Records?: DynamoDBRecord[]; NextShardIterator?: string }>('GetRecords', { ShardIterator: iterator });
      if (!page.Records?.length) empty++;
      out.push(...(page.Records ?? []));
      iterator = page.NextShardIterator;
    }
  }
  return out;
}

const sequenceOf = (record: DynamoDBRecord) => record.dynamodb!.SequenceNumber!;
const arrivalOf = (record: DynamoDBRecord) => new Date(Number(record.dynamodb!.ApproximateCreationDateTime) * 1000).toISOString().replace(/\.\d+Z$/, 'Z');

/** A note of the batch `first`..`last`, exactly as Lambda sends it to an SQS on-failure destination. */
function noteOf(first: DynamoDBRecord, last: DynamoDBRecord, batchSize: number): FailureNote {
  return {
    requestContext: { requestId: randomUUID(), functionArn: `arn:aws:lambda:us-east-1:123456789012:function:${FUNCTION}`, condition: 'RetryAttemptsExhausted', approximateInvokeCount: 5 },
    responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
    version: '1.0',
    timestamp: new Date().toISOString(),
    DDBStreamBatchInfo: {
      shardId,
      startSequenceNumber: sequenceOf(first),
      endSequenceNumber: sequenceOf(last),
      approximateArrivalOfFirstRecord: arrivalOf(first),
      approximateArrivalOfLastRecord: arrivalOf(last),
      batchSize,
      streamArn,
    },
  };
}

/** The dispatcher's target, run in-process (no sockets here), on `queue`. */
async function targetOn(queue: MemoryQueue, run?: StreamJobRunner): Promise<ReplayTarget> {
  const { dispatch } = await import('../../functions/system/stream-dispatch');
  const sink = { send: async () => 'sent' as const, close: async () => undefined };
  return {
    job: DISPATCH.name,
    functionName: FUNCTION,
    streamArn,
    filters: DISPATCH.trigger.filters,
    batchSize: DISPATCH.trigger.batchSize,
    queue,
    run: run ?? ((event: DynamoDBStreamEvent) => dispatch(event, { shortOfTime: () => false, sink })),
  };
}

const options = () => ({ deadline: Date.now() + 60_000 });
const partition = async (pk: string) => (await doc.send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } }))).Items ?? [];

beforeAll(async () => {
  useHostTable();
  ddb = new DynamoDBClient({ endpoint: inject('dynamoEndpoint'), region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
  doc = DynamoDBDocumentClient.from(ddb);
  await ensureTable(ddb, TABLE);
  await ddb.send(new UpdateTableCommand({ TableName: TABLE, StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' } }));
  streamArn = (await ddb.send(new DescribeTableCommand({ TableName: TABLE }))).Table!.LatestStreamArn!;
  // The jobs write to this file's table.
  process.env.TABLE_NAME = TABLE;
  replay = await import('../../functions/system/stream-replay');
  aws = await import('../../functions/system/stream-replay-aws');
});

describe('replaying the stream\'s failure queue', () => {
  it('reads a given up batch again from the stream, hands the job what its mapping admits, deletes the note once done, and a second replay writes nothing', async () => {
    const author = await registeredUser();
    const post = await newPost(author, { text: `Replayed cuttings of a ${randomUUID().slice(0, 6)} fern` });
    const item = (await getItem(`post#${post.id}`, 'post'))!;
    // An item no filter admits, then the post: one batch of the mapping holds the post alone.
    await doc.send(new PutCommand({ TableName: TABLE, Item: { pk: `other#${post.id}`, sk: 'other', note: 'not for the jobs' } }));
    await doc.send(new PutCommand({ TableName: TABLE, Item: item }));
    const records = await streamRecords();
    const other = records.find((r) => r.dynamodb?.Keys?.pk?.S === `other#${post.id}`)!;
    const inserted = records.find((r) => r.dynamodb?.Keys?.pk?.S === `post#${post.id}` && r.eventName === 'INSERT')!;
    expect([other, inserted].every(Boolean)).toBe(true);
    const note = noteOf(other, inserted, 1);
    expect(replay.parseFailureNote(JSON.stringify(note))).toEqual({ ok: true, note });

    // Before: the post's words are not indexed in this table (the stream job never ran here).
    const words = `search#post#${post.id}`;
    expect(await partition(words)).toEqual([]);

    const queue = new MemoryQueue();
    queue.send(JSON.stringify(note));
    const handed: DynamoDBRecord[][] = [];
    const target = await targetOn(queue);
    const dispatch = target.run;
    target.run = async (event) => {
      handed.push(event.Records);
      return dispatch(event);
    };
    const reader = aws.dynamoStreamReader(inject('dynamoEndpoint'));
    expect(await replay.replayQueue(target, reader, options())).toEqual({ done: true, replayed: 1, records: 1, lost: 0, failed: 0, refused: 0 });
    expect(queue.size).toBe(0);
    // The post's record alone, as the mapping hands it (with the stream's ARN).
    expect(handed).toHaveLength(1);
    expect(handed[0]!.map(sequenceOf)).toEqual([sequenceOf(inserted)]);
    expect(handed[0]![0]!.eventSourceARN).toBe(streamArn);

    // The job's effect: the post's words and their marker, at the post's version.
    const indexed = await partition(words);
    expect(indexed.find((i) => i.sk === 'searchw')).toMatchObject({ version: item.version, words: expect.arrayContaining(['replayed', 'cuttings']) });
    expect(indexed.filter((i) => String(i.sk).startsWith('searchw#')).length).toBeGreaterThan(1);

    // Again (the same note sent twice): replayed, and nothing is written (no new stream record).
    const before = (await streamRecords()).length;
    queue.send(JSON.stringify(note));
    expect(await replay.replayQueue(target, reader, options())).toEqual({ done: true, replayed: 1, records: 1, lost: 0, failed: 0, refused: 0 });
    expect(queue.size).toBe(0);
    expect((await streamRecords()).length).toBe(before);
    expect(await partition(words)).toEqual(indexed);
    expect((await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: `post#${post.id}`, sk: 'post' } }))).Item).toEqual(item);
  });

  it('refuses notes it cannot read, or that name another function or stream, and keeps them in the queue without running the job', async () => {
    const records = await streamRecords();
    const good = noteOf(records[0]!, records[0]!, 1);
    const bodies = [
      'not json',
      JSON.stringify({ ...good, DDBStreamBatchInfo: { ...good.DDBStreamBatchInfo, startSequenceNumber: undefined } }),
      JSON.stringify({ ...good, DDBStreamBatchInfo: { ...good.DDBStreamBatchInfo, batchSize: 0 } }),
      // A batch larger than Lambda hands out: it would lift the bound on what is read again.
      JSON.stringify({ ...good, DDBStreamBatchInfo: { ...good.DDBStreamBatchInfo, batchSize: 100_000_000 } }),
      JSON.stringify({ ...good, DDBStreamBatchInfo: { ...good.DDBStreamBatchInfo, startSequenceNumber: '900000000000000000000', endSequenceNumber: '100000000000000000000' } }),
      JSON.stringify({ ...good, DDBStreamBatchInfo: { ...good.DDBStreamBatchInfo, startSequenceNumber: '1', endSequenceNumber: '1' } }),
      // A Kinesis stream's note.
      JSON.stringify({ requestContext: good.requestContext, responseContext: good.responseContext, version: '1.0', timestamp: good.timestamp, KinesisBatchInfo: { shardId: 'shardId-000000000000' } }),
      JSON.stringify({ ...good, requestContext: { ...good.requestContext, functionArn: 'arn:aws:lambda:us-east-1:123456789012:function:another-job' } }),
      JSON.stringify({ ...good, DDBStreamBatchInfo: { ...good.DDBStreamBatchInfo, streamArn: 'arn:aws:dynamodb:us-east-1:123456789012:table/other/stream/2025-01-01T00:00:00.000' } }),
    ];
    expect(bodies.slice(0, 7).map((b) => replay.parseFailureNote(b).ok)).toEqual([false, false, false, false, false, false, false]);
    const queue = new MemoryQueue();
    for (const body of bodies) queue.send(body);
    const run = vi.fn<StreamJobRunner>(async () => ({ batchItemFailures: [] }));
    expect(await replay.replayQueue(await targetOn(queue, run), aws.dynamoStreamReader(inject('dynamoEndpoint')), options())).toEqual({ done: true, replayed: 0, records: 0, lost: 0, failed: 0, refused: bodies.length });
    expect(run).not.toHaveBeenCalled();
    expect(queue.size).toBe(bodies.length);
  });

  it('counts a batch the stream no longer holds as lost, keeping its note (or deleting it with dropLost), and keeps the note of a batch the job failed', async () => {
    // The post's insert (the first test's): a record the dispatcher's mapping admits.
    const last = (await streamRecords()).find((r) => r.dynamodb?.NewImage?.__edb_e__?.S === 'post')!;
    const good = noteOf(last, last, 1);
    // Past the stream's 24 hours.
    const old = { ...good, DDBStreamBatchInfo: { ...good.DDBStreamBatchInfo, approximateArrivalOfFirstRecord: new Date(Date.now() - 25 * 3_600_000).toISOString() } };
    // A shard the stream no longer has (removed 24 hours after it closed).
    const trimmed = { ...good, DDBStreamBatchInfo: { ...good.DDBStreamBatchInfo, shardId: 'shardId-00000001700000000000-00000000' } };
    const run = vi.fn<StreamJobRunner>(async () => ({ batchItemFailures: [] }));
    const reader = aws.dynamoStreamReader(inject('dynamoEndpoint'));

    const queue = new MemoryQueue();
    queue.send(JSON.stringify(old));
    queue.send(JSON.stringify(trimmed));
    expect(await replay.replayQueue(await targetOn(queue, run), reader, options())).toMatchObject({ replayed: 0, lost: 2, failed: 0, refused: 0 });
    expect(run).not.toHaveBeenCalled();
    expect(queue.size).toBe(2);
    queue.showAll();
    expect(await replay.replayQueue(await targetOn(queue, run), reader, { ...options(), dropLost: true })).toMatchObject({ lost: 2 });
    expect(queue.size).toBe(0);

    // An iterator that lands past the batch's first record (the window moved): lost, not replayed.
    const past: StreamReader = {
      iteratorAt: async () => 'iterator',
      records: async () => ({ records: [{ ...last, dynamodb: { ...last.dynamodb, SequenceNumber: `${BigInt(sequenceOf(last)) + 1n}`.padStart(21, '0') } }], next: null }),
    };
    queue.send(JSON.stringify(good));
    expect(await replay.replayQueue(await targetOn(queue, run), past, { ...options(), dropLost: true })).toMatchObject({ replayed: 0, lost: 1 });
    expect(run).not.toHaveBeenCalled();
    expect(queue.size).toBe(0);

    // A record the job fails: the note stays for the next run.
    const failing = vi.fn<StreamJobRunner>(async (event) => ({ batchItemFailures: event.Records.map((r) => ({ itemIdentifier: sequenceOf(r) })) }));
    queue.send(JSON.stringify(good));
    expect(await replay.replayQueue(await targetOn(queue, failing), reader, options())).toEqual({ done: true, replayed: 0, records: 1, lost: 0, failed: 1, refused: 0 });
    expect(failing).toHaveBeenCalledTimes(1);
    expect(queue.size).toBe(1);
  });
});
