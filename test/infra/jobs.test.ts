/**
 * The scheduled jobs in the cloud: the unused-uploads sweep runs hourly from an EventBridge rule,
 * on its own bundle (loadable as ESM in a fresh Node process), with a role that may only Query the
 * index it reads, delete table items and delete objects under images/posts/ (and write its logs).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBundles, ESM_REQUIRE_BANNER, REPO_ROOT, type BundleResult } from '../../infra/aws/bundle';
import { addStage, newApp } from '../../infra/aws/create-app';
import { checkJob, JOBS, jobFolder, type JobDef } from '../../infra/aws/jobs';
import { jobLogGroupName } from '../../infra/aws/scheduled-jobs';
import type { SiteStack } from '../../infra/aws/site-stack';

/* eslint-disable @typescript-eslint/no-explicit-any -- CloudFormation JSON is untyped */
type Resource = { Type: string; Properties?: any; DeletionPolicy?: string };
type Resources = Record<string, Resource>;

const run = promisify(execFile);
const SWEEP = JOBS.find((j) => j.name === 'sweep-uploads')!;

let bundles: BundleResult;
let workDir: string;
let assembly: CloudAssembly;
let stages: { stage: 'dev' | 'prod'; stack: SiteStack; resources: Resources }[];

function ofType(resources: Resources, type: string): [string, Resource][] {
  return Object.entries(resources).filter(([, r]) => r.Type === type);
}

/** The sweep's Lambda in a stage's parent template (found by its description). */
function sweepFunction(resources: Resources): [string, Resource] {
  const found = ofType(resources, 'AWS::Lambda::Function').filter(([, f]) => String(f.Properties.Description).includes('job sweep-uploads'));
  expect(found).toHaveLength(1);
  return found[0]!;
}

function roleStatements(resources: Resources, roleId: string): any[] {
  return ofType(resources, 'AWS::IAM::Policy')
    .filter(([, p]) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as any[]);
}

beforeAll(async () => {
  bundles = await buildBundles();
  await mkdir(join(REPO_ROOT, '.tmp'), { recursive: true });
  workDir = await mkdtemp(join(REPO_ROOT, '.tmp', 'infra-jobs-'));
  const app = newApp({ outdir: join(workDir, 'cdk.out'), context: { '@aws-cdk/core:failSynthOnValidationErrors': false } });
  const dev = addStage(app, { stage: 'dev' }, bundles);
  const prod = addStage(app, { stage: 'prod', mailFrom: 'no-reply@example.org' }, bundles);
  assembly = app.synth();
  const resourcesOf = (stack: SiteStack) => Template.fromStack(stack).toJSON().Resources as Resources;
  stages = [
    { stage: 'dev', stack: dev, resources: resourcesOf(dev) },
    { stage: 'prod', stack: prod, resources: resourcesOf(prod) },
  ];
}, 300_000);

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('the sweep-uploads job', () => {
  it('is bundled apart from the routes, from functions/images/sweep-uploads, and loads as ESM with a handler', async () => {
    const job = bundles.jobs.find((j) => j.name === SWEEP.name);
    expect(job).toBeDefined();
    expect(job!.folder).toBe(jobFolder(SWEEP.name));
    expect(bundles.entries.some((e) => e.folder === job!.folder)).toBe(false);
    const code = readFileSync(join(job!.dir, 'index.mjs'), 'utf8');
    expect(code.startsWith(ESM_REQUIRE_BANNER)).toBe(true);
    const script = 'const m = await import(process.argv[1] + "/index.mjs"); process.stdout.write(typeof m.handler);';
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script, job!.dir], {
      env: { PATH: process.env.PATH ?? '', POWERTOOLS_LOG_LEVEL: 'ERROR', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
      timeout: 60_000,
    });
    expect(stdout).toBe('function');
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
        POWERTOOLS_SERVICE_NAME: 'leafline',
      });
      const group = resources[fn.Properties.LoggingConfig.LogGroup.Ref as string]!;
      expect(group.Type).toBe('AWS::Logs::LogGroup');
      expect(group.Properties.LogGroupName).toBe(jobLogGroupName(stage, SWEEP.name));
      expect(group.Properties.RetentionInDays).toBeGreaterThan(0);
      expect(group.DeletionPolicy).toBe(stage === 'dev' ? 'Delete' : 'Retain');
    }
  });

  it('has a role of its own that may only Query the sweep index, delete items, delete images/posts/* and write its logs', () => {
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
