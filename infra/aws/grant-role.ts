/**
 * An execution role allowed exactly one grant set (functions/lib/route-types.ts `Grant`): the
 * routes of a domain that declare the same grants share one (infra/aws/routes-stack.ts), in the
 * template of their functions. No AWS managed policy: each function writes only to its own log
 * group, under the domain's log-group prefix, and reads only the two secrets it is given.
 */
import { Aws } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { Grant } from '../../functions/lib/route-types';
import { TABLE } from '../../functions/db/table';
import { acknowledge, wildcardResourceFinding } from './nag';

export interface GrantRoleProps {
  domain: string;
  grants: ReadonlySet<Grant>;
  table: ITable;
  /** The images bucket's name (a literal plus pseudo parameters, so policies need no cross-stack reference). */
  imagesBucketName: string;
  /** The secrets every handler reads at run time (the signing key, the origin secret): by ARN, never by value. */
  secrets: readonly ISecret[];
  /** The prefix every log group of this domain's functions starts with. */
  logGroupPrefix: string;
  /** The export job's function name (`export:start` may invoke it alone). */
  exportFunctionName: string;
  /** SES sender; when known, `ses:SendEmail` is limited to this From address. */
  mailFrom?: string;
}

/** A grant set's canonical form: sorted, comma-separated (`` for none). */
export function grantSetKey(grants: Iterable<Grant>): string {
  return [...new Set(grants)].sort().join(',');
}

/** DynamoDB actions per grant. No Scan: no request path may scan the table (every read is a Query or GetItem, docs/data-model.md). */
export const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
export const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

/** `Name <addr@host>` → `addr@host`. */
function bareAddress(from: string): string {
  return (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();
}

export class GrantRole extends Construct {
  readonly role: iam.Role;

  constructor(scope: Construct, id: string, props: GrantRoleProps) {
    super(scope, id);
    const { domain, grants } = props;
    const partition = Aws.PARTITION;
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of the ${domain} routes granted ${grantSetKey(grants) || 'nothing beyond their logs and secrets'}`,
    });
    const allow = (sid: string, actions: string[], resources: string[], conditions?: Record<string, unknown>) =>
      this.role.addToPrincipalPolicy(new iam.PolicyStatement({ sid, actions, resources, ...(conditions ? { conditions } : {}) }));

    const logStreams = `arn:${partition}:logs:${Aws.REGION}:${Aws.ACCOUNT_ID}:log-group:${props.logGroupPrefix}*`;
    allow('Logs', ['logs:CreateLogStream', 'logs:PutLogEvents'], [logStreams]);
    acknowledge(
      this.role,
      wildcardResourceFinding(this, logStreams),
      `Log streams are created at run time; the wildcard covers only the log groups of the ${domain} functions (prefix ${props.logGroupPrefix}), which this stack creates.`,
    );

    // Every handler may verify a session cookie (public routes still see a signed-in reader) and
    // checks CloudFront's origin secret; it reads both by ARN through the secrets extension.
    allow('Secrets', ['secretsmanager:GetSecretValue'], props.secrets.map((secret) => secret.secretArn));

    const tableArn = props.table.tableArn;
    const indexArns = TABLE.globalIndexes.map((gsi) => `${tableArn}/index/${gsi.name}`);
    if (grants.has('table:read')) allow('TableRead', TABLE_READ_ACTIONS, [tableArn, ...indexArns]);
    if (grants.has('table:write')) allow('TableWrite', TABLE_WRITE_ACTIONS, [tableArn]);

    const bucketArn = `arn:${partition}:s3:::${props.imagesBucketName}`;
    const images = `${bucketArn}/images/*`;
    if (grants.has('images:read')) {
      allow('ImagesRead', ['s3:GetObject'], [images]);
      // Without ListBucket a HEAD of a missing key answers 403 instead of 404.
      allow('ImagesList', ['s3:ListBucket'], [bucketArn]);
    }
    if (grants.has('images:write')) allow('ImagesWrite', ['s3:PutObject', 's3:DeleteObject'], [images]);
    if (grants.has('images:read') || grants.has('images:write')) {
      acknowledge(
        this.role,
        wildcardResourceFinding(this, images),
        'Image keys are generated per upload; access is limited to the images/ prefix of the one images bucket.',
      );
    }

    // The private prefix: never served by the CDN; its objects reach a browser only as presigned GETs.
    const privateObjects = `${bucketArn}/private/*`;
    if (grants.has('private:read')) allow('PrivateRead', ['s3:GetObject'], [privateObjects]);
    if (grants.has('private:write')) allow('PrivateWrite', ['s3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'], [privateObjects]);
    if (grants.has('private:read') || grants.has('private:write')) {
      acknowledge(
        this.role,
        wildcardResourceFinding(this, privateObjects),
        'Private keys are generated per member and object; access is limited to the private/ prefix of the one images bucket, which the CDN never serves.',
      );
    }
    if (grants.has('export:start')) {
      allow('ExportStart', ['lambda:InvokeFunction'], [`arn:${partition}:lambda:${Aws.REGION}:${Aws.ACCOUNT_ID}:function:${props.exportFunctionName}`]);
    }

    if (grants.has('mail')) {
      const identities = `arn:${partition}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:identity/*`;
      allow(
        'Mail',
        ['ses:SendEmail'],
        [identities],
        props.mailFrom ? { StringEquals: { 'ses:FromAddress': bareAddress(props.mailFrom) } } : undefined,
      );
      acknowledge(
        this.role,
        wildcardResourceFinding(this, identities),
        'SES authorises a send against the sender identity and, in the SES sandbox, every recipient identity, which are not known in advance; the From address is pinned by condition when MAIL_FROM is set.',
      );
    }
    if (grants.has('sms')) {
      allow('Sms', ['sns:Publish'], ['*']);
      // Text messages only: "*" would also let the function publish to any topic (or endpoint) of any account.
      this.role.addToPrincipalPolicy(
        new iam.PolicyStatement({ sid: 'SmsNoTopics', effect: iam.Effect.DENY, actions: ['sns:Publish'], resources: [`arn:${partition}:sns:*:*:*`] }),
      );
      acknowledge(
        this.role,
        'AwsSolutions-IAM5[Resource::*]',
        'Publishing a text message straight to a phone number has no resource ARN; IAM requires "*" for sns:Publish to a PhoneNumber. A Deny on every SNS ARN keeps topics and endpoints out.',
      );
    }
  }
}
