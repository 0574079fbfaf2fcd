/**
 * The stage's alarms, their topic and the dashboard (infra/aws/monitoring.ts), asserted on the
 * synthesised templates: the topic and its e-mail subscriptions from `-c alarmEmails`, one alarm
 * per failure queue, the HTTP API's 5xx rate, the table's, the sockets' and the SMS spend's
 * alarms, latency by domain covering every route function, every alarm notifying the topic, and
 * every log group and Lambda function of every template keeping its logs for a bounded time.
 */
import { join } from 'node:path';
import type { CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { addStage, newApp, stageConfigFromContext } from '../../infra/aws/create-app';
import {
  DEFAULT_SMS_MONTHLY_BUDGET_USD,
  DOMAIN_LATENCY,
  parseAlarmEmails,
  parseSmsBudget,
  SMS_BUDGET_ALARM_SHARE,
  TABLE_OPERATIONS,
  THRESHOLDS,
} from '../../infra/aws/monitoring';
import type { SiteStack } from '../../infra/aws/site-stack';
import { synthesisedStages } from './synth-fixture';
import { ofType, type Resource, type Resources, type StageView } from './template-view';

/* eslint-disable @typescript-eslint/no-explicit-any -- CloudFormation JSON is untyped */

const synth = synthesisedStages();

const ALARM = 'AWS::CloudWatch::Alarm';

function alarms(v: StageView): [string, Resource][] {
  return ofType(v.parent, ALARM);
}

function alarmNamed(v: StageView, suffix: string): Resource {
  const found = alarms(v).filter(([, a]) => a.Properties.AlarmName === `leafline-${v.name}-${suffix}`);
  expect(found, suffix).toHaveLength(1);
  return found[0]![1];
}

function topicId(resources: Resources): string {
  const topics = ofType(resources, 'AWS::SNS::Topic');
  expect(topics).toHaveLength(1);
  return topics[0]![0];
}

/** The MetricStat entries of a metric-math alarm, by id. */
function metricStats(alarm: Resource): Record<string, any> {
  return Object.fromEntries((alarm.Properties.Metrics as any[]).filter((m) => m.MetricStat).map((m) => [m.Id, m.MetricStat]));
}

function expressionOf(alarm: Resource): string {
  const returned = (alarm.Properties.Metrics as any[]).filter((m) => m.ReturnData !== false);
  expect(returned).toHaveLength(1);
  return returned[0].Expression as string;
}

function logicalId(stack: SiteStack, element: unknown): string {
  return stack.getLogicalId(element as CfnElement);
}

describe('the alarm topic', () => {
  it('exists once per stage, named after it, refuses plain HTTP and admits only the stage\'s alarms', () => {
    for (const v of synth.stages) {
      const template = Template.fromJSON(v.parentJson);
      template.resourceCountIs('AWS::SNS::Topic', 1);
      template.hasResourceProperties('AWS::SNS::Topic', { TopicName: `leafline-${v.name}-alarms` });
      const topic = topicId(v.parent);
      template.hasResourceProperties('AWS::SNS::TopicPolicy', {
        Topics: [{ Ref: topic }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
            Match.objectLike({ Effect: 'Allow', Principal: { Service: 'cloudwatch.amazonaws.com' }, Action: 'sns:Publish' }),
          ]),
        },
      });
      const [, policy] = ofType(v.parent, 'AWS::SNS::TopicPolicy')[0]!;
      const publish = (policy.Properties.PolicyDocument.Statement as any[]).find((s) => s.Principal?.Service === 'cloudwatch.amazonaws.com');
      expect(JSON.stringify(publish.Condition.ArnLike['aws:SourceArn'])).toContain(`:alarm:leafline-${v.name}-*`);
    }
  });

  it('has no subscription when -c alarmEmails is not given', () => {
    for (const v of synth.stages) {
      expect(v.stack.monitoring.topic).toBeDefined();
      Template.fromJSON(v.parentJson).resourceCountIs('AWS::SNS::Subscription', 0);
    }
  });

  it('reads the addresses and the SMS budget from the context, and refuses what is not an address or a budget', () => {
    expect(parseAlarmEmails(undefined)).toEqual([]);
    expect(parseAlarmEmails('')).toEqual([]);
    expect(parseAlarmEmails(' a@example.org, b@example.org ,,a@example.org')).toEqual(['a@example.org', 'b@example.org']);
    expect(parseAlarmEmails(['a@example.org', 'c@example.org'])).toEqual(['a@example.org', 'c@example.org']);
    expect(() => parseAlarmEmails('a@example.org,not-an-address')).toThrow(/alarmEmails: "not-an-address"/);
    expect(parseSmsBudget(undefined)).toBeUndefined();
    expect(parseSmsBudget('250')).toBe(250);
    expect(parseSmsBudget(40)).toBe(40);
    expect(() => parseSmsBudget('lots')).toThrow(/smsMonthlyBudgetUsd/);
    expect(() => parseSmsBudget(0)).toThrow(/smsMonthlyBudgetUsd/);
  });

  describe('with -c alarmEmails and -c smsMonthlyBudgetUsd', () => {
    const EMAILS = ['ops@example.org', 'oncall@example.org'];
    let template: Template;
    let resources: Resources;

    beforeAll(() => {
      const app = newApp({
        outdir: join(synth.fx.workDir, 'cdk.out.alarms'),
        context: { '@aws-cdk/core:failSynthOnValidationErrors': false, stage: 'qa', alarmEmails: EMAILS.join(', '), smsMonthlyBudgetUsd: '250' },
      });
      const stack = addStage(app, stageConfigFromContext(app), synth.fx.bundles);
      template = Template.fromStack(stack);
      resources = template.toJSON().Resources as Resources;
    }, 300_000);

    it('subscribes each address to the topic by e-mail', () => {
      template.resourceCountIs('AWS::SNS::Subscription', EMAILS.length);
      const topic = topicId(resources);
      for (const email of EMAILS) {
        template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: email, TopicArn: { Ref: topic } });
      }
    });

    it('measures the SMS spend against the budget given', () => {
      template.hasResourceProperties(ALARM, { AlarmName: 'leafline-qa-sms-spend', Threshold: 250 * SMS_BUDGET_ALARM_SHARE });
    });
  });
});

describe('the alarms', () => {
  it('every alarm notifies the topic when it fires and when it clears', () => {
    for (const v of synth.stages) {
      const topic = topicId(v.parent);
      const all = alarms(v);
      expect(all.length).toBe(v.stack.monitoring.alarms.length);
      expect(all.length).toBeGreaterThan(0);
      for (const [id, alarm] of all) {
        expect(alarm.Properties.AlarmActions, id).toEqual([{ Ref: topic }]);
        expect(alarm.Properties.OKActions, id).toEqual([{ Ref: topic }]);
        expect(alarm.Properties.AlarmName, id).toMatch(new RegExp(`^leafline-${v.name}-[a-z0-9-]+$`));
        // No traffic is no error: missing data never fires an alarm.
        expect(alarm.Properties.TreatMissingData, id).toBe('notBreaching');
      }
      // The names are unique (CloudWatch would refuse a second alarm of the same name).
      expect(new Set(all.map(([, a]) => a.Properties.AlarmName)).size).toBe(all.length);
    }
  });

  it('watches the depth of every failure queue, one alarm each', () => {
    for (const v of synth.stages) {
      const queues = [...v.stack.streamJobs.failures.values()];
      expect(queues.length).toBeGreaterThan(0);
      const depthAlarms = alarms(v).filter(([, a]) => a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible');
      expect(depthAlarms).toHaveLength(queues.length);
      for (const queue of queues) {
        const queueId = logicalId(v.stack, queue.node.defaultChild);
        const watching = depthAlarms.filter(([, a]) => JSON.stringify(a.Properties.Dimensions) === JSON.stringify([{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }]));
        expect(watching, queueId).toHaveLength(1);
        expect(watching[0]![1].Properties).toMatchObject({ Namespace: 'AWS/SQS', Statistic: 'Maximum', Threshold: THRESHOLDS.failureQueueDepth, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
      }
      // Every queue of the stage is a failure queue, and so is watched.
      expect(ofType(v.parent, 'AWS::SQS::Queue')).toHaveLength(queues.length);
    }
  });

  it('watches the HTTP API\'s 5xx rate as 5xx / Count by metric math', () => {
    for (const v of synth.stages) {
      const alarm = alarmNamed(v, 'api-5xx-rate');
      const apiId = logicalId(v.stack, v.stack.api.node.defaultChild);
      expect(expressionOf(alarm)).toBe(`IF(requests >= ${THRESHOLDS.api5xxMinRequests}, FILL(errors, 0) / requests, 0)`);
      const stats = metricStats(alarm);
      expect(stats.errors).toEqual({ Metric: { Namespace: 'AWS/ApiGateway', MetricName: '5xx', Dimensions: [{ Name: 'ApiId', Value: { Ref: apiId } }] }, Period: 300, Stat: 'Sum' });
      expect(stats.requests).toEqual({ Metric: { Namespace: 'AWS/ApiGateway', MetricName: 'Count', Dimensions: [{ Name: 'ApiId', Value: { Ref: apiId } }] }, Period: 300, Stat: 'Sum' });
      expect(alarm.Properties).toMatchObject({ Threshold: THRESHOLDS.api5xxRate, EvaluationPeriods: 3, DatapointsToAlarm: 2 });
    }
  });

  it('watches the table\'s throttled requests and system errors over every operation the functions call', () => {
    for (const v of synth.stages) {
      const tableId = logicalId(v.stack, v.stack.table.node.defaultChild);
      for (const [suffix, metricName, threshold] of [
        ['table-throttles', 'ThrottledRequests', THRESHOLDS.tableThrottles],
        ['table-system-errors', 'SystemErrors', THRESHOLDS.tableSystemErrors],
      ] as const) {
        const alarm = alarmNamed(v, suffix);
        expect(alarm.Properties.Threshold).toBe(threshold);
        const stats = Object.values(metricStats(alarm));
        expect(stats).toHaveLength(TABLE_OPERATIONS.length);
        expect(stats.map((s) => s.Metric.Dimensions.find((d: any) => d.Name === 'Operation').Value).sort()).toEqual([...TABLE_OPERATIONS].sort());
        for (const stat of stats) {
          expect(stat.Metric).toMatchObject({ Namespace: 'AWS/DynamoDB', MetricName: metricName });
          expect(stat.Metric.Dimensions).toContainEqual({ Name: 'TableName', Value: { Ref: tableId } });
          expect(stat.Stat).toBe('Sum');
        }
        // A sum in which an operation without data counts as 0.
        expect(expressionOf(alarm)).toMatch(/^SUM\(\[FILL\(\w+, 0\)(, FILL\(\w+, 0\))*\]\)$/);
      }
    }
  });

  it('watches the month\'s SMS spend at 80% of the budget', () => {
    for (const v of synth.stages) {
      Template.fromJSON(v.parentJson).hasResourceProperties(ALARM, {
        AlarmName: `leafline-${v.name}-sms-spend`,
        Namespace: 'AWS/SNS',
        MetricName: 'SMSMonthToDateSpentUSD',
        Statistic: 'Maximum',
        Threshold: DEFAULT_SMS_MONTHLY_BUDGET_USD * SMS_BUDGET_ALARM_SHARE,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
    }
  });

  it('watches the WebSocket API\'s server errors and refused handshakes on its stage', () => {
    for (const v of synth.stages) {
      const apiId = logicalId(v.stack, v.stack.realtime.api.node.defaultChild);
      const dims = [{ Name: 'ApiId', Value: { Ref: apiId } }, { Name: 'Stage', Value: 'live' }];
      const server = metricStats(alarmNamed(v, 'socket-server-errors'));
      expect(Object.values(server).map((s) => s.Metric.MetricName).sort()).toEqual(['ExecutionError', 'IntegrationError']);
      const refusals = alarmNamed(v, 'socket-refusals');
      expect(Object.values(metricStats(refusals)).map((s) => s.Metric.MetricName).sort()).toEqual(['ClientError', 'ConnectCount']);
      expect(expressionOf(refusals)).toContain('/ connects');
      for (const stat of [...Object.values(server), ...Object.values(metricStats(refusals))]) {
        expect(stat.Metric.Namespace).toBe('AWS/ApiGateway');
        expect(stat.Metric.Dimensions).toEqual(dims);
      }
    }
  });

  it('watches errors of every background function and throttles', () => {
    for (const v of synth.stages) {
      const expected = [
        ...v.stack.jobs.functions.values(),
        ...v.stack.streamJobs.functions.values(),
        ...v.stack.routeJobs.functions.values(),
        ...v.stack.realtime.functions.values(),
      ].map((fn) => logicalId(v.stack, fn.node.defaultChild));
      const watched = alarms(v)
        .filter(([, a]) => (a.Properties.AlarmName as string).startsWith(`leafline-${v.name}-job-errors`))
        .flatMap(([, a]) => Object.values(metricStats(a)))
        .map((s) => {
          expect(s.Metric.MetricName).toBe('Errors');
          return s.Metric.Dimensions[0].Value.Ref as string;
        });
      expect(watched.sort()).toEqual(expected.sort());
      const throttles = alarmNamed(v, 'lambda-throttles');
      expect(throttles.Properties).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Throttles', Statistic: 'Sum' });
    }
  });

  it('watches the p99 duration of every route function, in alarms of one domain and at most 10 functions each', () => {
    for (const v of synth.stages) {
      for (const [domain, routesStack] of v.stack.routeStacks) {
        const domainAlarms = alarms(v).filter(([, a]) => new RegExp(`^leafline-${v.name}-latency-${domain}(-\\d+of\\d+)?$`).test(a.Properties.AlarmName as string));
        expect(domainAlarms, domain).toHaveLength(Math.ceil(routesStack.functions.size / DOMAIN_LATENCY.maxMetricsPerAlarm));
        const stats = domainAlarms.flatMap(([, a]) => {
          expect(a.Properties.Threshold).toBe(THRESHOLDS.domainP99Ms);
          expect(expressionOf(a)).toMatch(/^MAX\(\[/);
          const s = Object.values(metricStats(a));
          expect(s.length).toBeLessThanOrEqual(DOMAIN_LATENCY.maxMetricsPerAlarm);
          return s;
        });
        expect(stats, domain).toHaveLength(routesStack.functions.size);
        for (const s of stats) expect(s).toMatchObject({ Metric: { Namespace: 'AWS/Lambda', MetricName: 'Duration' }, Stat: 'p99' });
        // Each function of the domain's nested stack exactly once (its name comes out of the nested stack).
        const nestedId = logicalId(v.stack, routesStack.nestedStackResource);
        const names = stats.map((s) => s.Metric.Dimensions[0].Value['Fn::GetAtt']);
        expect(names.every((n: unknown[]) => n[0] === nestedId)).toBe(true);
        expect(new Set(names.map((n: string[]) => n[1])).size).toBe(routesStack.functions.size);
      }
    }
  });
});

describe('the dashboard', () => {
  it('exists once per stage and shows every alarm', () => {
    for (const v of synth.stages) {
      const template = Template.fromJSON(v.parentJson);
      template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
      template.hasResourceProperties('AWS::CloudWatch::Dashboard', { DashboardName: `leafline-${v.name}` });
      const [, dashboard] = ofType(v.parent, 'AWS::CloudWatch::Dashboard')[0]!;
      const body = JSON.stringify(dashboard.Properties.DashboardBody);
      for (const [id] of alarms(v)) expect(body, id).toContain(`"Fn::GetAtt":["${id}","Arn"]`);
      for (const metric of ['5xx', 'Count', 'Duration', 'ThrottledRequests', 'SystemErrors', 'ApproximateNumberOfMessagesVisible', 'ConnectCount', 'SMSMonthToDateSpentUSD', 'IteratorAge']) {
        expect(body, metric).toContain(`\\"${metric}\\"`);
      }
    }
  });
});

describe('log retention', () => {
  /** The parent template and each nested one, with a name for messages. */
  const templates = (v: StageView): [string, Resources][] => [[`${v.name}`, v.parent], ...[...v.nested].map(([domain, n]) => [`${v.name}/${domain}`, n.resources] as [string, Resources])];

  it('gives every log group of every template a retention', () => {
    for (const v of synth.stages) {
      for (const [where, resources] of templates(v)) {
        for (const [id, group] of ofType(resources, 'AWS::Logs::LogGroup')) {
          expect(group.Properties?.RetentionInDays, `${where}: ${id}`).toBeGreaterThan(0);
        }
      }
    }
  });

  it('sends every Lambda function\'s logs to a log group of its template that has a retention, CDK\'s own functions included', () => {
    for (const v of synth.stages) {
      let functions = 0;
      for (const [where, resources] of templates(v)) {
        for (const [id, fn] of ofType(resources, 'AWS::Lambda::Function')) {
          functions++;
          const ref = fn.Properties.LoggingConfig?.LogGroup?.Ref as string | undefined;
          expect(ref, `${where}: ${id} has no log group of its own`).toBeDefined();
          const group = resources[ref!];
          expect(group?.Type, `${where}: ${id}`).toBe('AWS::Logs::LogGroup');
          expect(group!.Properties.RetentionInDays, `${where}: ${id}`).toBe(v.name === 'dev' ? 14 : 90);
          expect(group!.Properties.LogGroupName, `${where}: ${id}`).toMatch(new RegExp(`^/aws/(lambda|apigateway)/leafline/${v.name}/`));
        }
      }
      expect(functions).toBeGreaterThan(v.routes.length);
    }
  });

  it('keeps the log groups of a kept stage when the stack goes', () => {
    const prod = synth.stages.find((v) => v.name === 'prod')!;
    for (const [where, resources] of templates(prod)) {
      for (const [id, group] of ofType(resources, 'AWS::Logs::LogGroup')) expect(group.DeletionPolicy, `${where}: ${id}`).toBe('Retain');
    }
  });
});
