/**
 * The jobs an operator invokes by hand (infra/aws/jobs.ts `MANUAL_JOBS`), in the stage's own
 * stack: per job a Lambda with its bundle, its own log group and a role allowed exactly the job's
 * access (`jobFunction`, shared with the scheduled and stream jobs). No rule and no event source:
 * nothing runs it but `aws lambda invoke` (docs/operations.md), so a failed invocation is not
 * retried either; the next one goes on from the progress the job saved. The stream replay
 * (`replayStream` access) also gets the stream jobs' queues, functions and stream
 * (`grantStreamReplay`).
 */
import { CfnOutput, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { REPLAY_TARGETS_ENV, type ReplayTargetConfig } from '../../functions/system/stream-replay-job';
import type { JobBundle } from './bundle';
import { checkJob, type ManualJobDef, type StreamJobDef } from './jobs';
import { pascal } from './naming';
import { jobBundle, jobFunction, type JobStageProps } from './scheduled-jobs';
import type { StreamJobs } from './stream-jobs';

export interface ManualJobsProps extends JobStageProps {
  jobs: readonly ManualJobDef[];
  bundles: readonly JobBundle[];
  /** The stream jobs a job with `replayStream` replays (their functions and on-failure queues) and their definitions. */
  streamJobs?: { construct: StreamJobs; defs: readonly StreamJobDef[] };
}

/**
 * What a job with `replayStream` gets: for every stream job, its queue, function, stream, filters
 * and batch size in STREAM_REPLAY_TARGETS, and a role allowed to receive and delete that queue's
 * notes, read the table's stream (an iterator at a position, and its records) and invoke that
 * function: nothing else (no ListStreams, DescribeStream, SendMessage, and no table access).
 */
function grantStreamReplay(scope: Construct, job: ManualJobDef, fn: lambda.Function, role: iam.Role, props: ManualJobsProps): void {
  const streamJobs = props.streamJobs;
  const streamArn = props.table.tableStreamArn;
  if (!streamJobs || !streamArn) throw new Error(`job ${job.name} replays the stream: create the stream jobs first (on a table with its stream)`);
  const targets: ReplayTargetConfig[] = [];
  for (const def of streamJobs.defs) {
    const target = streamJobs.construct.functions.get(def.name);
    const queue = streamJobs.construct.failures.get(def.name);
    if (!target || !queue) throw new Error(`job ${job.name}: the stream job ${def.name} has no function or queue`);
    targets.push({
      job: def.name,
      functionName: target.functionName,
      queueUrl: queue.queueUrl,
      streamArn,
      filters: def.trigger.filters.map((f) => ({ events: [...f.events], entities: [...f.entities], newImageHas: [...f.newImageHas], ...(f.keyPrefix ? { keyPrefix: f.keyPrefix } : {}) })),
      batchSize: def.trigger.batchSize,
    });
  }
  if (!targets.length) throw new Error(`job ${job.name}: there is no stream job to replay`);
  fn.addEnvironment(REPLAY_TARGETS_ENV, Stack.of(scope).toJsonString(targets));
  const allow = (sid: string, actions: string[], resources: string[]) => role.addToPrincipalPolicy(new iam.PolicyStatement({ sid, actions, resources }));
  allow('StreamNotes', ['sqs:ReceiveMessage', 'sqs:DeleteMessage'], streamJobs.defs.map((def) => streamJobs.construct.failures.get(def.name)!.queueArn));
  allow('StreamRead', ['dynamodb:GetShardIterator', 'dynamodb:GetRecords'], [streamArn]);
  allow('StreamJobInvoke', ['lambda:InvokeFunction'], streamJobs.defs.map((def) => streamJobs.construct.functions.get(def.name)!.functionArn));
}

export class ManualJobs extends Construct {
  readonly functions = new Map<string, lambda.Function>();
  readonly roles = new Map<string, iam.Role>();

  constructor(scope: Construct, id: string, props: ManualJobsProps) {
    super(scope, id);
    for (const def of props.jobs) {
      const job = checkJob(def);
      const { fn, role } = jobFunction(this, job, jobBundle(props.bundles, job.name), props, { retryAttempts: 0 });
      if (job.access.replayStream) grantStreamReplay(scope, job, fn, role, props);
      new CfnOutput(scope, `${pascal(job.name)}Function`, { value: fn.functionName, description: `Invoke by hand until it answers done: ${job.description}` });
      this.functions.set(job.name, fn);
      this.roles.set(job.name, role);
    }
  }
}
