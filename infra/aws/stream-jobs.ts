/**
 * The stream job of infra/aws/jobs.ts (the dispatcher: one reader per shard), next to the table
 * whose stream runs it: a Lambda with its bundle, log group and role (as the scheduled jobs have,
 * infra/aws/scheduled-jobs.ts), one event source mapping on the table's stream and an on-failure
 * queue.
 *
 * The mapping passes only the changes the job's trigger names (filters on the event name, the
 * new image's entity and attributes, or the key; a change any filter admits), so the Lambda never runs for
 * the rest of the table's writes. The handler answers the records it could not process
 * (ReportBatchItemFailures); a
 * failing batch is split to isolate the record, retried a few times, and given up when out of
 * attempts or too old: the queue then receives a note naming the shard and the sequence numbers
 * (not the records), kept 14 days. Jobs are idempotent: a given up root is finished by writing
 * it again (any change of a marked item puts a new record on the stream), or, for a post, by its
 * owner deleting it again (that request sweeps in-process).
 *
 * Each queue's ApproximateNumberOfMessagesVisible has an alarm (`failures-<job>`,
 * infra/aws/monitoring.ts): every queue of `failures` is watched.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { JobBundle } from './bundle';
import { checkStreamJob, type StreamFilter, type StreamJobDef, type StreamTrigger } from './jobs';
import { pascal } from './naming';
import { acknowledge } from './nag';
import { jobBundle, jobFunction, type JobStageProps } from './scheduled-jobs';

export interface StreamJobsProps extends JobStageProps {
  jobs: readonly StreamJobDef[];
  bundles: readonly JobBundle[];
  /** The table whose stream runs the jobs; its stream must include new images. */
  table: ITable;
}

/** The event source mapping's filter pattern for one kind of change (Lambda's event filtering syntax). */
export function streamFilter(filter: StreamFilter): Record<string, unknown> {
  // Exists applies to leaf nodes only: the attribute's type key (S) is part of the path.
  const newImage: Record<string, unknown> = {};
  if (filter.entities.length) newImage.__edb_e__ = { S: lambda.FilterRule.or(...filter.entities) };
  for (const attribute of filter.newImageHas) newImage[attribute] = { S: lambda.FilterRule.exists() };
  const dynamodb: Record<string, unknown> = {};
  if (Object.keys(newImage).length) dynamodb.NewImage = newImage;
  if (filter.keyPrefix) dynamodb.Keys = { pk: { S: lambda.FilterRule.beginsWith(filter.keyPrefix) } };
  return {
    eventName: lambda.FilterRule.or(...filter.events),
    ...(Object.keys(dynamodb).length ? { dynamodb } : {}),
  };
}

/** The mapping's filter criteria: a record any filter of the trigger admits is passed on. */
export function streamFilters(trigger: StreamTrigger): Record<string, unknown>[] {
  return trigger.filters.map((filter) => lambda.FilterCriteria.filter(streamFilter(filter)));
}

export class StreamJobs extends Construct {
  readonly functions = new Map<string, lambda.Function>();
  readonly roles = new Map<string, iam.Role>();
  readonly failures = new Map<string, sqs.Queue>();

  constructor(scope: Construct, id: string, props: StreamJobsProps) {
    super(scope, id);
    if (!props.table.tableStreamArn) throw new Error('the stream jobs need the table\'s stream: enable it (new images)');
    // Each mapping is a reader of every shard, and DynamoDB Streams throttle past two.
    if (props.jobs.length > 1) throw new Error(`${props.jobs.length} stream jobs: the table's stream has one reader, the dispatcher; route new work through it`);
    for (const def of props.jobs) {
      const job = checkStreamJob(def);
      const cid = pascal(job.name);
      const { fn, role } = jobFunction(this, job, jobBundle(props.bundles, job.name), props);

      const failures = new sqs.Queue(this, `${cid}Failures`, {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
        removalPolicy: props.disposable ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
      });
      acknowledge(
        failures,
        'AwsSolutions-SQS3',
        `This queue is itself the dead-letter destination of the ${job.name} job's stream mapping: it receives the notes of given up batches and nothing consumes it automatically, so a queue behind it would never receive anything.`,
      );

      fn.addEventSource(
        new DynamoEventSource(props.table, {
          // Records written while the mapping is being created or updated are not skipped.
          startingPosition: lambda.StartingPosition.TRIM_HORIZON,
          batchSize: job.trigger.batchSize,
          filters: streamFilters(job.trigger),
          reportBatchItemFailures: true,
          bisectBatchOnError: true,
          retryAttempts: job.trigger.retryAttempts,
          maxRecordAge: Duration.hours(job.trigger.maxRecordAgeHours),
          onFailure: new SqsDlq(failures),
        }),
      );
      acknowledge(
        role,
        'AwsSolutions-IAM5[Resource::*]',
        `The ${job.name} job's stream mapping needs dynamodb:ListStreams, which has no resource-level permission (IAM requires "*"); reading records (DescribeStream, GetShardIterator, GetRecords) is limited to this table's stream.`,
      );

      this.functions.set(job.name, fn);
      this.roles.set(job.name, role);
      this.failures.set(job.name, failures);
    }
  }
}
