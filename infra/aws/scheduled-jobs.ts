/**
 * The scheduled jobs of infra/aws/jobs.ts, in the stage's own stack (next to the table, so the
 * policies name it directly): per job a Lambda with its bundle, its own log group, a role allowed
 * exactly the job's access and its log group, and an EventBridge rule on the job's rate.
 *
 * A failed run is not retried: the next one starts again from where the data says (jobs are
 * idempotent and resumable), so retries would only overlap with it.
 *
 * The Lambda, log group and role are made by `jobFunction`, which the stream jobs
 * (infra/aws/stream-jobs.ts) share.
 */
import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { JobBundle } from './bundle';
import { CALLBACK_URL_ENV } from '../../functions/realtime/cloud-sink';
import { checkJob, type JobBase, type JobDef } from './jobs';
import { APP_NAME, pascal } from './naming';
import { acknowledge, wildcardResourceFinding } from './nag';
import { LAMBDA_RUNTIME } from './routes-stack';
import { secretsExtension } from './secrets-extension';

/** What a job's resources need from the stage, whatever runs the job. */
export interface JobStageProps {
  stage: string;
  table: ITable;
  /** The images bucket's name (a literal plus pseudo parameters, as the route roles use it). */
  imagesBucketName: string;
  logRetention: logs.RetentionDays;
  disposable: boolean;
  /** The sender of e-mail (MAIL_FROM) and the public origin (SITE_ORIGIN), for jobs that mail or check a handshake's origin. */
  mailFrom?: string;
  siteOrigin?: string;
  /** The WebSocket API's stage, for jobs that post to sockets (infra/aws/realtime-api.ts). */
  sockets?: SocketsAccess;
  /** The stage's signing key, for jobs that sign (`access.signing`), and the extension layer's ARN (default: the region's published one). */
  signingSecret?: ISecret;
  secretsExtensionArn?: string;
}

/** What a job that posts frames to sockets needs of the WebSocket API's stage. */
export interface SocketsAccess {
  /** The stage's callback URL (`https://…/<stage>`), handed to the job as REALTIME_CALLBACK_URL. */
  callbackUrl: string;
  /** The execute-api ARN of the stage's connections that a call with `method` names (`…/<stage>/<method>/@connections/*`). */
  connectionsArn: (method: 'POST' | 'DELETE') => string;
}

export interface ScheduledJobsProps extends JobStageProps {
  jobs: readonly JobDef[];
  bundles: readonly JobBundle[];
}

export function jobLogGroupName(stage: string, job: string): string {
  return `/aws/lambda/${APP_NAME}/${stage}/jobs/${job}`;
}

/** A job's bundle, or an error naming the job when the build did not make it. */
export function jobBundle(bundles: readonly JobBundle[], name: string): JobBundle {
  const bundle = bundles.find((b) => b.name === name);
  if (!bundle) throw new Error(`no bundle for job ${name}: rebuild with buildBundles()`);
  return bundle;
}

/**
 * A job's Lambda (`<cid>`) with its own log group (`<cid>Logs`) and role (`<cid>Role`, see
 * `jobRole`), created in `scope`; `extra` adds what the way the job is run needs.
 */
export function jobFunction(
  scope: Construct,
  job: JobBase,
  bundle: JobBundle,
  props: JobStageProps,
  extra: Partial<lambda.FunctionProps> = {},
): { fn: lambda.Function; role: iam.Role } {
  const cid = pascal(job.name);
  const logGroup = new logs.LogGroup(scope, `${cid}Logs`, {
    logGroupName: jobLogGroupName(props.stage, job.name),
    retention: props.logRetention,
    removalPolicy: props.disposable ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
  });
  const role = jobRole(scope, cid, job, props, logGroup);

  const fn = new lambda.Function(scope, cid, {
    description: `${APP_NAME} job ${job.name}: ${job.description}`,
    runtime: LAMBDA_RUNTIME,
    architecture: lambda.Architecture.ARM_64,
    code: lambda.Code.fromAsset(bundle.dir),
    handler: 'index.handler',
    memorySize: job.memoryMb,
    timeout: Duration.seconds(job.timeoutSeconds),
    role,
    logGroup,
    environment: {
      TABLE_NAME: props.table.tableName,
      IMAGES_BUCKET: props.imagesBucketName,
      SERVICE_NAME: APP_NAME,
      ...(job.access.mail && props.mailFrom ? { MAIL_FROM: props.mailFrom } : {}),
      ...((job.access.mail || job.access.siteOrigin) && props.siteOrigin ? { SITE_ORIGIN: props.siteOrigin } : {}),
      ...(job.access.manageConnections?.length ? { [CALLBACK_URL_ENV]: socketsOf(job, props).callbackUrl } : {}),
      ...(job.access.signing ? { SIGNING_SECRET_ARN: signingOf(job, props).secretArn } : {}),
    },
    ...(job.access.signing ? { paramsAndSecrets: secretsExtension(props.secretsExtensionArn) } : {}),
    ...extra,
  });
  acknowledge(
    fn,
    'AwsSolutions-L1',
    'Pinned to nodejs22.x like the route functions: the bundles target Node 22; move to a newer runtime deliberately, with the bundler target.',
  );
  return { fn, role };
}

function signingOf(job: JobBase, props: JobStageProps): ISecret {
  if (!props.signingSecret) throw new Error(`job ${job.name} signs: pass the stage's signing secret (signingSecret)`);
  return props.signingSecret;
}

function socketsOf(job: JobBase, props: JobStageProps): SocketsAccess {
  if (!props.sockets) throw new Error(`job ${job.name} posts to sockets: pass the WebSocket API's stage (sockets)`);
  return props.sockets;
}

/** The job's own role: its log group, and exactly the table and image actions it names. */
function jobRole(scope: Construct, cid: string, job: JobBase, props: JobStageProps, logGroup: logs.LogGroup): iam.Role {
  const role = new iam.Role(scope, `${cid}Role`, {
    assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
    description: `Execution role of the ${job.name} job`,
  });
  const allow = (sid: string, actions: string[], resources: string[]) =>
    role.addToPrincipalPolicy(new iam.PolicyStatement({ sid, actions, resources }));

  allow('Logs', ['logs:CreateLogStream', 'logs:PutLogEvents'], [logGroup.logGroupArn]);

  const tableArn = props.table.tableArn;
  const queried = [...(job.access.queryTable ? [tableArn] : []), ...job.access.queryIndexes.map((index) => `${tableArn}/index/${index}`)];
  if (queried.length) allow('TableQuery', ['dynamodb:Query'], queried);
  if (job.access.scanTable) allow('TableScan', ['dynamodb:Scan'], [tableArn]);
  if (job.access.deleteItems) allow('TableDelete', ['dynamodb:DeleteItem'], [tableArn]);
  const itemActions = job.access.itemActions ?? [];
  if (itemActions.length) allow('TableItems', itemActions.map((action) => `dynamodb:${action}`), [tableArn]);

  // Read by ARN through the secrets extension, as the route functions read it.
  if (job.access.signing) allow('Secrets', ['secretsmanager:GetSecretValue'], [signingOf(job, props).secretArn]);
  if (job.access.mail) {
    const identities = `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:identity/*`;
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'Mail',
        actions: ['ses:SendEmail'],
        resources: [identities],
        ...(props.mailFrom ? { conditions: { StringEquals: { 'ses:FromAddress': (/<([^>]+)>/.exec(props.mailFrom)?.[1] ?? props.mailFrom).trim() } } } : {}),
      }),
    );
    acknowledge(role, wildcardResourceFinding(scope, identities), 'SES authorises a send against the sender identity and, in the SES sandbox, every recipient identity; the From address is pinned by condition when MAIL_FROM is set.');
  }
  if (job.access.manageConnections?.length) {
    const { connectionsArn } = socketsOf(job, props);
    const arns = job.access.manageConnections.map(connectionsArn);
    allow('Sockets', ['execute-api:ManageConnections'], arns);
    for (const arn of arns) {
      acknowledge(
        role,
        wildcardResourceFinding(scope, arn),
        `The ${job.name} job posts frames to, or closes, sockets whose connection ids API Gateway makes per handshake; it may do so only to the connections of this stage of the WebSocket API, with the methods it needs.`,
      );
    }
  }
  const bucketObjects = (pattern: string) => `arn:${Aws.PARTITION}:s3:::${props.imagesBucketName}/${pattern}`;
  if (job.access.readImages) {
    allow('ImagesRead', ['s3:GetObject'], [bucketObjects('images/*')]);
    acknowledge(role, wildcardResourceFinding(scope, bucketObjects('images/*')), `The ${job.name} job reads images whose keys are generated per upload; it may read only under images/.`);
  }
  if (job.access.readPrivate?.length) {
    const objects = job.access.readPrivate.map(bucketObjects);
    allow('PrivateRead', ['s3:GetObject'], objects);
    for (const resource of objects.filter((o) => o.includes('*'))) {
      acknowledge(role, wildcardResourceFinding(scope, resource), `The ${job.name} job reads objects whose keys are generated per member and upload; it may read only under this private prefix, which the CDN never serves.`);
    }
  }
  if (job.access.writePrivate?.length) {
    const objects = job.access.writePrivate.map(bucketObjects);
    allow('PrivateWrite', ['s3:PutObject', 's3:AbortMultipartUpload'], objects);
    for (const resource of objects.filter((o) => o.includes('*'))) {
      acknowledge(role, wildcardResourceFinding(scope, resource), `The ${job.name} job writes objects whose keys are generated per member and run; it may write only under this private prefix, which the CDN never serves.`);
    }
  }
  if (job.access.deleteImages.length) {
    const objects = job.access.deleteImages.map((pattern) => `arn:${Aws.PARTITION}:s3:::${props.imagesBucketName}/${pattern}`);
    allow('ImagesDelete', ['s3:DeleteObject'], objects);
    for (const resource of objects.filter((o) => o.includes('*'))) {
      acknowledge(
        role,
        wildcardResourceFinding(scope, resource),
        `The ${job.name} job deletes objects whose keys are generated per upload; it may delete only under this prefix of the images bucket.`,
      );
    }
  }
  return role;
}

export class ScheduledJobs extends Construct {
  readonly functions = new Map<string, lambda.Function>();
  readonly roles = new Map<string, iam.Role>();
  readonly rules = new Map<string, events.Rule>();

  constructor(scope: Construct, id: string, props: ScheduledJobsProps) {
    super(scope, id);
    for (const def of props.jobs) {
      const job = checkJob(def);
      const { fn, role } = jobFunction(this, job, jobBundle(props.bundles, job.name), props, { retryAttempts: 0 });

      const rule = new events.Rule(this, `${pascal(job.name)}Schedule`, {
        description: `${APP_NAME} ${props.stage}: runs the ${job.name} job every ${job.everyMinutes === 1 ? 'minute' : `${job.everyMinutes} minutes`}`,
        schedule: events.Schedule.rate(Duration.minutes(job.everyMinutes)),
        targets: [new targets.LambdaFunction(fn, { retryAttempts: 0 })],
      });

      this.functions.set(job.name, fn);
      this.roles.set(job.name, role);
      this.rules.set(job.name, rule);
    }
  }
}
