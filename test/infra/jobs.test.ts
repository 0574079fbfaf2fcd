/**
 * The jobs in the cloud. The unused-uploads sweep runs hourly from an EventBridge rule, on its own
 * bundle (loadable as ESM in a fresh Node process), with a role that may only Query the index it
 * reads, delete table items and delete objects under images/posts/ (and write its logs). The
 * table's stream (new images) has one reader, the dispatcher: invoked only for the changes its
 * parts need (marked posts, users and pages; relisting jobs; messages, notifications and tallies
 * to fan out), reporting failed records, with an encrypted on-failure queue and a role limited to
 * the calls its parts make. The WebSocket API's routes: test/infra/realtime.test.ts.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Stack, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { ESM_REQUIRE_BANNER, type BundleResult } from '../../infra/aws/bundle';
import { newApp } from '../../infra/aws/create-app';
import { checkJob, checkStreamJob, JOBS, jobFolder, MANUAL_JOBS, ROUTE_JOBS, routeJobFunctionName, STREAM_JOBS, type JobDef, type StreamJobDef } from '../../infra/aws/jobs';
import { jobLogGroupName } from '../../infra/aws/scheduled-jobs';
import type { SiteStack } from '../../infra/aws/site-stack';
import { StreamJobs } from '../../infra/aws/stream-jobs';
import { FANOUT_ENTITIES } from '../../functions/realtime/fanout';
import { PROD_CONFIG, synthesisedStages } from './synth-fixture';
import { lambdaOf, ofType, roleStatements, type Resource, type Resources } from './template-view';

/* eslint-disable @typescript-eslint/no-explicit-any -- CloudFormation JSON is untyped */

const run = promisify(execFile);
const SWEEP = JOBS.find((j) => j.name === 'sweep-uploads')!;
const DISPATCH = STREAM_JOBS.find((j) => j.name === 'stream-dispatch')!;

let bundles: BundleResult;
let workDir: string;
let assembly: CloudAssembly;
let stages: { stage: 'dev' | 'prod'; stack: SiteStack; resources: Resources }[];

/** A job's Lambda in a stage's parent template (found by its description). */
function jobFunction(resources: Resources, name: string): [string, Resource] {
  const found = ofType(resources, 'AWS::Lambda::Function').filter(([, f]) => String(f.Properties.Description).includes(`job ${name}:`));
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** The sweep's Lambda in a stage's parent template. */
function sweepFunction(resources: Resources): [string, Resource] {
  return jobFunction(resources, 'sweep-uploads');
}

/** Loads a job's bundle in a fresh Node process and answers the type of its `handler` export. */
async function handlerType(dir: string): Promise<string> {
  const script = 'const m = await import(process.argv[1] + "/index.mjs"); process.stdout.write(typeof m.handler);';
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script, dir], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'ERROR', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    timeout: 60_000,
  });
  return stdout;
}

const synth = synthesisedStages();

beforeAll(() => {
  ({ bundles, workDir, assembly } = synth.fx);
  stages = synth.stages.map((v) => ({ stage: v.name as 'dev' | 'prod', stack: v.stack, resources: v.parent }));
});

describe('the event-schedule job', () => {
  it('runs hourly on its own bundle, may Query only gsi3 and the table, read, write and delete items (its work markers), send mail from MAIL_FROM, and read the signing key (its unsubscribe links) through the extension', () => {
    const job = JOBS.find((j) => j.name === 'event-schedule')!;
    expect(job.handler).toBe('events/scheduled');
    for (const { stage, resources } of stages) {
      const [fnId, fn] = jobFunction(resources, 'event-schedule');
      expect(fn.Properties).toMatchObject({ Handler: 'index.handler', Timeout: 300, MemorySize: 256 });
      const rules = ofType(resources, 'AWS::Events::Rule').filter(([, r]) => (r.Properties.Targets as any[]).some((t) => t.Arn?.['Fn::GetAtt']?.[0] === fnId));
      expect(rules.map(([, r]) => r.Properties.ScheduleExpression)).toEqual(['rate(1 hour)']);
      const env = fn.Properties.Environment.Variables as Record<string, unknown>;
      expect(env.SITE_ORIGIN).toBeDefined();
      expect(env.MAIL_FROM).toBe(stage === 'prod' ? PROD_CONFIG.mailFrom : undefined);
      const statements = roleStatements(resources, fn.Properties.Role['Fn::GetAtt'][0] as string);
      const bySid = Object.fromEntries(statements.map((st) => [st.Sid, st]));
      expect(Object.keys(bySid).sort()).toEqual(['Logs', 'Mail', 'Secrets', 'TableDelete', 'TableItems', 'TableQuery']);
      // The signing key alone, by ARN, read through the secrets extension layer.
      const [signingId] = ofType(resources, 'AWS::SecretsManager::Secret').find(([, sec]) => /HMAC/.test(sec.Properties.Description))!;
      expect(env.SIGNING_SECRET_ARN).toEqual({ Ref: signingId });
      expect(bySid.Secrets).toMatchObject({ Action: 'secretsmanager:GetSecretValue', Resource: { Ref: signingId } });
      const [layer, ...more] = fn.Properties.Layers as any[];
      expect(more).toEqual([]);
      const [mapping, region, attribute] = layer['Fn::FindInMap'];
      expect(region).toEqual({ Ref: 'AWS::Region' });
      expect(synth.stages.find((v) => v.name === stage)!.parentJson.Mappings[mapping]['eu-west-1'][attribute]).toMatch(/:layer:AWS-Parameters-and-Secrets-Lambda-Extension-Arm64:\d+$/);
      expect(env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT).toBe('2773');
      expect(bySid.Mail.Action).toBe('ses:SendEmail');
      if (stage === 'prod') expect(bySid.Mail.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'no-reply@example.org' } });
      expect(bySid.TableItems.Action).toEqual(['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
      expect(JSON.stringify(bySid.TableQuery.Resource)).toContain('/index/gsi3');
      expect(bySid.TableDelete.Action).toBe('dynamodb:DeleteItem');
    }
  });
});

describe('the notify-mail job', () => {
  it('runs every minute on its own bundle for less than a minute, may Query only gsi2 (a page\'s staff) and gsi3 (what is due), read and update items but delete none, send mail from MAIL_FROM, and read the key of its unsubscribe links', () => {
    const job = JOBS.find((j) => j.name === 'notify-mail')!;
    expect(job.handler).toBe('mail/send-due');
    expect(bundles.jobs.some((j) => j.name === 'notify-mail')).toBe(true);
    for (const { stage, resources } of stages) {
      const [fnId, fn] = jobFunction(resources, 'notify-mail');
      expect(fn.Properties).toMatchObject({ Handler: 'index.handler', Timeout: 50, MemorySize: 256 });
      const rules = ofType(resources, 'AWS::Events::Rule').filter(([, r]) => (r.Properties.Targets as any[]).some((t) => t.Arn?.['Fn::GetAtt']?.[0] === fnId));
      expect(rules.map(([, r]) => r.Properties.ScheduleExpression)).toEqual(['rate(1 minute)']);
      const env = fn.Properties.Environment.Variables as Record<string, unknown>;
      expect(env.SITE_ORIGIN).toBeDefined();
      expect(env.MAIL_FROM).toBe(stage === 'prod' ? PROD_CONFIG.mailFrom : undefined);
      const statements = roleStatements(resources, fn.Properties.Role['Fn::GetAtt'][0] as string);
      const bySid = Object.fromEntries(statements.map((st) => [st.Sid, st]));
      expect(Object.keys(bySid).sort()).toEqual(['Logs', 'Mail', 'Secrets', 'TableItems', 'TableQuery']);
      expect(bySid.TableItems.Action).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem']);
      const queried = JSON.stringify(bySid.TableQuery.Resource);
      expect(queried).toContain('/index/gsi2');
      expect(queried).toContain('/index/gsi3');
      expect(queried).not.toContain('/index/gsi1');
      expect(bySid.Mail.Action).toBe('ses:SendEmail');
      expect(bySid.Secrets.Action).toBe('secretsmanager:GetSecretValue');
    }
  });
});

describe('the send-announcements job', () => {
  it('runs every minute on its own bundle for less than a minute, may Query the users\' indexes (gsi1, geo) and gsi3 (what runs), read, put and update items but delete none, send mail from MAIL_FROM, and read the key of its unsubscribe links', () => {
    const job = JOBS.find((j) => j.name === 'send-announcements')!;
    expect(job.handler).toBe('mail/send-announcements');
    expect(bundles.jobs.some((j) => j.name === 'send-announcements')).toBe(true);
    for (const { stage, resources } of stages) {
      const [fnId, fn] = jobFunction(resources, 'send-announcements');
      expect(fn.Properties).toMatchObject({ Handler: 'index.handler', Timeout: 50, MemorySize: 256 });
      const rules = ofType(resources, 'AWS::Events::Rule').filter(([, r]) => (r.Properties.Targets as any[]).some((t) => t.Arn?.['Fn::GetAtt']?.[0] === fnId));
      expect(rules.map(([, r]) => r.Properties.ScheduleExpression)).toEqual(['rate(1 minute)']);
      const env = fn.Properties.Environment.Variables as Record<string, unknown>;
      expect(env.SITE_ORIGIN).toBeDefined();
      expect(env.MAIL_FROM).toBe(stage === 'prod' ? PROD_CONFIG.mailFrom : undefined);
      const statements = roleStatements(resources, fn.Properties.Role['Fn::GetAtt'][0] as string);
      const bySid = Object.fromEntries(statements.map((st) => [st.Sid, st]));
      expect(Object.keys(bySid).sort()).toEqual(['Logs', 'Mail', 'Secrets', 'TableItems', 'TableQuery']);
      expect(bySid.TableItems.Action).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
      const queried = JSON.stringify(bySid.TableQuery.Resource);
      for (const index of ['gsi1', 'gsi3', 'geo5', 'geo4', 'geo3']) expect(queried).toContain(`/index/${index}`);
      expect(queried).not.toContain('/index/gsi2');
      expect(bySid.Mail.Action).toBe('ses:SendEmail');
      expect(bySid.Secrets.Action).toBe('secretsmanager:GetSecretValue');
    }
  });
});

describe('the sweep-uploads job', () => {
  it('is bundled apart from the routes, from functions/images/sweep-uploads, and loads as ESM with a handler', async () => {
    const job = bundles.jobs.find((j) => j.name === SWEEP.name);
    expect(job).toBeDefined();
    expect(job!.folder).toBe(jobFolder(SWEEP.name));
    expect(bundles.entries.some((e) => e.folder === job!.folder)).toBe(false);
    const code = readFileSync(join(job!.dir, 'index.mjs'), 'utf8');
    expect(code.startsWith(ESM_REQUIRE_BANNER)).toBe(true);
    expect(await handlerType(job!.dir)).toBe('function');
  });

  it('runs hourly from an EventBridge rule, without retries, on a Node 22 arm64 Lambda with its own bundle', () => {
    for (const { resources } of stages) {
      const [fnId, fn] = sweepFunction(resources);
      expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler', Timeout: 300, MemorySize: 256 });
      const hash = (fn.Properties.Code.S3Key as string).replace(/\.zip$/, '');
      const staged = readFileSync(join(assembly.directory, `asset.${hash}`, 'index.mjs'));
      const job = bundles.jobs.find((j) => j.name === SWEEP.name)!;
      expect(staged.equals(readFileSync(join(job.dir, 'index.mjs')))).toBe(true);

      const rules = ofType(resources, 'AWS::Events::Rule').filter(([, r]) =>
        (r.Properties.Targets as any[]).some((t) => t.Arn?.['Fn::GetAtt']?.[0] === fnId),
      );
      expect(rules).toHaveLength(1);
      const [ruleId, rule] = rules[0]!;
      expect(rule.Properties.ScheduleExpression).toBe('rate(1 hour)');
      expect(rule.Properties.State).toBe('ENABLED');
      expect(rule.Properties.Targets[0].RetryPolicy).toEqual({ MaximumRetryAttempts: 0 });

      const permissions = ofType(resources, 'AWS::Lambda::Permission').filter(([, p]) => p.Properties.FunctionName?.['Fn::GetAtt']?.[0] === fnId);
      expect(permissions).toHaveLength(1);
      expect(permissions[0]![1].Properties).toMatchObject({
        Action: 'lambda:InvokeFunction',
        Principal: 'events.amazonaws.com',
        SourceArn: { 'Fn::GetAtt': [ruleId, 'Arn'] },
      });

      const [, invokeConfig] = ofType(resources, 'AWS::Lambda::EventInvokeConfig').find(([, c]) => c.Properties.FunctionName.Ref === fnId)!;
      expect(invokeConfig.Properties.MaximumRetryAttempts).toBe(0);
    }
  });

  it('reads the stage\'s table and images bucket, and logs to its own retained log group', () => {
    for (const { stage, resources } of stages) {
      const [, fn] = sweepFunction(resources);
      const [tableId] = ofType(resources, 'AWS::DynamoDB::Table')[0]!;
      const [, images] = ofType(resources, 'AWS::S3::Bucket').find(([, b]) => b.Properties.BucketName)!;
      expect(fn.Properties.Environment.Variables).toEqual({
        TABLE_NAME: { Ref: tableId },
        IMAGES_BUCKET: images.Properties.BucketName,
        SERVICE_NAME: 'leafline',
      });
      const group = resources[fn.Properties.LoggingConfig.LogGroup.Ref as string]!;
      expect(group.Type).toBe('AWS::Logs::LogGroup');
      expect(group.Properties.LogGroupName).toBe(jobLogGroupName(stage, SWEEP.name));
      expect(group.Properties.RetentionInDays).toBeGreaterThan(0);
      expect(group.DeletionPolicy).toBe(stage === 'dev' ? 'Delete' : 'Retain');
    }
  });

  it('has a role of its own that may only Query the sweep index, delete items, delete images/posts/* and images/avatars/* and write its logs', () => {
    for (const { resources } of stages) {
      const [fnId, fn] = sweepFunction(resources);
      const roleId = fn.Properties.Role['Fn::GetAtt'][0] as string;
      const role = resources[roleId]!;
      expect(role.Type).toBe('AWS::IAM::Role');
      expect(role.Properties.ManagedPolicyArns).toBeUndefined();
      expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
        { Action: 'sts:AssumeRole', Effect: 'Allow', Principal: { Service: 'lambda.amazonaws.com' } },
      ]);
      // No other function runs with it.
      const users = ofType(resources, 'AWS::Lambda::Function').filter(([, f]) => f.Properties.Role?.['Fn::GetAtt']?.[0] === roleId);
      expect(users.map(([id]) => id)).toEqual([fnId]);

      const [tableId] = ofType(resources, 'AWS::DynamoDB::Table')[0]!;
      const tableArn = { 'Fn::GetAtt': [tableId, 'Arn'] };
      const statements = roleStatements(resources, roleId);
      expect(statements.every((s) => s.Effect === 'Allow')).toBe(true);
      const bySid = Object.fromEntries(statements.map((s) => [s.Sid, s]));
      expect(Object.keys(bySid).sort()).toEqual(['ImagesDelete', 'Logs', 'TableDelete', 'TableQuery']);

      expect(bySid.TableQuery.Action).toBe('dynamodb:Query');
      expect(bySid.TableQuery.Resource).toEqual({ 'Fn::Join': ['', [tableArn, '/index/gsi2']] });
      expect(bySid.TableDelete.Action).toBe('dynamodb:DeleteItem');
      expect(bySid.TableDelete.Resource).toEqual(tableArn);
      expect(bySid.ImagesDelete.Action).toBe('s3:DeleteObject');
      const objects = JSON.stringify(bySid.ImagesDelete.Resource);
      expect(objects).toContain('/images/posts/*');
      expect(objects).toContain('/images/avatars/*');
      expect(objects).not.toMatch(/images\/\*"/);
      expect(bySid.Logs.Action.sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
      expect(bySid.Logs.Resource).toEqual({ 'Fn::GetAtt': [fn.Properties.LoggingConfig.LogGroup.Ref, 'Arn'] });

      const actions = statements.flatMap((s) => ([] as string[]).concat(s.Action));
      for (const never of ['dynamodb:Scan', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:GetItem', 's3:GetObject', 's3:PutObject']) {
        expect(actions).not.toContain(never);
      }
      expect(actions.filter((a) => a.includes('*'))).toEqual([]);
    }
  });

  it('names exactly the index and the kinds of call the sweep makes', async () => {
    process.env.TABLE_NAME ??= 'leafline-test';
    const { db } = await import('../../functions/db/service');
    const query = db().entities.pendingUpload.query.byExpiry({}).lt({ expiresAt: 2_000_000_000 }).params<{ IndexName: string }>();
    expect(SWEEP.access.queryIndexes).toEqual([query.IndexName]);
    const remove = db().entities.pendingUpload.delete({ objectKey: 'images/posts/a/b.jpg' }).params<{ Key: unknown; IndexName?: string }>();
    expect(remove.IndexName).toBeUndefined();
    expect(SWEEP.access.deleteItems).toBe(true);
  });

  it('refuses a job naming an index the table lacks or objects outside images/', () => {
    const base: JobDef = { ...SWEEP, access: { ...SWEEP.access } };
    expect(checkJob(base)).toBe(base);
    expect(() => checkJob({ ...base, access: { ...base.access, queryIndexes: ['nope'] } })).toThrow(/no index "nope"/);
    expect(() => checkJob({ ...base, access: { ...base.access, deleteImages: ['*'] } })).toThrow(/not under images\//);
    expect(() => checkJob({ ...base, timeoutSeconds: 901 })).toThrow(/timeoutSeconds/);
  });
});

describe('the stream dispatcher, the one reader of the table\'s stream', () => {
  const tableOf = (resources: Resources) => ofType(resources, 'AWS::DynamoDB::Table')[0]!;
  const mappingOf = (resources: Resources, fnId: string) => {
    const found = ofType(resources, 'AWS::Lambda::EventSourceMapping').filter(([, m]) => m.Properties.FunctionName?.Ref === fnId);
    expect(found).toHaveLength(1);
    return found[0]![1];
  };

  it('is the only stream job, bundled apart from the routes from functions/system/stream-dispatch, and loads as ESM with a handler', async () => {
    expect(STREAM_JOBS.map((j) => j.name)).toEqual([DISPATCH.name]);
    const job = bundles.jobs.find((j) => j.name === DISPATCH.name);
    expect(job).toBeDefined();
    expect(DISPATCH.handler).toBe('system/stream-dispatch');
    expect(job!.folder).toBe(jobFolder(DISPATCH.name));
    expect(bundles.entries.some((e) => e.folder === job!.folder)).toBe(false);
    expect(await handlerType(job!.dir)).toBe('function');
  });

  it('reads the table\'s stream of new images', () => {
    for (const { resources } of stages) {
      const [, table] = tableOf(resources);
      expect(table.Properties.StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
    }
  });

  it('is exactly one event source mapping on the table\'s stream, whatever the stage', () => {
    for (const { resources } of stages) {
      const [tableId] = tableOf(resources);
      const onStream = ofType(resources, 'AWS::Lambda::EventSourceMapping').filter(([, m]) => JSON.stringify(m.Properties.EventSourceArn) === JSON.stringify({ 'Fn::GetAtt': [tableId, 'StreamArn'] }));
      expect(onStream).toHaveLength(1);
      expect(ofType(resources, 'AWS::Lambda::EventSourceMapping')).toHaveLength(1);
      const [fnId] = jobFunction(resources, DISPATCH.name);
      expect(onStream[0]![1].Properties.FunctionName).toEqual({ Ref: fnId });
    }
  });

  it('is invoked for marked posts, users and pages, relisting job items, and new or changed messages, notifications, tallies, date counts, page memberships and comments; reports failed records, splits, retries and gives up old records', () => {
    for (const { resources } of stages) {
      const [fnId, fn] = jobFunction(resources, DISPATCH.name);
      expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler', Timeout: 900, MemorySize: 512 });
      const staged = readFileSync(join(assembly.directory, `asset.${(fn.Properties.Code.S3Key as string).replace(/\.zip$/, '')}`, 'index.mjs'));
      expect(staged.equals(readFileSync(join(bundles.jobs.find((j) => j.name === DISPATCH.name)!.dir, 'index.mjs')))).toBe(true);

      const [tableId] = tableOf(resources);
      const mapping = mappingOf(resources, fnId).Properties;
      expect(mapping.EventSourceArn).toEqual({ 'Fn::GetAtt': [tableId, 'StreamArn'] });
      expect(mapping.StartingPosition).toBe('TRIM_HORIZON');
      expect(mapping.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
      expect(mapping.BisectBatchOnFunctionError).toBe(true);
      expect(mapping.MaximumRetryAttempts).toBeGreaterThan(0);
      expect(mapping.MaximumRetryAttempts).toBeLessThanOrEqual(10);
      expect(mapping.MaximumRecordAgeInSeconds).toBe(DISPATCH.trigger.maxRecordAgeHours * 3600);
      expect(mapping.MaximumRecordAgeInSeconds).toBeLessThanOrEqual(24 * 3600);
      expect(mapping.BatchSize).toBe(DISPATCH.trigger.batchSize);

      const filters = mapping.FilterCriteria.Filters as { Pattern: string }[];
      expect(filters.map((f) => JSON.parse(f.Pattern))).toEqual([
        { eventName: ['MODIFY'], dynamodb: { NewImage: { __edb_e__: { S: ['post', 'user', 'page', 'event'] }, deletedAt: { S: [{ exists: true }] } } } },
        { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { __edb_e__: { S: ['relistJob', 'tagDeleteJob', 'post'] } } } },
        { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { __edb_e__: { S: ['message', 'notification', 'messageTally', 'eventDateCounts', 'pageMember', 'comment'] } } } },
        // A removed connection item (keys only: the stream carries new images) closes its socket.
        { eventName: ['REMOVE'], dynamodb: { Keys: { pk: { S: [{ prefix: 'wsconn#' }] } } } },
      ]);
      // No retries of its own beyond the mapping's (it is never invoked asynchronously).
      expect(ofType(resources, 'AWS::Lambda::EventInvokeConfig').some(([, c]) => c.Properties.FunctionName.Ref === fnId)).toBe(false);
    }
  });

  it('admits through its fan-out filter exactly the entities the fan-out handles', () => {
    const fanOut = DISPATCH.trigger.filters.find((f) => f.for === 'fan-out')!;
    expect([...fanOut.entities]).toEqual([...FANOUT_ENTITIES]);
  });

  it('admits through its socket-closing filter the removals of connection items, keyed as the entity keys them, and keeps a filter spare', async () => {
    const { connectionKey, connectionIdOfKey } = await import('../../functions/db/entities/realtime');
    const closing = DISPATCH.trigger.filters.find((f) => f.for === 'close-sockets')!;
    expect(closing).toMatchObject({ events: ['REMOVE'], entities: [], newImageHas: [] });
    expect(connectionKey('c-1').pk.startsWith(closing.keyPrefix!)).toBe(true);
    expect(connectionIdOfKey(connectionKey('c-1').pk)).toBe('c-1');
    expect(connectionIdOfKey('wsconns#u-1')).toBeNull();
    // Lambda takes 5 filters per mapping: new stream work joins the entity filters above.
    expect(DISPATCH.trigger.filters.length).toBeLessThanOrEqual(4);
  });

  it('notes given up batches in an encrypted, SSL-only queue kept 14 days', () => {
    for (const { stage, resources } of stages) {
      const [fnId] = jobFunction(resources, DISPATCH.name);
      const destination = mappingOf(resources, fnId).Properties.DestinationConfig.OnFailure.Destination;
      const queueId = destination['Fn::GetAtt'][0] as string;
      expect(destination).toEqual({ 'Fn::GetAtt': [queueId, 'Arn'] });
      const queue = resources[queueId]!;
      expect(queue.Type).toBe('AWS::SQS::Queue');
      expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
      expect(queue.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
      expect(queue.DeletionPolicy).toBe(stage === 'dev' ? 'Delete' : 'Retain');
      const [, policy] = ofType(resources, 'AWS::SQS::QueuePolicy').find(([, p]) => (p.Properties.Queues as { Ref: string }[]).some((q) => q.Ref === queueId))!;
      const denyHttp = (policy.Properties.PolicyDocument.Statement as any[]).find(
        (st) => st.Effect === 'Deny' && st.Condition?.Bool?.['aws:SecureTransport'] === 'false',
      );
      expect(denyHttp).toBeDefined();
    }
  });

  it('runs without SWEEPS (it sweeps what it is handed), on the stage\'s table, images bucket and sockets\' callback URL, logging to its own log group', () => {
    for (const { stage, stack, resources } of stages) {
      const [, fn] = jobFunction(resources, DISPATCH.name);
      const [tableId] = tableOf(resources);
      const [, images] = ofType(resources, 'AWS::S3::Bucket').find(([, b]) => b.Properties.BucketName)!;
      const apiId = stack.getLogicalId(stack.realtime.api.node.defaultChild as CfnElement);
      expect(fn.Properties.Environment.Variables).toEqual({
        TABLE_NAME: { Ref: tableId },
        IMAGES_BUCKET: images.Properties.BucketName,
        SERVICE_NAME: 'leafline',
        REALTIME_CALLBACK_URL: { 'Fn::Join': ['', ['https://', { Ref: apiId }, '.execute-api.', { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }, '/live']] },
      });
      const group = resources[fn.Properties.LoggingConfig.LogGroup.Ref as string]!;
      expect(group.Properties.LogGroupName).toBe(jobLogGroupName(stage, DISPATCH.name));
      expect(group.Properties.RetentionInDays).toBeGreaterThan(0);
    }
  });

  it('has a role of its own allowed only the calls its parts make, posting to this API\'s connections, its stream, its queue and its logs', () => {
    for (const { stack, resources } of stages) {
      const [fnId, fn] = jobFunction(resources, DISPATCH.name);
      const roleId = fn.Properties.Role['Fn::GetAtt'][0] as string;
      expect(resources[roleId]!.Properties.ManagedPolicyArns).toBeUndefined();
      const users = ofType(resources, 'AWS::Lambda::Function').filter(([, f]) => f.Properties.Role?.['Fn::GetAtt']?.[0] === roleId);
      expect(users.map(([id]) => id)).toEqual([fnId]);

      const [tableId] = tableOf(resources);
      const tableArn = { 'Fn::GetAtt': [tableId, 'Arn'] };
      const streamArn = { 'Fn::GetAtt': [tableId, 'StreamArn'] };
      const queueArn = mappingOf(resources, fnId).Properties.DestinationConfig.OnFailure.Destination;
      const statements = roleStatements(resources, roleId);
      expect(statements.every((st) => st.Effect === 'Allow' && !st.Condition)).toBe(true);
      const bySid = Object.fromEntries(statements.filter((st) => st.Sid).map((st) => [st.Sid, st]));
      expect(Object.keys(bySid).sort()).toEqual(['ImagesDelete', 'Logs', 'Sockets', 'TableDelete', 'TableItems', 'TableQuery']);

      expect(bySid.TableQuery.Action).toBe('dynamodb:Query');
      expect(bySid.TableQuery.Resource).toEqual([tableArn, ...['gsi1', 'gsi2', 'gsi3'].map((index) => ({ 'Fn::Join': ['', [tableArn, `/index/${index}`]] }))]);
      expect(bySid.TableDelete).toMatchObject({ Action: 'dynamodb:DeleteItem', Resource: tableArn });
      expect([...bySid.TableItems.Action].sort()).toEqual([
        'dynamodb:BatchGetItem',
        'dynamodb:BatchWriteItem',
        'dynamodb:ConditionCheckItem',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
      ]);
      expect(bySid.TableItems.Resource).toEqual(tableArn);
      expect(bySid.ImagesDelete.Action).toBe('s3:DeleteObject');
      const objects = JSON.stringify(bySid.ImagesDelete.Resource);
      expect(objects).toContain('/images/posts/*');
      expect(objects).not.toMatch(/images\/\*"/);
      expect(objects).not.toContain('avatars');
      expect(bySid.Logs.Resource).toEqual({ 'Fn::GetAtt': [fn.Properties.LoggingConfig.LogGroup.Ref, 'Arn'] });

      // Posting frames and closing connections: this WebSocket API's stage only, POST and DELETE @connections only.
      const apiId = stack.getLogicalId(stack.realtime.api.node.defaultChild as CfnElement);
      const connections = (method: string) => ({
        'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':execute-api:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':', { Ref: apiId }, `/live/${method}/@connections/*`]],
      });
      expect(bySid.Sockets.Action).toBe('execute-api:ManageConnections');
      expect(bySid.Sockets.Resource).toEqual([connections('DELETE'), connections('POST')]);

      // What the event source adds: reading this table's stream, and sending to its own queue.
      const unnamed = statements.filter((st) => !st.Sid);
      const resourcesOf = (action: string) => unnamed.filter((st) => ([] as string[]).concat(st.Action).includes(action)).map((st) => st.Resource);
      for (const read of ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator']) expect(resourcesOf(read)).toEqual([streamArn]);
      expect(resourcesOf('dynamodb:ListStreams')).toEqual(['*']);
      expect(resourcesOf('sqs:SendMessage')).toEqual([queueArn]);
      const allowed = new Set(statements.flatMap((st) => ([] as string[]).concat(st.Action)));
      for (const action of allowed) {
        expect(action, action).toMatch(
          /^(logs:(CreateLogStream|PutLogEvents)|dynamodb:(Query|GetItem|BatchGetItem|PutItem|UpdateItem|DeleteItem|BatchWriteItem|ConditionCheckItem|DescribeStream|GetRecords|GetShardIterator|ListStreams)|s3:DeleteObject|sqs:(SendMessage|GetQueueAttributes|GetQueueUrl)|execute-api:ManageConnections)$/,
        );
      }
      expect(statements.filter((st) => st.Resource === '*').flatMap((st) => ([] as string[]).concat(st.Action))).toEqual(['dynamodb:ListStreams']);
      for (const never of ['dynamodb:Scan', 's3:PutObject', 's3:GetObject']) expect([...allowed]).not.toContain(never);
    }
  });

  it('names exactly the indexes its parts read: owners\' posts, plants and pages (gsi1), events by owner and page staff (gsi2), a member\'s sockets (gsi3)', async () => {
    process.env.TABLE_NAME ??= 'leafline-test';
    const { db } = await import('../../functions/db/service');
    const e = db().entities;
    const read = [
      e.post.query.ownerAll({ ownerType: 'user', ownerId: 'u', kind: 'post' }).params<{ IndexName: string }>(),
      e.post.query.ownerAll({ ownerType: 'user', ownerId: 'u', kind: 'plant' }).params<{ IndexName: string }>(),
      e.event.query.byOwner({ ownerType: 'user', ownerId: 'u' }).params<{ IndexName: string }>(),
      e.pageMember.query.members({ pageId: 'p' }).params<{ IndexName: string }>(),
      e.pageMember.query.byUser({ userId: 'u' }).params<{ IndexName: string }>(),
      e.realtimeConnection.query.byUser({ userId: 'u' }).params<{ IndexName: string }>(),
    ].map((q) => q.IndexName);
    expect([...DISPATCH.access.queryIndexes]).toEqual([...new Set(read)].sort());
    expect(DISPATCH.access.queryTable).toBe(true);
  });

  it('refuses a trigger the event source mapping would not take, and a second stream job', () => {
    const base: StreamJobDef = { ...DISPATCH, access: { ...DISPATCH.access }, trigger: { ...DISPATCH.trigger } };
    expect(checkStreamJob(base)).toBe(base);
    const filter = DISPATCH.trigger.filters[0];
    expect(() => checkStreamJob({ ...base, trigger: { ...base.trigger, filters: [] } })).toThrow(/no change/);
    expect(() => checkStreamJob({ ...base, trigger: { ...base.trigger, filters: [{ ...filter, events: [] }] } })).toThrow(/no event/);
    expect(() => checkStreamJob({ ...base, trigger: { ...base.trigger, filters: Array.from({ length: 6 }, () => filter) } })).toThrow(/at most 5/);
    expect(() => checkStreamJob({ ...base, trigger: { ...base.trigger, batchSize: 0 } })).toThrow(/batchSize/);
    expect(() => checkStreamJob({ ...base, trigger: { ...base.trigger, maxRecordAgeHours: 25 } })).toThrow(/maxRecordAgeHours/);
    expect(() => checkStreamJob({ ...base, access: { ...base.access, queryIndexes: ['nope'] } })).toThrow(/no index "nope"/);

    const app = newApp({ outdir: join(workDir, 'cdk.out.two-readers') });
    const stack = new Stack(app, 'TwoReaders');
    const table = new dynamodb.Table(stack, 'Table', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING }, stream: dynamodb.StreamViewType.NEW_IMAGE });
    expect(
      () =>
        new StreamJobs(stack, 'StreamJobs', {
          stage: 'dev',
          table,
          imagesBucketName: 'images',
          logRetention: logs.RetentionDays.ONE_WEEK,
          disposable: true,
          bundles: bundles.jobs,
          jobs: [base, { ...base, name: 'another-reader' }],
        }),
    ).toThrow(/one reader/);
  });
});

describe('the operator\'s jobs, invoked by hand', () => {
  const MIGRATE = MANUAL_JOBS.find((j) => j.name === 'migrate-owner-kinds')!;
  /** A job only an operator invokes: no rule, no event source, no permission to invoke it; an output naming it. */
  const expectOperatorOnly = (stack: Stack, resources: Resources, fnId: string, output: string) => {
    const names = (r: Resource) => JSON.stringify(r.Properties).includes(`"${fnId}"`);
    expect(ofType(resources, 'AWS::Events::Rule').filter(([, r]) => names(r))).toEqual([]);
    expect(ofType(resources, 'AWS::Lambda::EventSourceMapping').filter(([, r]) => names(r))).toEqual([]);
    expect(ofType(resources, 'AWS::Lambda::Permission').filter(([, r]) => names(r))).toEqual([]);
    const outputs = Template.fromStack(stack).toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(outputs[output]?.Value).toEqual({ Ref: fnId });
  };

  it('the owner-kinds migration: its own bundle (ESM, with a handler), a Lambda nothing but an operator invokes (no rule, no event source, no permission), an output naming it, and a role that may only Scan and Query the table, get, put, update and delete its items and write its logs', async () => {
    expect(MIGRATE.handler).toBe('system/migrate-owner-kinds');
    const job = bundles.jobs.find((j) => j.name === MIGRATE.name);
    expect(job).toBeDefined();
    expect(await handlerType(job!.dir)).toBe('function');
    for (const { stack, resources } of stages) {
      const [fnId, fn] = jobFunction(resources, MIGRATE.name);
      expect(fn.Properties.Timeout).toBe(900);
      expectOperatorOnly(stack, resources, fnId, 'MigrateOwnerKindsFunction');

      const roleId = fn.Properties.Role['Fn::GetAtt'][0] as string;
      const users = ofType(resources, 'AWS::Lambda::Function').filter(([, f]) => f.Properties.Role?.['Fn::GetAtt']?.[0] === roleId);
      expect(users.map(([id]) => id)).toEqual([fnId]);
      const [tableId] = ofType(resources, 'AWS::DynamoDB::Table')[0]!;
      const tableArn = { 'Fn::GetAtt': [tableId, 'Arn'] };
      const statements = roleStatements(resources, roleId);
      expect(statements.every((st) => st.Effect === 'Allow')).toBe(true);
      const bySid = Object.fromEntries(statements.map((st) => [st.Sid, st]));
      expect(Object.keys(bySid).sort()).toEqual(['Logs', 'TableDelete', 'TableItems', 'TableQuery', 'TableScan']);
      expect(bySid.TableScan.Action).toBe('dynamodb:Scan');
      expect(bySid.TableScan.Resource).toEqual(tableArn);
      expect(bySid.TableQuery.Resource).toEqual(tableArn);
      expect(bySid.TableDelete.Resource).toEqual(tableArn);
      expect(([] as string[]).concat(bySid.TableItems.Action).sort()).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
      expect(bySid.TableItems.Resource).toEqual(tableArn);
    }
  });

  it.each([
    ['backfill-authored', 'BackfillAuthoredFunction'],
    ['backfill-unread', 'BackfillUnreadFunction'],
  ])('the backfill %s: invoked by hand only, an output naming it, and a role that may only Scan the table, get and update items and write its logs', async (name, output) => {
    const BACKFILL = MANUAL_JOBS.find((j) => j.name === name)!;
    expect(await handlerType(bundles.jobs.find((j) => j.name === BACKFILL.name)!.dir)).toBe('function');
    for (const { stack, resources } of stages) {
      const [fnId, fn] = jobFunction(resources, BACKFILL.name);
      expectOperatorOnly(stack, resources, fnId, output);
      const bySid = Object.fromEntries(roleStatements(resources, fn.Properties.Role['Fn::GetAtt'][0] as string).map((st) => [st.Sid, st]));
      expect(Object.keys(bySid).sort()).toEqual(['Logs', 'TableItems', 'TableScan']);
      expect(([] as string[]).concat(bySid.TableItems.Action).sort()).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
    }
  });

  it('the stream replay: invoked by hand only, an output naming it, the stream job\'s queue, function and stream in its environment, and a role that may only receive and delete that queue\'s notes, read the table\'s stream at a position, invoke the stream job and write its logs', async () => {
    const REPLAY = MANUAL_JOBS.find((j) => j.name === 'stream-replay')!;
    expect(REPLAY.handler).toBe('system/stream-replay-job');
    expect(await handlerType(bundles.jobs.find((j) => j.name === REPLAY.name)!.dir)).toBe('function');
    for (const { stack, resources } of stages) {
      const [fnId, fn] = jobFunction(resources, REPLAY.name);
      expect(fn.Properties.Timeout).toBe(900);
      expectOperatorOnly(stack, resources, fnId, 'StreamReplayFunction');

      const [dispatchId] = jobFunction(resources, DISPATCH.name);
      const queueArn = ofType(resources, 'AWS::Lambda::EventSourceMapping').find(([, m]) => m.Properties.FunctionName?.Ref === dispatchId)![1].Properties.DestinationConfig.OnFailure.Destination;
      const queueId = queueArn['Fn::GetAtt'][0] as string;
      const [tableId] = ofType(resources, 'AWS::DynamoDB::Table')[0]!;
      const streamArn = { 'Fn::GetAtt': [tableId, 'StreamArn'] };

      // Its targets: the dispatcher's function, its queue (by URL), the stream, its filters and batch size.
      const targets = JSON.stringify(fn.Properties.Environment.Variables.STREAM_REPLAY_TARGETS);
      for (const part of [{ Ref: dispatchId }, { Ref: queueId }, streamArn]) expect(targets).toContain(JSON.stringify(part));
      expect(targets).toContain('\\"job\\":\\"stream-dispatch\\"');
      expect(targets).toContain(`\\"batchSize\\":${DISPATCH.trigger.batchSize}`);
      expect(targets).toContain('\\"keyPrefix\\":\\"wsconn#\\"');

      const roleId = fn.Properties.Role['Fn::GetAtt'][0] as string;
      const users = ofType(resources, 'AWS::Lambda::Function').filter(([, f]) => f.Properties.Role?.['Fn::GetAtt']?.[0] === roleId);
      expect(users.map(([id]) => id)).toEqual([fnId]);
      const statements = roleStatements(resources, roleId);
      expect(statements.every((st) => st.Effect === 'Allow' && !st.Condition)).toBe(true);
      const bySid = Object.fromEntries(statements.map((st) => [st.Sid, st]));
      expect(Object.keys(bySid).sort()).toEqual(['Logs', 'StreamJobInvoke', 'StreamNotes', 'StreamRead']);
      expect(([] as string[]).concat(bySid.StreamNotes.Action).sort()).toEqual(['sqs:DeleteMessage', 'sqs:ReceiveMessage']);
      expect(bySid.StreamNotes.Resource).toEqual(queueArn);
      expect(([] as string[]).concat(bySid.StreamRead.Action).sort()).toEqual(['dynamodb:GetRecords', 'dynamodb:GetShardIterator']);
      expect(bySid.StreamRead.Resource).toEqual(streamArn);
      expect(bySid.StreamJobInvoke).toMatchObject({ Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [dispatchId, 'Arn'] } });
      // No table access: the stream job does the work with its own role.
      expect(statements.flatMap((st) => ([] as string[]).concat(st.Action)).filter((a) => /^dynamodb:(?!GetRecords$|GetShardIterator$)/.test(a) || a.startsWith('s3:'))).toEqual([]);
    }
  });

  it('only a job an operator invokes may replay the stream', () => {
    expect(() => checkJob({ ...SWEEP, access: { ...SWEEP.access, replayStream: true } })).toThrow(/only a job an operator invokes may replay the stream/);
    for (const job of [...JOBS, ...STREAM_JOBS]) expect((job.access as { replayStream?: boolean }).replayStream, job.name).toBeUndefined();
  });

  it('is the only job that may Scan: a scheduled or stream job asking for it is refused', () => {
    expect(() => checkJob({ ...SWEEP, access: { ...SWEEP.access, scanTable: true } })).toThrow(/only a job an operator invokes may Scan/);
    expect(() => checkStreamJob({ ...DISPATCH, access: { ...DISPATCH.access, scanTable: true } })).toThrow(/only a job an operator invokes may Scan/);
    for (const job of [...JOBS, ...STREAM_JOBS]) expect((job.access as { scanTable?: boolean }).scanTable, job.name).toBeUndefined();
  });
});


describe('the jobs routes start', () => {
  const EXPORT = ROUTE_JOBS.find((j) => j.name === 'export')!;

  it('the export: its own bundle (ESM, with a handler), a fixed function name, no rule or event source, no retries, and a role that may read the member\'s data, read images and their messages\' photos, and write and delete only under private/exports/', async () => {
    expect(EXPORT.handler).toBe('exports/job');
    const job = bundles.jobs.find((j) => j.name === EXPORT.name);
    expect(await handlerType(job!.dir)).toBe('function');
    for (const { stage, resources } of stages) {
      const [fnId, fn] = jobFunction(resources, EXPORT.name);
      expect(fn.Properties.FunctionName).toBe(routeJobFunctionName(stage, 'export'));
      expect(fn.Properties.Timeout).toBe(900);
      const names = (r: Resource) => JSON.stringify(r.Properties).includes(`"${fnId}"`);
      expect(ofType(resources, 'AWS::Events::Rule').filter(([, r]) => names(r))).toEqual([]);
      expect(ofType(resources, 'AWS::Lambda::EventSourceMapping').filter(([, r]) => names(r))).toEqual([]);
      const invokeConfig = ofType(resources, 'AWS::Lambda::EventInvokeConfig').filter(([, r]) => names(r));
      expect(invokeConfig.map(([, r]) => r.Properties.MaximumRetryAttempts)).toEqual([0]);

      const roleId = fn.Properties.Role['Fn::GetAtt'][0] as string;
      const statements = roleStatements(resources, roleId);
      const bySid = Object.fromEntries(statements.map((st) => [st.Sid, st]));
      expect(Object.keys(bySid).sort()).toEqual(['ImagesDelete', 'ImagesRead', 'Logs', 'PrivateRead', 'PrivateWrite', 'TableItems', 'TableQuery']);
      // The photos of the member's messages, and nothing else under private/ but its own archives.
      expect(bySid.PrivateRead.Action).toBe('s3:GetObject');
      expect(JSON.stringify(bySid.PrivateRead.Resource)).toMatch(/\/private\/messages\/\*"/);
      expect(([] as string[]).concat(bySid.TableItems.Action).sort()).toEqual(['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem']);
      expect(JSON.stringify(bySid.TableQuery.Resource)).toMatch(/index\/gsi1.*index\/gsi2/);
      expect(JSON.stringify(bySid.ImagesRead.Resource)).toMatch(/\/images\/\*"/);
      expect(([] as string[]).concat(bySid.PrivateWrite.Action).sort()).toEqual(['s3:AbortMultipartUpload', 's3:PutObject']);
      expect(JSON.stringify(bySid.PrivateWrite.Resource)).toMatch(/\/private\/exports\/\*"/);
      expect(bySid.ImagesDelete.Action).toBe('s3:DeleteObject');
      expect(JSON.stringify(bySid.ImagesDelete.Resource)).toMatch(/\/private\/exports\/\*"/);
    }
  });

  it('is started by POST /api/iam/export/new alone, whose function is told its name and may invoke it and nothing else', () => {
    for (const v of synth.stages) {
      const { fn, nested } = lambdaOf(v, 'users', 'POST /api/iam/export/new');
      expect(fn.Properties.Environment.Variables.EXPORT_FUNCTION).toBe(routeJobFunctionName(v.name, 'export'));
      const invoke = roleStatements(nested.resources, fn.Properties.Role['Fn::GetAtt'][0] as string).filter((st) => JSON.stringify(st.Action).includes('lambda:'));
      expect(invoke).toHaveLength(1);
      expect(invoke[0]!.Action).toBe('lambda:InvokeFunction');
      expect(JSON.stringify(invoke[0]!.Resource)).toContain(`:function:${routeJobFunctionName(v.name, 'export')}"`);
      // No other route's function knows the name.
      for (const [, other] of ofType(nested.resources, 'AWS::Lambda::Function')) {
        if (other !== fn) expect(other.Properties.Environment?.Variables?.EXPORT_FUNCTION).toBeUndefined();
      }
    }
  });
});
