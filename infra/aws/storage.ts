/**
 * A stage's data: the table and the log, images and SPA buckets. Every construct is made with the
 * stack itself as scope and the id it has always had: a changed construct path changes a
 * CloudFormation logical id, and a non-dev stage would then replace its table and buckets.
 */
import { Aws, Duration, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { TABLE } from '../../functions/db/table';
import { EXPORT_KEEP_DAYS, EXPORTS_PREFIX } from '../../functions/lib/private-objects';
import { APP_NAME } from './naming';

export interface StorageOptions {
  stage: string;
  /** A `dev…` stage: no deletion protection, buckets emptied and deleted with the stack. */
  disposable: boolean;
  /** The removal policy of what a non-disposable stage keeps (the table). */
  keep: RemovalPolicy;
}

export interface Storage {
  table: dynamodb.Table;
  logBucket: s3.Bucket;
  imagesBucket: s3.Bucket;
  imagesBucketName: string;
  spaBucket: s3.Bucket;
}

export function createStorage(stack: Stack, { stage, disposable, keep }: StorageOptions): Storage {
  // ── Data ──────────────────────────────────────────────────────────────────────────────────
  const table = new dynamodb.Table(stack, 'Table', {
    partitionKey: { name: TABLE.partitionKey, type: dynamodb.AttributeType.STRING },
    sortKey: { name: TABLE.sortKey, type: dynamodb.AttributeType.STRING },
    billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    timeToLiveAttribute: TABLE.ttlAttribute,
    // New images feed the stream jobs (infra/aws/stream-jobs.ts): the sweep of big deletions.
    stream: dynamodb.StreamViewType.NEW_IMAGE,
    deletionProtection: !disposable,
    removalPolicy: keep,
  });
  for (const gsi of TABLE.globalIndexes) {
    table.addGlobalSecondaryIndex({
      indexName: gsi.name,
      partitionKey: { name: gsi.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: gsi.sortKey, type: dynamodb.AttributeType.STRING },
      projectionType: dynamodb.ProjectionType.ALL,
    });
  }

  // ── Buckets ───────────────────────────────────────────────────────────────────────────────
  const privateBucket = {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    encryption: s3.BucketEncryption.S3_MANAGED,
  } satisfies s3.BucketProps;
  const removable = (destroy: boolean) =>
    destroy ? { removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true } : { removalPolicy: RemovalPolicy.RETAIN };

  // Access logs of the distribution and of the other buckets. CloudFront's standard logs are
  // delivered with an ACL grant, hence ACLs enabled (owner preferred) on this bucket only.
  // (cdk-nag's S1 does not ask a log-target bucket to log itself.)
  const logBucket = new s3.Bucket(stack, 'Logs', {
    ...privateBucket,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
    lifecycleRules: [{ expiration: Duration.days(disposable ? 14 : 365) }],
    ...removable(disposable),
  });

  // The images bucket's name is per stage, account and region (names are global). It is set
  // explicitly so the distribution can address it without depending on the bucket: the
  // bucket's CORS rule names the distribution's domain.
  const imagesBucketName = `${APP_NAME}-${stage}-images-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
  const imagesBucket = new s3.Bucket(stack, 'Images', {
    ...privateBucket,
    bucketName: imagesBucketName,
    serverAccessLogsBucket: logBucket,
    serverAccessLogsPrefix: 'images-bucket/',
    // Members' data exports are kept 7 days (functions/lib/private-objects.ts); a multipart upload
    // a failed export left behind is aborted after a day.
    lifecycleRules: [
      { id: 'exports-expire', prefix: EXPORTS_PREFIX, expiration: Duration.days(EXPORT_KEEP_DAYS) },
      { id: 'abandoned-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
    ],
    ...removable(disposable),
  });

  const spaBucket = new s3.Bucket(stack, 'Spa', {
    ...privateBucket,
    serverAccessLogsBucket: logBucket,
    serverAccessLogsPrefix: 'spa-bucket/',
    // A build output: always rebuilt from web/, never worth keeping.
    ...removable(true),
  });

  return { table, logBucket, imagesBucket, imagesBucketName, spaBucket };
}
