/**
 * One stage of the product in the cloud (see the architecture notes): the table, the images,
 * SPA and log buckets, the two secrets, the HTTP API and its stage, the CloudFront
 * distribution, one nested stack per domain holding that domain's routes, the scheduled
 * jobs (infra/aws/jobs.ts) with their rules, and the stream jobs on the table's stream.
 *
 * Stages whose name starts with `dev` are disposable (no deletion protection, buckets emptied
 * and deleted with the stack); every other stage keeps its table, images and logs.
 */
import { existsSync } from 'node:fs';
import { Aws, CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { TABLE } from '../../functions/db/table';
import { routeKey, type Grant, type RouteDef } from '../../functions/lib/route-types';
import { CATCH_ALL, routes } from '../../functions/routes';
import { CSP_ORIGINS_ENV, DEFAULT_CSP_MEDIA_ORIGINS, DEFAULT_CSP_TILE_ORIGINS } from '../../shared/security-headers';
import type { BundleEntry, BundleResult } from './bundle';
import { SiteDistribution } from './cdn';
import { JOBS, STREAM_JOBS } from './jobs';
import { APP_NAME, DEFAULT_ROUTE_KEY, assertStage, domainOf, isDisposable, pascal } from './naming';
import { acknowledge, wildcardResourceFinding } from './nag';
import { RoutesStack, type DomainRoute } from './routes-stack';
import { ScheduledJobs } from './scheduled-jobs';
import { StreamJobs } from './stream-jobs';

export interface StageConfig {
  stage: string;
  /** SES sender (MAIL_FROM); without it the functions cannot send e-mail. */
  mailFrom?: string;
  /** Comma-separated admin addresses (ADMIN_EMAILS); only the Lambdas see them. */
  adminEmails?: string;
  /**
   * The site's public origin for links in e-mails (SITE_ORIGIN), e.g. a custom domain. The
   * distribution's own domain cannot be passed to the functions it fronts (a dependency cycle).
   */
  siteOrigin?: string;
  /** The SPA build to deploy (web/dist); undefined or missing on disk skips the deployment. */
  spaDist?: string;
  /**
   * The Parameters and Secrets Lambda Extension layer (arm64) of the stage's region; default:
   * the published ARN aws-cdk-lib maps per region (infra/aws/secrets-extension.ts).
   */
  secretsExtensionArn?: string;
  /**
   * Origins the Content-Security-Policy allows besides the site and the images bucket; each
   * list left out takes its default (shared/security-headers.ts). Tile and media origins are
   * also the only ones site settings may name (CSP_TILE_ORIGINS, CSP_MEDIA_ORIGINS).
   */
  csp?: { tileOrigins?: string[]; mediaOrigins?: string[]; webSocketOrigins?: string[] };
}

export interface SiteStackProps extends StackProps {
  config: StageConfig;
  bundles: BundleResult;
  /** The route table (default: functions/routes.ts). Tests pass a variant; every route needs a bundle. */
  routes?: readonly RouteDef[];
}

/**
 * A domain's nested stack holds 5 resources per route and 2 per distinct grant set (a role and
 * its policy); past this many routes it would near the 450 the tests allow (CloudFormation's hard
 * limit is 500): split the domain's folder. The nested stack also counts its resources exactly.
 */
export const MAX_ROUTES_PER_DOMAIN = 85;

/** Requests per second (steady / burst) the API's stage accepts before answering 429. */
const API_THROTTLE = { rateLimit: 200, burstLimit: 400 };

export function stackName(stage: string): string {
  return `${pascal(APP_NAME)}-${assertStage(stage)}`;
}

export class SiteStack extends Stack {
  readonly table: dynamodb.Table;
  readonly imagesBucket: s3.Bucket;
  readonly imagesBucketName: string;
  readonly spaBucket: s3.Bucket;
  readonly logBucket: s3.Bucket;
  readonly api: apigwv2.HttpApi;
  readonly cdn: SiteDistribution;
  readonly signingSecret: secretsmanager.Secret;
  readonly originSecret: secretsmanager.Secret;
  readonly routeStacks = new Map<string, RoutesStack>();
  readonly jobs: ScheduledJobs;
  readonly streamJobs: StreamJobs;
  readonly spaDeployment?: s3deploy.BucketDeployment;

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, { ...props, description: `${APP_NAME} ${props.config.stage}: SPA, API and data` });
    const { config } = props;
    const stage = assertStage(config.stage);
    const disposable = isDisposable(stage);
    const keep = disposable ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;
    const logRetention = disposable ? logs.RetentionDays.TWO_WEEKS : logs.RetentionDays.THREE_MONTHS;
    Tags.of(this).add('app', APP_NAME);
    Tags.of(this).add('stage', stage);

    // ── Data ────────────────────────────────────────────────────────────────────────────────
    this.table = new dynamodb.Table(this, 'Table', {
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
      this.table.addGlobalSecondaryIndex({
        indexName: gsi.name,
        partitionKey: { name: gsi.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: gsi.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    // ── Buckets ─────────────────────────────────────────────────────────────────────────────
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
    this.logBucket = new s3.Bucket(this, 'Logs', {
      ...privateBucket,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(disposable ? 14 : 365) }],
      ...removable(disposable),
    });

    // The images bucket's name is per stage, account and region (names are global). It is set
    // explicitly so the distribution can address it without depending on the bucket: the
    // bucket's CORS rule names the distribution's domain.
    this.imagesBucketName = `${APP_NAME}-${stage}-images-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
    this.imagesBucket = new s3.Bucket(this, 'Images', {
      ...privateBucket,
      bucketName: this.imagesBucketName,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 'images-bucket/',
      ...removable(disposable),
    });

    this.spaBucket = new s3.Bucket(this, 'Spa', {
      ...privateBucket,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 'spa-bucket/',
      // A build output: always rebuilt from web/, never worth keeping.
      ...removable(true),
    });

    // ── Secrets ─────────────────────────────────────────────────────────────────────────────
    // 64 alphanumerics: valid base64url, 48 bytes once decoded (functions/lib/secrets.ts needs ≥ 32).
    this.signingSecret = new secretsmanager.Secret(this, 'SigningSecret', {
      description: `${APP_NAME} ${stage}: HMAC key of the session access tokens`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    });
    acknowledge(
      this.signingSecret,
      'AwsSolutions-SMG4',
      'Rotating the signing key needs a verify window over the current and previous key in functions/lib/session/token.ts; until then rotate by hand (access tokens live 15 minutes, so a rotation only forces one refresh).',
    );

    // The origin secret: generated by Secrets Manager at deploy time. CloudFront's custom origin
    // header must carry the value, so the distribution gets a CloudFormation dynamic reference
    // (resolved at deploy time: the value is in no template, and synth needs no AWS access). The
    // Lambdas get only its ARN (ORIGIN_SECRET_ARN) and read it at run time (functions/lib/secrets.ts).
    this.originSecret = new secretsmanager.Secret(this, 'OriginSecret', {
      description: `${APP_NAME} ${stage}: value of the x-origin-verify header CloudFront adds to API requests`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
    });
    acknowledge(
      this.originSecret,
      'AwsSolutions-SMG4',
      'CloudFront receives this value through a dynamic reference resolved at deploy time, so a rotation must be followed by a deploy that updates the distribution; it is rotated by hand with a redeploy, not by a rotation Lambda. The Lambdas read it at run time and follow a rotation within about six minutes (the extension caches for five; functions/lib/middleware/origin.ts re-reads at most once a minute).',
    );
    const originSecretValue = SecretValue.secretsManager(this.originSecret.secretArn).unsafeUnwrap();

    // ── HTTP API ────────────────────────────────────────────────────────────────────────────
    this.api = new apigwv2.HttpApi(this, 'Api', {
      apiName: `${APP_NAME}-${stage}`,
      description: `${APP_NAME} ${stage}: one Lambda per route; reachable only through CloudFront (origin secret)`,
      createDefaultStage: false,
    });
    const accessLogs = new logs.LogGroup(this, 'ApiAccessLogs', {
      logGroupName: `/aws/apigateway/${APP_NAME}/${stage}`,
      retention: logRetention,
      removalPolicy: keep,
    });
    new apigwv2.HttpStage(this, 'ApiStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        // No headers, cookies or bodies; sourceIp is CloudFront's edge, not the viewer.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            routeKey: '$context.routeKey',
            path: '$context.path',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            integrationStatus: '$context.integrationStatus',
            integrationError: '$context.integrationErrorMessage',
            responseLength: '$context.responseLength',
            edgeIp: '$context.identity.sourceIp',
          }),
        ),
      },
    });

    // ── CloudFront ──────────────────────────────────────────────────────────────────────────
    const cspOrigins = {
      tiles: config.csp?.tileOrigins ?? DEFAULT_CSP_TILE_ORIGINS,
      media: config.csp?.mediaOrigins ?? DEFAULT_CSP_MEDIA_ORIGINS,
      webSockets: config.csp?.webSocketOrigins ?? [],
    };
    this.cdn = new SiteDistribution(this, 'Cdn', {
      stage,
      spaBucket: this.spaBucket,
      imagesBucket: this.imagesBucket,
      imagesBucketName: this.imagesBucketName,
      apiDomainName: `${this.api.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`,
      originSecretValue,
      logBucket: this.logBucket,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      cspOrigins,
    });
    const siteOrigin = `https://${this.cdn.distribution.distributionDomainName}`;

    // Browsers upload straight to the bucket with presigned PUT URLs: allow PUT from the site only.
    this.imagesBucket.addCorsRule({
      allowedOrigins: [siteOrigin],
      allowedMethods: [s3.HttpMethods.PUT],
      allowedHeaders: ['content-type', 'content-md5', 'x-amz-*'],
      exposedHeaders: ['ETag'],
      maxAge: 3000,
    });

    // The SPA ships from web/dist when it has been built. Synth must never need a web build (a
    // fresh clone, CI's infra tests), so without web/dist the deployment is left out and the
    // bucket keeps whatever an earlier deploy put there.
    if (config.spaDist && existsSync(config.spaDist)) {
      this.spaDeployment = new s3deploy.BucketDeployment(this, 'SpaDeployment', {
        sources: [s3deploy.Source.asset(config.spaDist)],
        destinationBucket: this.spaBucket,
        distribution: this.cdn.distribution,
        distributionPaths: ['/*'],
        prune: true,
        memoryLimit: 512,
      });
      acknowledgeBucketDeployment(this, this.spaDeployment);
    }

    // ── Routes: one nested stack per domain ─────────────────────────────────────────────────
    const bundleByKey = new Map<string, BundleEntry>(props.bundles.entries.map((e) => [e.routeKey, e]));
    const bundleOf = (key: string): BundleEntry => {
      const bundle = bundleByKey.get(key);
      if (!bundle) throw new Error(`no bundle for ${key}: rebuild with buildBundles()`);
      return bundle;
    };
    const domains = new Map<string, { routes: DomainRoute[] }>();
    const domainEntry = (domain: string) => {
      let entry = domains.get(domain);
      if (!entry) domains.set(domain, (entry = { routes: [] }));
      return entry;
    };
    for (const route of props.routes ?? routes) {
      const key = routeKey(route);
      domainEntry(domainOf(route.handler)).routes.push({ routeKey: key, route, access: route.access, grants: route.grants, bundle: bundleOf(key) });
    }
    domainEntry(domainOf(CATCH_ALL.handler)).routes.push({
      routeKey: DEFAULT_ROUTE_KEY,
      access: 'public',
      grants: CATCH_ALL.grants as readonly Grant[],
      bundle: bundleOf(DEFAULT_ROUTE_KEY),
    });

    for (const [domain, entry] of domains) {
      if (entry.routes.length > MAX_ROUTES_PER_DOMAIN) {
        throw new Error(`domain "${domain}" has ${entry.routes.length} routes; a nested stack holds at most ${MAX_ROUTES_PER_DOMAIN}: split functions/${domain}/`);
      }
      this.routeStacks.set(
        domain,
        new RoutesStack(this, `${pascal(domain)}Routes`, {
          stage,
          domain,
          routes: entry.routes,
          api: this.api,
          table: this.table,
          imagesBucketName: this.imagesBucketName,
          signingSecret: this.signingSecret,
          originSecret: this.originSecret,
          ...(config.secretsExtensionArn ? { secretsExtensionArn: config.secretsExtensionArn } : {}),
          logRetention,
          disposable,
          ...(config.mailFrom ? { mailFrom: config.mailFrom } : {}),
          ...(config.adminEmails ? { adminEmails: config.adminEmails } : {}),
          ...(config.siteOrigin ? { siteOrigin: config.siteOrigin } : {}),
        }),
      );
    }

    // Site settings that name an origin (a map tile URL, a video) may only pick one the CSP allows.
    for (const routesStack of this.routeStacks.values()) {
      for (const fn of routesStack.functions.values()) {
        fn.addEnvironment(CSP_ORIGINS_ENV.tiles, cspOrigins.tiles.join(','));
        fn.addEnvironment(CSP_ORIGINS_ENV.media, cspOrigins.media.join(','));
      }
    }

    // ── Scheduled jobs (infra/aws/jobs.ts) ──────────────────────────────────────────────────
    this.jobs = new ScheduledJobs(this, 'Jobs', {
      stage,
      jobs: JOBS,
      bundles: props.bundles.jobs,
      table: this.table,
      imagesBucketName: this.imagesBucketName,
      logRetention,
      disposable,
    });

    // ── Stream jobs (infra/aws/jobs.ts): the sweep of big deletions ─────────────────────────
    this.streamJobs = new StreamJobs(this, 'StreamJobs', {
      stage,
      jobs: STREAM_JOBS,
      bundles: props.bundles.jobs,
      table: this.table,
      imagesBucketName: this.imagesBucketName,
      logRetention,
      disposable,
    });

    new CfnOutput(this, 'SiteUrl', { value: siteOrigin, description: 'The site (SPA, /api, /images)' });
    new CfnOutput(this, 'DistributionDomainName', { value: this.cdn.distribution.distributionDomainName });
    new CfnOutput(this, 'DistributionId', { value: this.cdn.distribution.distributionId });
    new CfnOutput(this, 'ApiUrl', {
      value: this.api.apiEndpoint,
      description: 'The HTTP API; it refuses requests that do not come through CloudFront',
    });
  }
}

/**
 * BucketDeployment brings CDK's own copy Lambda (deploy time only, never on a request path); its
 * findings are aws-cdk-lib's design, acknowledged here finding by finding.
 */
function acknowledgeBucketDeployment(stack: Stack, deployment: s3deploy.BucketDeployment): void {
  const role = deployment.handlerRole;
  const why = 'CDK\'s BucketDeployment handler, which copies web/dist into the SPA bucket at deploy time and invalidates the distribution';
  acknowledge(
    role,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    `${why}: aws-cdk-lib gives it the AWS managed basic execution policy for its own logs.`,
  );
  const policy = role.node.tryFindChild('DefaultPolicy');
  if (!(policy instanceof iam.Policy)) throw new Error('BucketDeployment handler role has no DefaultPolicy');
  for (const finding of wildcardFindings(policy)) {
    acknowledge(
      role,
      finding,
      `${why}: aws-cdk-lib grants it read on the CDK asset bucket, write/prune on the SPA bucket's objects, and CloudFront invalidation (which has no resource-level permission).`,
    );
  }
  for (const child of stack.node.children) {
    if (child.node.id.startsWith('Custom::CDKBucketDeployment')) {
      acknowledge(child, 'AwsSolutions-L1', `${why}: its runtime is chosen by aws-cdk-lib, not by this app.`);
    }
  }
}

/** The IAM5 finding ids cdk-nag reports for a policy's wildcard actions and resources. */
function wildcardFindings(policy: iam.Policy): string[] {
  const doc = Stack.of(policy).resolve(policy.document.toJSON()) as {
    Statement?: { Effect: string; Action: string | string[]; Resource: unknown }[];
  };
  const out = new Set<string>();
  for (const statement of doc.Statement ?? []) {
    if (statement.Effect !== 'Allow') continue;
    for (const action of ([] as string[]).concat(statement.Action)) {
      if (action.includes('*')) out.add(`AwsSolutions-IAM5[Action::${action}]`);
    }
    for (const resource of ([] as unknown[]).concat(statement.Resource)) {
      const finding = wildcardResourceFinding(policy, resource);
      if (finding.includes('*')) out.add(finding);
    }
  }
  return [...out];
}
