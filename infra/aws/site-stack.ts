/**
 * One stage of the product in the cloud: the table, the images, SPA and log buckets, the two
 * secrets, the HTTP API and its stage, the WebSocket API of live delivery, the CloudFront
 * distribution, one nested stack per domain holding that domain's routes, the scheduled jobs
 * (infra/aws/jobs.ts) with their rules, and the stream job (the dispatcher) on the table's stream.
 *
 * Stages whose name starts with `dev` are disposable (no deletion protection, buckets emptied
 * and deleted with the stack); every other stage keeps its table, images and logs.
 */
import { CfnOutput, RemovalPolicy, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { StackedRoute } from '../../functions/lib/route-types';
import { createHttpApi, createRouteStacks } from './api';
import type { BundleResult } from './bundle';
import type { SiteDistribution } from './cdn';
import { JOBS, MANUAL_JOBS, ROUTE_JOBS, SOCKET_JOBS, STREAM_JOBS } from './jobs';
import { RouteJobs } from './route-jobs';
import { ManualJobs } from './manual-jobs';
import { keepLambdaLogs, Monitoring } from './monitoring';
import { APP_NAME, assertStage, isDisposable, pascal } from './naming';
import { RealtimeApi } from './realtime-api';
import type { RoutesStack } from './routes-stack';
import { ScheduledJobs } from './scheduled-jobs';
import { createSpa, siteCspOrigins } from './spa';
import { createStageSecrets } from './stage-secrets';
import { createStorage } from './storage';
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
  /** Addresses subscribed to the stage's alarm topic (infra/aws/monitoring.ts); none by default. */
  alarmEmails?: string[];
  /** The month's SNS text spend (USD) the SMS alarm measures against; default: monitoring.ts. */
  smsMonthlyBudgetUsd?: number;
}

export interface SiteStackProps extends StackProps {
  config: StageConfig;
  bundles: BundleResult;
  /** The route table (default: functions/routes.ts). Tests pass a variant; every route needs a bundle. */
  routes?: readonly StackedRoute[];
}

/** Past this many routes a domain's nested stack is refused (infra/aws/api.ts explains why). */
export { MAX_ROUTES_PER_DOMAIN } from './api';

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
  readonly realtime: RealtimeApi;
  readonly cdn: SiteDistribution;
  readonly signingSecret: secretsmanager.Secret;
  readonly originSecret: secretsmanager.Secret;
  readonly routeStacks: Map<string, RoutesStack>;
  readonly jobs: ScheduledJobs;
  readonly manualJobs: ManualJobs;
  readonly routeJobs: RouteJobs;
  readonly streamJobs: StreamJobs;
  readonly spaDeployment?: s3deploy.BucketDeployment;
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, { ...props, description: `${APP_NAME} ${props.config.stage}: SPA, API and data` });
    const { config } = props;
    const stage = assertStage(config.stage);
    const disposable = isDisposable(stage);
    const keep = disposable ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;
    const logRetention = disposable ? logs.RetentionDays.TWO_WEEKS : logs.RetentionDays.THREE_MONTHS;
    Tags.of(this).add('app', APP_NAME);
    Tags.of(this).add('stage', stage);

    // ── Data: the table and the log, images and SPA buckets (infra/aws/storage.ts) ──────────
    const storage = createStorage(this, { stage, disposable, keep });
    this.table = storage.table;
    this.logBucket = storage.logBucket;
    this.imagesBucket = storage.imagesBucket;
    this.imagesBucketName = storage.imagesBucketName;
    this.spaBucket = storage.spaBucket;

    // ── Secrets: session signing key and origin secret (infra/aws/stage-secrets.ts) ─────────
    const { signingSecret, originSecret, originSecretValue } = createStageSecrets(this, { stage });
    this.signingSecret = signingSecret;
    this.originSecret = originSecret;

    // ── HTTP API: access logs and throttled stage (infra/aws/api.ts) ────────────────────────
    this.api = createHttpApi(this, { stage, keep, logRetention });

    // ── WebSocket API: live delivery's sockets and their routes (infra/aws/realtime-api.ts) ──
    this.realtime = new RealtimeApi(this, 'Realtime', {
      stage,
      jobs: SOCKET_JOBS,
      bundles: props.bundles.jobs,
      table: this.table,
      imagesBucketName: this.imagesBucketName,
      logRetention,
      disposable,
      keep,
    });

    // ── CloudFront, the images bucket's CORS rule and the SPA deployment (infra/aws/spa.ts) ──
    // The page may open sockets to the stage's WebSocket API (connect-src).
    const cspOrigins = siteCspOrigins(config, [this.realtime.origin]);
    const spa = createSpa(this, { stage, spaDist: config.spaDist, storage, api: this.api, originSecretValue, cspOrigins });
    this.cdn = spa.cdn;
    this.spaDeployment = spa.spaDeployment;
    const { siteOrigin } = spa;
    // `$connect` refuses a browser's handshake from any other origin.
    this.realtime.useSiteOrigin(config.siteOrigin ?? siteOrigin);

    // ── Routes: one nested stack per domain (infra/aws/api.ts) ──────────────────────────────
    this.routeStacks = createRouteStacks(this, {
      stage,
      config,
      routes: props.routes,
      bundles: props.bundles.entries,
      api: this.api,
      table: this.table,
      imagesBucketName: this.imagesBucketName,
      signingSecret,
      originSecret,
      logRetention,
      disposable,
      cspOrigins,
      realtimeUrl: this.realtime.url,
    });

    // ── Scheduled jobs (infra/aws/jobs.ts) ──────────────────────────────────────────────────
    // What both kinds of job need from the stage (JobStageProps, infra/aws/scheduled-jobs.ts).
    const jobStage = {
      stage,
      bundles: props.bundles.jobs,
      table: this.table,
      imagesBucketName: this.imagesBucketName,
      logRetention,
      disposable,
      ...(config.mailFrom ? { mailFrom: config.mailFrom } : {}),
      siteOrigin: config.siteOrigin ?? siteOrigin,
      sockets: this.realtime.sockets,
      signingSecret,
      ...(config.secretsExtensionArn ? { secretsExtensionArn: config.secretsExtensionArn } : {}),
    };
    this.jobs = new ScheduledJobs(this, 'Jobs', { ...jobStage, jobs: JOBS });

    // ── The stream job (infra/aws/jobs.ts): sweeps, listings and live delivery ──────────────
    this.streamJobs = new StreamJobs(this, 'StreamJobs', { ...jobStage, jobs: STREAM_JOBS });

    // ── The operator's jobs (infra/aws/jobs.ts): invoked by hand, docs/operations.md ─────────
    this.manualJobs = new ManualJobs(this, 'ManualJobs', { ...jobStage, jobs: MANUAL_JOBS, streamJobs: { construct: this.streamJobs, defs: STREAM_JOBS } });

    // ── The jobs routes start (infra/aws/jobs.ts): members' data exports ─────────────────────
    this.routeJobs = new RouteJobs(this, 'RouteJobs', { ...jobStage, jobs: ROUTE_JOBS });

    // ── Alarms, their topic and the dashboard (infra/aws/monitoring.ts) ──────────────────────
    this.monitoring = new Monitoring(this, 'Monitoring', {
      stage,
      ...(config.alarmEmails ? { alarmEmails: config.alarmEmails } : {}),
      ...(config.smsMonthlyBudgetUsd !== undefined ? { smsMonthlyBudgetUsd: config.smsMonthlyBudgetUsd } : {}),
      api: this.api,
      domains: new Map([...this.routeStacks].map(([domain, routesStack]) => [domain, routesStack.functions])),
      // Manual jobs are left out: the operator who invokes one sees its error in the answer.
      backgroundFunctions: new Map([
        ...this.jobs.functions,
        ...this.streamJobs.functions,
        ...this.routeJobs.functions,
        ...[...this.realtime.functions].map(([routeKey, fn]) => [`socket ${routeKey}`, fn] as const),
      ]),
      table: this.table,
      failureQueues: this.streamJobs.failures,
      socketApi: this.realtime.api,
      socketStage: this.realtime.stage.stageName,
      streamFunctions: this.streamJobs.functions,
    });
    // CDK's own functions (the SPA deployment, auto-deleting buckets) keep their logs as ours do.
    keepLambdaLogs(this, { stage, logRetention, removalPolicy: keep });

    // ── Outputs ─────────────────────────────────────────────────────────────────────────────
    new CfnOutput(this, 'SiteUrl', { value: siteOrigin, description: 'The site (SPA, /api, /images)' });
    new CfnOutput(this, 'DistributionDomainName', { value: this.cdn.distribution.distributionDomainName });
    new CfnOutput(this, 'DistributionId', { value: this.cdn.distribution.distributionId });
    new CfnOutput(this, 'ApiUrl', {
      value: this.api.apiEndpoint,
      description: 'The HTTP API; it refuses requests that do not come through CloudFront',
    });
    new CfnOutput(this, 'DashboardName', { value: this.monitoring.dashboard.dashboardName, description: 'The stage\'s CloudWatch dashboard' });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.monitoring.topic.topicArn, description: 'The alarms\' SNS topic (subscribe with -c alarmEmails=…)' });
    new CfnOutput(this, 'RealtimeUrl', { value: this.realtime.url, description: 'The WebSocket API (a socket opens only with a ticket from /api/iam/realtime/ticket)' });
  }
}
