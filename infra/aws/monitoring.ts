/**
 * A stage's operations monitoring: one SNS topic for its alarms (e-mail subscriptions from
 * `-c alarmEmails=a@x,b@y`), the alarms, and one CloudWatch dashboard showing what they watch.
 * docs/operations.md ("Alarms and the dashboard") says what each alarm means and what to do.
 *
 * Every alarm sends ALARM and OK to the topic and is named `<app>-<stage>-<what>`, like the
 * stage's other resources. Error counts treat missing data as not breaching: no traffic, no
 * errors. The alarms are:
 *   - the HTTP API's 5xx rate (metric math 5xx / Count, once a period has enough requests);
 *   - p99 latency per domain of the route table (see `DOMAIN_LATENCY` for how);
 *   - errors of the background functions (scheduled, stream, socket and route-started jobs) and
 *     Lambda throttles (account-wide: concurrency is the account's);
 *   - the table's throttled requests and system errors;
 *   - the depth of every failure queue (the stream job's on-failure queues);
 *   - the WebSocket API's server-side errors and its refused handshakes;
 *   - SNS text message spend for the month nearing the budget.
 *
 * Also here: `keepLambdaLogs`, which gives the functions CDK makes for itself (bucket deployment,
 * auto-deleting buckets) a log group with the stage's retention, as every function of ours has.
 */
import { Aws, CfnResource, Duration, Stack, type RemovalPolicy } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct, type IConstruct } from 'constructs';
import { APP_NAME, pascal } from './naming';

/**
 * The month's SNS text spend (USD) the SMS alarm measures against when `-c smsMonthlyBudgetUsd`
 * is not given. Set the context value to the account's SNS monthly spend limit (SNS stops
 * sending texts there). The site's own cap, `sms_daily_budget` (DEFAULT_SMS_DAILY_BUDGET texts a
 * day, shared/sms-settings.ts), counts texts, not dollars, and an admin may change it at run
 * time, so it cannot be turned into this figure at synth time.
 */
export const DEFAULT_SMS_MONTHLY_BUDGET_USD = 100;
/** The SMS alarm fires at this share of the monthly budget. */
export const SMS_BUDGET_ALARM_SHARE = 0.8;

/** What the alarms measure against (docs/operations.md gives the reasons). */
export const THRESHOLDS = {
  /** Share of the HTTP API's requests answered 5xx in 5 minutes, in 2 of 3 periods. */
  api5xxRate: 0.05,
  /** Requests a 5-minute period needs before its 5xx rate counts (one failure among 3 requests is not an outage). */
  api5xxMinRequests: 20,
  /** p99 of a domain's route functions' duration, ms, for 3 periods of 5 minutes (cold starts alone stay well below). */
  domainP99Ms: 3000,
  /** Errors of the background functions in 5 minutes (a job's run that throws is lost until the next one). */
  jobErrors: 1,
  /** Lambda throttles in the account in 5 minutes. */
  lambdaThrottles: 1,
  /** Throttled table requests in 5 minutes (the SDK retries; past this members see errors). */
  tableThrottles: 10,
  /** Table system errors (DynamoDB's 500s) in 5 minutes. */
  tableSystemErrors: 5,
  /** Notes in a failure queue. */
  failureQueueDepth: 1,
  /** IntegrationError + ExecutionError of the WebSocket API in 5 minutes. */
  socketServerErrors: 5,
  /** ClientError / ConnectCount of the WebSocket API in 5 minutes, in 2 of 3 periods. */
  socketRefusalRate: 0.5,
  /** Handshakes a period needs before its refusal rate counts. */
  socketMinConnects: 20,
} as const;

/**
 * p99 latency by domain. CloudWatch cannot compute one percentile over several metrics (the
 * statistic is per metric: per function for Lambda's Duration, per route for the HTTP API's
 * Latency, and then only with detailed route metrics), and Metrics Insights, which can aggregate
 * many functions in one query, offers no percentiles. So a domain's alarm watches the largest of
 * its route functions' own p99 Durations (`MAX([f0, f1, …])`): it fires when any route of the
 * domain is slow at p99, which is stricter than the domain's pooled p99 and never looser. An
 * alarm may read at most 10 metrics, so a domain of more routes gets one alarm per group of 10
 * (routes in route-key order: `…-latency-posts-1of4`).
 */
export const DOMAIN_LATENCY = { maxMetricsPerAlarm: 10 } as const;

/** The table operations the functions call (ThrottledRequests and SystemErrors are per operation). */
export const TABLE_OPERATIONS = [
  dynamodb.Operation.GET_ITEM,
  dynamodb.Operation.BATCH_GET_ITEM,
  dynamodb.Operation.QUERY,
  dynamodb.Operation.SCAN,
  dynamodb.Operation.PUT_ITEM,
  dynamodb.Operation.UPDATE_ITEM,
  dynamodb.Operation.DELETE_ITEM,
  dynamodb.Operation.BATCH_WRITE_ITEM,
  dynamodb.Operation.TRANSACT_WRITE_ITEMS,
] as const;

const PERIOD = Duration.minutes(5);

export interface MonitoringProps {
  stage: string;
  /** Addresses subscribed to the alarm topic (each confirms by the e-mail SNS sends); none: no subscription. */
  alarmEmails?: readonly string[];
  /** The month's SNS text spend the SMS alarm measures against (USD); default DEFAULT_SMS_MONTHLY_BUDGET_USD. */
  smsMonthlyBudgetUsd?: number;
  api: apigwv2.IHttpApi;
  /** Each domain's route functions, by route key (RoutesStack.functions). */
  domains: ReadonlyMap<string, ReadonlyMap<string, lambda.IFunction>>;
  /** The functions no HTTP request waits on, by name: a failed run is noticed only through its errors. */
  backgroundFunctions: ReadonlyMap<string, lambda.IFunction>;
  table: dynamodb.ITable;
  /** Every failure (dead-letter) queue of the stage, by the name of what feeds it. */
  failureQueues: ReadonlyMap<string, sqs.IQueue>;
  /** The WebSocket API and its stage's name. */
  socketApi: apigwv2.IWebSocketApi;
  socketStage: string;
  /** The stream's reader, shown on the dashboard with its iterator age. */
  streamFunctions?: ReadonlyMap<string, lambda.IFunction>;
}

/** One alarm and what the dashboard shows for it. */
export interface Watch {
  alarm: cloudwatch.Alarm;
  /** The alarm's name without the stage's prefix (`api-5xx-rate`): the title of its graph. */
  name: string;
  metric: cloudwatch.IMetric;
  threshold: number;
}

export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly dashboard: cloudwatch.Dashboard;
  /** Every alarm, by its construct id. */
  readonly watches = new Map<string, Watch>();
  readonly smsBudgetUsd: number;
  private readonly stage: string;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.stage = props.stage;
    const prefix = alarmNamePrefix(props.stage);

    // ── The topic ───────────────────────────────────────────────────────────────────────────
    this.topic = new sns.Topic(this, 'AlarmTopic', {
      topicName: `${prefix}alarms`,
      displayName: `${APP_NAME} ${props.stage} alarms`,
      enforceSSL: true,
    });
    // CloudWatch publishes as its service principal: only this stage's alarms, of this account.
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'StageAlarmsPublish',
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
          ArnLike: { 'aws:SourceArn': `arn:${Aws.PARTITION}:cloudwatch:${Aws.REGION}:${Aws.ACCOUNT_ID}:alarm:${prefix}*` },
        },
      }),
    );
    // No KMS key: CloudWatch cannot publish to a topic encrypted under the AWS-managed SNS key
    // (its key policy cannot grant CloudWatch), and the messages carry only alarm names,
    // thresholds and figures; the topic refuses plain HTTP and admits only this stage's alarms.
    for (const email of props.alarmEmails ?? []) this.topic.addSubscription(new subscriptions.EmailSubscription(email));
    const notify = new actions.SnsAction(this.topic);

    const watch = (
      cid: string,
      name: string,
      description: string,
      metric: cloudwatch.IMetric,
      threshold: number,
      options: { evaluationPeriods?: number; datapointsToAlarm?: number; missing?: cloudwatch.TreatMissingData } = {},
    ): Watch => {
      const alarm = new cloudwatch.Alarm(this, cid, {
        alarmName: `${prefix}${name}`,
        alarmDescription: `${APP_NAME} ${props.stage}: ${description} (docs/operations.md, "Alarms and the dashboard")`,
        metric,
        threshold,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: options.evaluationPeriods ?? 1,
        datapointsToAlarm: options.datapointsToAlarm ?? options.evaluationPeriods ?? 1,
        treatMissingData: options.missing ?? cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(notify);
      alarm.addOkAction(notify);
      const entry = { alarm, name, metric, threshold };
      this.watches.set(cid, entry);
      return entry;
    };

    // ── The HTTP API: 5xx rate ──────────────────────────────────────────────────────────────
    // A route function that throws, times out or is throttled answers 5xx here too, so the rate
    // stands for the route functions' errors as well (the handlers answer their own errors as 5xx).
    const api5xx = new cloudwatch.MathExpression({
      label: 'share of requests answered 5xx',
      expression: `IF(requests >= ${THRESHOLDS.api5xxMinRequests}, FILL(errors, 0) / requests, 0)`,
      usingMetrics: {
        errors: props.api.metricServerError({ statistic: cloudwatch.Stats.SUM, period: PERIOD }),
        requests: props.api.metricCount({ statistic: cloudwatch.Stats.SUM, period: PERIOD }),
      },
      period: PERIOD,
    });
    watch('Api5xxRate', 'api-5xx-rate', `${pct(THRESHOLDS.api5xxRate)} or more of the HTTP API's requests answered 5xx`, api5xx, THRESHOLDS.api5xxRate, {
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
    });

    // ── p99 latency by domain (DOMAIN_LATENCY) ──────────────────────────────────────────────
    for (const [domain, functions] of [...props.domains].sort(([a], [b]) => a.localeCompare(b))) {
      const groups = chunk([...functions].sort(([a], [b]) => a.localeCompare(b)), DOMAIN_LATENCY.maxMetricsPerAlarm);
      groups.forEach((group, i) => {
        const part = groups.length > 1 ? `-${i + 1}of${groups.length}` : '';
        const usingMetrics = Object.fromEntries(group.map(([key, fn], j) => [`f${j}`, fn.metricDuration({ statistic: 'p99', period: PERIOD, label: key })]));
        const metric = new cloudwatch.MathExpression({
          label: `slowest p99 of ${domain}${part ? ` (${i + 1} of ${groups.length})` : ''}`,
          expression: `MAX([${Object.keys(usingMetrics).join(', ')}])`,
          usingMetrics,
          period: PERIOD,
        });
        watch(`Latency${pascal(domain)}${part ? `Part${i + 1}` : ''}`, `latency-${domain}${part}`, `a route of the ${domain} domain at p99 over ${THRESHOLDS.domainP99Ms} ms for 15 minutes`, metric, THRESHOLDS.domainP99Ms, {
          evaluationPeriods: 3,
        });
      });
    }

    // ── Lambda: errors of the background functions, throttles ───────────────────────────────
    const background = [...props.backgroundFunctions].sort(([a], [b]) => a.localeCompare(b));
    const jobGroups = chunk(background, 10);
    jobGroups.forEach((group, i) => {
      const part = jobGroups.length > 1 ? `-${i + 1}of${jobGroups.length}` : '';
      const usingMetrics = Object.fromEntries(group.map(([name, fn], j) => [`e${j}`, fn.metricErrors({ statistic: cloudwatch.Stats.SUM, period: PERIOD, label: name })]));
      const metric = new cloudwatch.MathExpression({
        label: 'errors of the jobs',
        expression: sumOf(Object.keys(usingMetrics)),
        usingMetrics,
        period: PERIOD,
      });
      watch(`JobErrors${part ? `Part${i + 1}` : ''}`, `job-errors${part}`, `errors of ${group.map(([name]) => name).join(', ')}`, metric, THRESHOLDS.jobErrors);
    });
    watch(
      'LambdaThrottles',
      'lambda-throttles',
      'Lambda throttled invocations in the account and region (concurrency is shared by every stage of the account)',
      lambda.Function.metricAllThrottles({ statistic: cloudwatch.Stats.SUM, period: PERIOD }),
      THRESHOLDS.lambdaThrottles,
    );

    // ── The table ───────────────────────────────────────────────────────────────────────────
    const perOperation = (metricName: string, label: string) => {
      const usingMetrics = Object.fromEntries(
        TABLE_OPERATIONS.map((operation) => [
          operation.toLowerCase(),
          new cloudwatch.Metric({
            namespace: 'AWS/DynamoDB',
            metricName,
            dimensionsMap: { TableName: props.table.tableName, Operation: operation },
            statistic: cloudwatch.Stats.SUM,
            period: PERIOD,
          }),
        ]),
      );
      return new cloudwatch.MathExpression({ label, expression: sumOf(Object.keys(usingMetrics)), usingMetrics, period: PERIOD });
    };
    watch('TableThrottles', 'table-throttles', 'throttled requests to the table', perOperation('ThrottledRequests', 'throttled table requests'), THRESHOLDS.tableThrottles);
    watch('TableSystemErrors', 'table-system-errors', 'DynamoDB system errors on the table', perOperation('SystemErrors', 'table system errors'), THRESHOLDS.tableSystemErrors);

    // ── Failure queues ──────────────────────────────────────────────────────────────────────
    for (const [name, queue] of [...props.failureQueues].sort(([a], [b]) => a.localeCompare(b))) {
      watch(
        `FailureQueue${pascal(name)}`,
        `failures-${name}`,
        `notes of given up work in the ${name} failure queue`,
        queue.metricApproximateNumberOfMessagesVisible({ statistic: cloudwatch.Stats.MAXIMUM, period: PERIOD }),
        THRESHOLDS.failureQueueDepth,
      );
    }

    // ── The WebSocket API ───────────────────────────────────────────────────────────────────
    const socketMetric = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: props.socketApi.apiId, Stage: props.socketStage },
        statistic: cloudwatch.Stats.SUM,
        period: PERIOD,
      });
    watch(
      'SocketServerErrors',
      'socket-server-errors',
      'WebSocket API integration and execution errors (the socket functions failing)',
      new cloudwatch.MathExpression({
        label: 'socket integration and execution errors',
        expression: sumOf(['integration', 'execution']),
        usingMetrics: { integration: socketMetric('IntegrationError'), execution: socketMetric('ExecutionError') },
        period: PERIOD,
      }),
      THRESHOLDS.socketServerErrors,
    );
    watch(
      'SocketRefusals',
      'socket-refusals',
      `client errors of the WebSocket API at ${pct(THRESHOLDS.socketRefusalRate)} or more of its handshakes (refused tickets or origins, throttling)`,
      new cloudwatch.MathExpression({
        label: 'client errors per handshake',
        expression: `IF(connects >= ${THRESHOLDS.socketMinConnects}, FILL(clientErrors, 0) / connects, 0)`,
        usingMetrics: { clientErrors: socketMetric('ClientError'), connects: socketMetric('ConnectCount') },
        period: PERIOD,
      }),
      THRESHOLDS.socketRefusalRate,
      { evaluationPeriods: 3, datapointsToAlarm: 2 },
    );

    // ── SMS spend ───────────────────────────────────────────────────────────────────────────
    this.smsBudgetUsd = props.smsMonthlyBudgetUsd ?? DEFAULT_SMS_MONTHLY_BUDGET_USD;
    const smsThreshold = Math.round(this.smsBudgetUsd * SMS_BUDGET_ALARM_SHARE * 100) / 100;
    watch(
      'SmsSpend',
      'sms-spend',
      `text message spend this month at ${pct(SMS_BUDGET_ALARM_SHARE)} of the $${this.smsBudgetUsd} budget (SNS spend is the account's, every stage's texts together)`,
      new cloudwatch.Metric({ namespace: 'AWS/SNS', metricName: 'SMSMonthToDateSpentUSD', statistic: cloudwatch.Stats.MAXIMUM, period: Duration.hours(1) }),
      smsThreshold,
    );

    // ── The dashboard ───────────────────────────────────────────────────────────────────────
    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `${APP_NAME}-${props.stage}`,
      defaultInterval: Duration.hours(12),
    });
    const alarms = [...this.watches.values()].map((w) => w.alarm);
    this.dashboard.addWidgets(new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms, width: 24, height: Math.max(3, Math.ceil(alarms.length / 4) + 1) }));
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'HTTP API requests and 5xx',
        left: [props.api.metricCount({ statistic: cloudwatch.Stats.SUM, period: PERIOD }), props.api.metricServerError({ statistic: cloudwatch.Stats.SUM, period: PERIOD })],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'HTTP API latency (p50, p99)',
        left: [props.api.metricLatency({ statistic: 'p50', period: PERIOD }), props.api.metricLatency({ statistic: 'p99', period: PERIOD })],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'WebSocket handshakes and messages',
        left: [socketMetric('ConnectCount'), socketMetric('MessageCount')],
        width: 8,
      }),
    );
    const streamAge = [...(props.streamFunctions ?? new Map<string, lambda.IFunction>())].map(([name, fn]) =>
      fn.metric('IteratorAge', { statistic: cloudwatch.Stats.MAXIMUM, period: PERIOD, label: `${name} iterator age` }),
    );
    if (streamAge.length) this.dashboard.addWidgets(new cloudwatch.GraphWidget({ title: 'Table stream: age of the oldest record read (ms)', left: streamAge, width: 24 }));
    const graphs = [...this.watches.values()].map(
      (w) =>
        new cloudwatch.GraphWidget({
          title: w.name,
          left: [w.metric],
          leftAnnotations: [{ value: w.threshold, label: 'alarm', color: cloudwatch.Color.RED }],
          width: 8,
        }),
    );
    for (const row of chunk(graphs, 3)) this.dashboard.addWidgets(...row);
  }

  /** The alarms, for tests and outputs. */
  get alarms(): cloudwatch.Alarm[] {
    return [...this.watches.values()].map((w) => w.alarm);
  }

  /** The prefix of every alarm name of this stage. */
  get alarmPrefix(): string {
    return alarmNamePrefix(this.stage);
  }
}

export function alarmNamePrefix(stage: string): string {
  return `${APP_NAME}-${stage}-`;
}

/**
 * `-c alarmEmails`: a comma-separated list or an array of addresses; none when unset or empty.
 * A value that is not an e-mail address stops synthesis.
 */
export function parseAlarmEmails(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const parts = (Array.isArray(value) ? value.map(String) : String(value).split(',')).map((e) => e.trim()).filter(Boolean);
  for (const email of parts) {
    if (!/^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/.test(email)) throw new Error(`-c alarmEmails: "${email}" is not an e-mail address`);
  }
  return [...new Set(parts)];
}

/** `-c smsMonthlyBudgetUsd`: a positive number of dollars, or undefined (the default applies). */
export function parseSmsBudget(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(n) || n <= 0) throw new Error(`-c smsMonthlyBudgetUsd: "${String(value)}" is not a positive number of dollars`);
  return n;
}

/**
 * Gives every Lambda function of `stack` (not its nested stacks) that has no log group of its own
 * one with the stage's retention: the functions CDK adds for itself (the SPA deployment, the
 * buckets' auto-delete) would otherwise log to `/aws/lambda/<name>`, kept forever. The group is
 * a new one under the stage's prefix (`/aws/lambda/<app>/<stage>/cdk/<id>`): a group of the
 * default name may already exist, made by Lambda, and CloudFormation cannot adopt it. The
 * functions' roles already may write to any log group (AWSLambdaBasicExecutionRole).
 */
export function keepLambdaLogs(stack: Stack, options: { stage: string; logRetention: logs.RetentionDays; removalPolicy: RemovalPolicy }): logs.LogGroup[] {
  const made: logs.LogGroup[] = [];
  const functions = stack.node
    .findAll()
    .filter((c): c is CfnResource => CfnResource.isCfnResource(c) && c.cfnResourceType === 'AWS::Lambda::Function' && Stack.of(c) === stack);
  for (const fn of functions) {
    if (hasLogGroup(fn)) continue;
    const owner = fn.node.scope as IConstruct;
    const name = kebab(owner.node.id === 'Resource' || owner.node.id === 'Handler' ? (owner.node.scope?.node.id ?? owner.node.id) : owner.node.id);
    const group = new logs.LogGroup(owner, `${fn.node.id}Logs`, {
      logGroupName: `/aws/lambda/${APP_NAME}/${options.stage}/cdk/${name}`,
      retention: options.logRetention,
      removalPolicy: options.removalPolicy,
    });
    if (fn instanceof lambda.CfnFunction) fn.loggingConfig = { ...(fn.loggingConfig as object), logGroup: group.logGroupName };
    else fn.addPropertyOverride('LoggingConfig.LogGroup', group.logGroupName);
    made.push(group);
  }
  return made;
}

function hasLogGroup(fn: CfnResource): boolean {
  if (fn instanceof lambda.CfnFunction) {
    const config = fn.loggingConfig as lambda.CfnFunction.LoggingConfigProperty | undefined;
    return Boolean(config?.logGroup);
  }
  // A plain CfnResource (CDK's own custom resource providers): its properties as given.
  const properties = (fn as unknown as { _cfnProperties?: { LoggingConfig?: { LogGroup?: unknown } } })._cfnProperties;
  return Boolean(properties?.LoggingConfig?.LogGroup);
}

/** `CustomCDKBucketDeployment<hash>512MiB` → `custom-cdk-bucket-deployment-512mib`. */
function kebab(id: string): string {
  return id
    .replace(/[0-9A-F]{32}/g, '')
    .replace(/(\d+)MiB/g, '-$1mib')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A sum in which a metric without data counts as 0 (plain `a + b` is missing where either is). */
function sumOf(ids: readonly string[]): string {
  return `SUM([${ids.map((id) => `FILL(${id}, 0)`).join(', ')}])`;
}

function pct(share: number): string {
  return `${Math.round(share * 100)}%`;
}
