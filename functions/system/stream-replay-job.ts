/**
 * The operator's job that replays the notes of the stream jobs' on-failure queues
 * (stream-replay.ts; docs/operations.md, "Replaying the stream's failure queue"). Each stream job's
 * queue, function, stream, filters and batch size come in STREAM_REPLAY_TARGETS (JSON, written by
 * infra/aws/manual-jobs.ts). Invoked by hand within 24 hours of the batches it should redo: each
 * invocation goes through the queue until it is empty, stopping two minutes before its timeout,
 * and answers what became of the notes; invoke it again until it answers `"done": true`.
 * `{ "job": "<name>" }` replays one job's queue; `{ "dropLost": true }` also deletes the notes
 * whose records the stream no longer holds (they are logged in full either way).
 */
import type { Context } from 'aws-lambda';
import { logger } from '../lib/logger';
import { emptyAnswer, replayQueue, type ReplayAnswer, type ReplayFilter } from './stream-replay';
import { dynamoStreamReader, invokeStreamJob, sqsNoteQueue } from './stream-replay-aws';

/** The environment variable that lists the stream jobs to replay. */
export const REPLAY_TARGETS_ENV = 'STREAM_REPLAY_TARGETS';

/** One stream job as the stack describes it to the replay. */
export interface ReplayTargetConfig {
  job: string;
  functionName: string;
  queueUrl: string;
  streamArn: string;
  filters: ReplayFilter[];
  batchSize: number;
}

/** No note is started with less time than this left. */
const SAFETY_MS = 120_000;

export function replayTargets(raw = process.env[REPLAY_TARGETS_ENV]): ReplayTargetConfig[] {
  if (!raw) throw new Error(`${REPLAY_TARGETS_ENV} is not set`);
  const targets = JSON.parse(raw) as ReplayTargetConfig[];
  if (!Array.isArray(targets) || !targets.every((t) => t.job && t.functionName && t.queueUrl && t.streamArn && Array.isArray(t.filters) && t.batchSize > 0)) {
    throw new Error(`${REPLAY_TARGETS_ENV} does not describe stream jobs`);
  }
  return targets;
}

export async function handler(event: { job?: string; dropLost?: boolean } | null, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<ReplayAnswer & { jobs: string[] }> {
  const deadline = Date.now() + (context ? Math.max(0, context.getRemainingTimeInMillis() - SAFETY_MS) : 60_000);
  const targets = replayTargets().filter((t) => !event?.job || t.job === event.job);
  if (!targets.length) throw new Error(`no stream job ${event?.job ?? ''} to replay`);
  const reader = dynamoStreamReader();
  const total = emptyAnswer();
  for (const target of targets) {
    const out = await replayQueue({ ...target, queue: sqsNoteQueue(target.queueUrl), run: invokeStreamJob(target.functionName) }, reader, { deadline, dropLost: event?.dropLost === true });
    total.done &&= out.done;
    for (const key of ['replayed', 'records', 'lost', 'failed', 'refused'] as const) total[key] += out[key];
  }
  logger.info(total.done ? 'went through the stream\'s failure queues' : 'replaying the stream\'s failure queues goes on in the next run', { ...total });
  return { ...total, jobs: targets.map((t) => t.job) };
}
