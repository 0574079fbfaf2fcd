/**
 * The stream dispatcher's routing (functions/system/stream-dispatch.ts), with synthetic stream
 * records and no AWS: the jobs recognise their records with their own `workOf` and run a
 * recording stand-in, and the fan-out is a recording stand-in handed the dispatcher's sink. The
 * sweeps against a real table: test/api/sweep-deleted.test.ts (through this dispatcher).
 */
import { toStreamImage } from '../db/stream';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrationMarks } from '../db/migrations/marker';
import { logger } from '../lib/logger';
import type { FrameSink } from '../realtime/fanout';
import { relistPlantsJob } from './relist-plants';
import { dispatch, fanOutItemOf } from './stream-dispatch';
import { recordHandler, type StreamJob } from './stream-records';
import { sweepDeletedJob } from './sweep-deleted';

beforeAll(() => {
  process.env.TABLE_NAME ??= 'unit-table';
});
afterEach(() => vi.restoreAllMocks());

let sequence = 100;

function record(eventName: 'INSERT' | 'MODIFY' | 'REMOVE', item: Record<string, unknown>): DynamoDBRecord {
  return {
    eventID: `e-${sequence}`,
    eventName,
    eventSource: 'aws:dynamodb',
    dynamodb: {
      Keys: toStreamImage({ pk: item.pk, sk: item.sk }) as never,
      ...(eventName === 'REMOVE' ? {} : { NewImage: toStreamImage(item) as never }),
      SequenceNumber: String(++sequence).padStart(21, '0'),
      StreamViewType: 'NEW_IMAGE',
    },
  };
}

const seq = (r: DynamoDBRecord) => r.dynamodb!.SequenceNumber!;

const deletedUser = (uuid: string) => ({ __edb_e__: 'user', __edb_v__: '1', pk: `user#${uuid}`, sk: 'profile', uuid, deletedAt: '2026-01-01T00:00:00.000Z' });
const liveUser = (uuid: string) => ({ __edb_e__: 'user', __edb_v__: '1', pk: `user#${uuid}`, sk: 'profile', uuid });
const relistItem = (userId: string) => ({ __edb_e__: 'relistJob', __edb_v__: '1', pk: `user#${userId}`, sk: 'relist', userId, token: 't-1', runs: 0, requestedAt: '2026-01-01T00:00:00.000Z', expiresAt: 2_000_000_000 });
const message = (id: string) => ({ __edb_e__: 'message', __edb_v__: '1', pk: 'conv#c-1', sk: `msg#1#${id}`, conversationId: 'c-1', id, sentMs: 1, content: 'hello', senderId: 'u-1', createdAt: '2026-01-01T00:00:00.000Z' });
const notification = () => ({ __edb_e__: 'notification', __edb_v__: '1', pk: 'notif#u-2', sk: 'n#1', recipientId: 'u-2', id: 'n-1' });
const tally = () => ({ __edb_e__: 'messageTally', __edb_v__: '1', pk: 'user#u-2', sk: 'msg-tally', ownerPk: 'user#u-2', unread: 1 });

/** The dispatcher over the real jobs' record recognition, with recording runs and fan-out. */
function harness(options: { failSweepOf?: string; failFanOut?: boolean; failClose?: boolean; shortOfTime?: () => boolean } = {}) {
  const swept: unknown[] = [];
  const relisted: unknown[] = [];
  const fannedOut: { items: Record<string, unknown>[]; sink: FrameSink }[] = [];
  const closed: string[] = [];
  const sink: FrameSink = {
    send: async () => 'sent',
    close: async (id) => {
      if (options.failClose) throw new Error('API Gateway is down');
      closed.push(id);
    },
  };
  const sweep: StreamJob<Parameters<typeof sweepDeletedJob.run>[0]> = {
    ...sweepDeletedJob,
    run: async (work) => {
      if (work.kind === 'user' && work.uuid === options.failSweepOf) throw new Error('the sweep failed');
      swept.push(work);
    },
  };
  const relist = { ...relistPlantsJob(() => false), run: async (job: unknown) => void relisted.push(job) };
  const shortOfTime = options.shortOfTime ?? (() => false);
  const run = (...records: DynamoDBRecord[]) =>
    dispatch(
      { Records: records },
      {
        shortOfTime,
        sink,
        jobs: [recordHandler(sweep), recordHandler(relist)],
        fanOut: async (items, to) => {
          if (options.failFanOut) throw new Error('API Gateway is down');
          fannedOut.push({ items, sink: to });
        },
      },
    );
  return { run, swept, relisted, fannedOut, closed, sink };
}

describe('the stream dispatcher', () => {
  it('hands a marked account to the sweep, a relisting job to the mover, and neither to the fan-out', async () => {
    const h = harness();
    const out = await h.run(record('MODIFY', deletedUser('u-1')), record('INSERT', relistItem('u-3')));
    expect(out).toEqual({ batchItemFailures: [] });
    expect(h.swept).toEqual([{ kind: 'user', uuid: 'u-1' }]);
    expect(h.relisted).toEqual([expect.objectContaining({ userId: 'u-3', token: 't-1' })]);
    expect(h.fannedOut).toEqual([]);
  });

  it('hands a new message, notification and tally to the fan-out with its sink, each as its new image, and to no job', async () => {
    const h = harness();
    const out = await h.run(record('INSERT', message('m-1')), record('INSERT', notification()), record('MODIFY', tally()));
    expect(out).toEqual({ batchItemFailures: [] });
    expect(h.fannedOut.map((f) => f.items)).toEqual([[message('m-1')], [notification()], [tally()]]);
    expect(h.fannedOut.every((f) => f.sink === h.sink)).toBe(true);
    expect(h.swept).toEqual([]);
    expect(h.relisted).toEqual([]);
  });

  it('ignores removals, live accounts and other entities', async () => {
    const h = harness();
    const out = await h.run(record('REMOVE', message('m-1')), record('MODIFY', liveUser('u-1')), record('INSERT', { __edb_e__: 'postReaction', pk: 'post#p', sk: 'r#1' }));
    expect(out).toEqual({ batchItemFailures: [] });
    expect([h.swept, h.relisted, h.fannedOut]).toEqual([[], [], []]);
    expect(fanOutItemOf(record('REMOVE', message('m-2')))).toBeNull();
    expect(fanOutItemOf(record('MODIFY', message('m-2')))).toEqual(message('m-2'));
  });

  it('hands a new comment to the fan-out (a thread changed), but not a comment\'s later counts', () => {
    const comment = { __edb_e__: 'comment', pk: 'post#p', sk: 'comment#1' };
    expect(fanOutItemOf(record('INSERT', comment))).toEqual(comment);
    expect(fanOutItemOf(record('MODIFY', { ...comment, replyCount: 1 }))).toBeNull();
    const counts = { __edb_e__: 'eventDateCounts', pk: 'event#e', sk: 'count#d', going: 1 };
    expect(fanOutItemOf(record('MODIFY', counts))).toEqual(counts);
  });

  it('closes the connection whose item a record removed (a revoked session, a deleted account, the TTL), and no other', async () => {
    const h = harness();
    const connection = (id: string) => ({ __edb_e__: 'realtimeConnection', __edb_v__: '1', pk: `wsconn#${id}`, sk: 'wsconn', connectionId: id, userId: 'u-1', familyId: 'f-1', expiresAt: 1 });
    const out = await h.run(
      record('REMOVE', connection('c-1')),
      record('REMOVE', { pk: 'wsconns#u-1', sk: 'c-2' }),
      record('MODIFY', connection('c-3')),
      record('REMOVE', connection('c-4')),
    );
    expect(out).toEqual({ batchItemFailures: [] });
    expect(h.closed).toEqual(['c-1', 'c-4']);
    expect([h.swept, h.relisted, h.fannedOut]).toEqual([[], [], []]);
  });

  it('logs a failed close and does not answer its record: closing is best effort', async () => {
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const h = harness({ failClose: true });
    const out = await h.run(record('REMOVE', { pk: 'wsconn#c-1', sk: 'wsconn' }));
    expect(out).toEqual({ batchItemFailures: [] });
    expect(errors).toHaveBeenCalledWith('Closing a socket failed', expect.objectContaining({ connectionId: 'c-1' }));
  });

  it('answers a record whose sweep failed for a retry; records after it wait for that delivery before their frames go out', async () => {
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const h = harness({ failSweepOf: 'u-bad' });
    const before = record('INSERT', message('m-before'));
    const failing = record('MODIFY', deletedUser('u-bad'));
    const after = record('INSERT', message('m-after'));
    const sweptAfter = record('MODIFY', deletedUser('u-ok'));
    const out = await h.run(before, failing, after, sweptAfter);
    expect(out).toEqual({ batchItemFailures: [{ itemIdentifier: seq(failing) }] });
    expect(errors).toHaveBeenCalledWith('sweep of a deleted item failed; the record will be retried', expect.objectContaining({ userId: 'u-bad', sequenceNumber: seq(failing) }));
    // The message before the failure is settled; the one after comes again with the retry.
    expect(h.fannedOut.map((f) => f.items[0]!.id)).toEqual(['m-before']);
    // Later sweeps still run (they are idempotent), as the record loop always did.
    expect(h.swept).toEqual([{ kind: 'user', uuid: 'u-ok' }]);
  });

  it('logs a failed fan-out and does not answer its record: a frame is best effort', async () => {
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const h = harness({ failFanOut: true });
    const out = await h.run(record('INSERT', message('m-1')), record('MODIFY', deletedUser('u-1')));
    expect(out).toEqual({ batchItemFailures: [] });
    expect(errors).toHaveBeenCalledWith('Realtime fan-out failed', expect.objectContaining({ entity: 'message' }));
    expect(h.swept).toEqual([{ kind: 'user', uuid: 'u-1' }]);
  });

  it('answers the records the remaining time would not cover without starting them, fan-out included', async () => {
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    let calls = 0;
    const h = harness({ shortOfTime: () => ++calls > 1 });
    const first = record('INSERT', message('m-1'));
    const late = [record('MODIFY', deletedUser('u-1')), record('INSERT', message('m-2'))];
    const out = await h.run(first, ...late);
    expect(out).toEqual({ batchItemFailures: late.map((r) => ({ itemIdentifier: seq(r) })) });
    expect(h.fannedOut.map((f) => f.items[0]!.id)).toEqual(['m-1']);
    expect(h.swept).toEqual([]);
  });

  it('takes a migration\'s writes for no activity (a moved message, a re-keyed deleted post or event, a swapped tally), and a later change of a migrated item for activity again', async () => {
    const h = harness();
    const at = '2026-02-01T00:00:00.000Z';
    const marked = (item: Record<string, unknown>) => ({ ...item, ...migrationMarks(item, at) });
    const deletedPost = { __edb_e__: 'post', __edb_v__: '1', pk: 'post#p-1', sk: 'post', id: 'p-1', kind: 'post', ownerType: 'user', ownerId: 'u-1', authorId: 'u-1', deletedAt: '2026-01-01T00:00:00.000Z' };
    const deletedEvent = { __edb_e__: 'event', __edb_v__: '1', pk: 'event#e-1', sk: 'event', id: 'e-1', ownerType: 'user', ownerId: 'u-1', gsi2pk: 'eventsof#user#u-1', deletedAt: '2026-01-01T00:00:00.000Z' };
    const movedTally = { ...tally(), convs: new Set(['c-new']) };
    const migrated = [record('INSERT', marked(message('m-moved'))), record('MODIFY', marked(deletedPost)), record('MODIFY', marked(deletedEvent)), record('MODIFY', marked(movedTally))];
    expect(await h.run(...migrated)).toEqual({ batchItemFailures: [] });
    expect(h.swept).toEqual([]);
    expect(h.fannedOut).toEqual([]);

    // The product's later changes keep the marks but not the content they were made for.
    const livePost = { ...deletedPost, id: 'p-2', pk: 'post#p-2' } as Record<string, unknown>;
    delete livePost.deletedAt;
    const laterDeleted = { ...marked(livePost), deletedAt: '2026-03-01T00:00:00.000Z' };
    const laterTally = { ...marked(movedTally), unread: 2 };
    // A mark that does not match (copied, or forged) is no migration's either.
    const forged = { ...message('m-new'), migratedAt: at, migratedSig: 'x' };
    expect(await h.run(record('MODIFY', laterDeleted), record('MODIFY', laterTally), record('INSERT', forged))).toEqual({ batchItemFailures: [] });
    expect(h.swept).toMatchObject([{ kind: 'post', post: { id: 'p-2' } }]);
    expect(h.fannedOut.map((f) => [f.items[0]!.__edb_e__, f.items[0]!.unread ?? f.items[0]!.id])).toEqual([['messageTally', 2], ['message', 'm-new']]);
  });
});
