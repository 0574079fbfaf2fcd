/**
 * The cloud host, asserted on the synthesised templates (one synth for the whole file): every
 * route of the route table becomes a Lambda and an API route, the table matches table.ts,
 * CloudFront is the distribution infra/aws/cdn.ts describes, each grant becomes exactly its
 * permissions (per route: least-privilege.test.ts), every template stays under 450 resources,
 * and cdk-nag has nothing unacknowledged.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { App, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { keyAttributes, TABLE } from '../../functions/db/table';
import type { Grant } from '../../functions/lib/route-types';
import { CATCH_ALL } from '../../functions/routes';
import { GrantRole } from '../../infra/aws/grant-role';
import { functionSizing } from '../../infra/aws/naming';
import { NEAR_YOU_FUNCTION } from '../../infra/aws/near-you-cache';
import { NEAR_YOU_CACHE_SECONDS } from '../../shared/constants';
import { KEPT_ROUTE_NAMES } from './kept-names';
import { PROD_CONFIG, RESIZED, recordAcknowledgements, synthesisedStages } from './synth-fixture';
import { actionsOf, expectedRoutes, fromParent, lambdaOf, ofType, type Resource, type Resources, type StageView } from './template-view';

/* eslint-disable @typescript-eslint/no-explicit-any -- CloudFormation JSON is untyped */

/** The ten headers the API reads (API_FORWARDED_HEADERS in infra/aws/cdn.ts), written out here so a change to the stack's list is caught. */
const EXPECTED_API_HEADERS = [
  'client-platform',
  'content-type',
  'user-agent',
  'accept-language',
  'cloudfront-viewer-address',
  'cloudfront-viewer-latitude',
  'cloudfront-viewer-longitude',
  'cloudfront-viewer-city',
  'cloudfront-viewer-country-region',
  'cloudfront-viewer-country',
];

function only(resources: Resources, type: string): [string, Resource] {
  const found = ofType(resources, type);
  expect(found, type).toHaveLength(1);
  return found[0]!;
}

/** The stage's one HTTP API (the parent also holds the WebSocket API). */
function httpApi(resources: Resources): [string, Resource] {
  const found = ofType(resources, 'AWS::ApiGatewayV2::Api').filter(([, a]) => a.Properties.ProtocolType === 'HTTP');
  expect(found).toHaveLength(1);
  return found[0]!;
}

function policyStatements(resources: Resources): any[] {
  return ofType(resources, 'AWS::IAM::Policy').flatMap(([, p]) => p.Properties.PolicyDocument.Statement as any[]);
}

const synth = synthesisedStages();

describe('routes', () => {
  it('every route of the table, and $default, has its own Node 22 arm64 Lambda behind its API route key', () => {
    for (const v of synth.stages) {
      for (const { key, domain } of expectedRoutes(v)) {
        const { fn, integration } = lambdaOf(v, domain, key);
        expect(integration.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
        expect(fn.Properties).toMatchObject({
          Runtime: 'nodejs22.x',
          Architectures: ['arm64'],
          Handler: 'index.handler',
          Description: key,
        });
      }
    }
  });

  it('exposes no API route that is not in the table, and one Lambda per route', () => {
    for (const v of synth.stages) {
      const expected = expectedRoutes(v).map((r) => r.key).sort();
      const all = [...v.nested.values()].flatMap((n) => ofType(n.resources, 'AWS::ApiGatewayV2::Route'));
      expect(all.map(([, r]) => r.Properties.RouteKey as string).sort()).toEqual(expected);
      const fns = [...v.nested.values()].flatMap((n) => ofType(n.resources, 'AWS::Lambda::Function'));
      expect(new Set(fns.map(([, f]) => f.Properties.Description)).size).toBe(expected.length);
      // Routes live in nested stacks only: the parent holds the API and its stage (and the
      // WebSocket API with its three routes: test/infra/realtime.test.ts).
      const [httpApiId] = httpApi(v.parent);
      expect(ofType(v.parent, 'AWS::ApiGatewayV2::Route').filter(([, r]) => r.Properties.ApiId?.Ref === httpApiId)).toHaveLength(0);
    }
  });

  it('deploys each route its own bundle', () => {
    const assemblyDir = synth.fx.assembly.directory;
    for (const v of synth.stages) {
      for (const { key, domain } of expectedRoutes(v)) {
        const { fn } = lambdaOf(v, domain, key);
        const hash = (fn.Properties.Code.S3Key as string).replace(/\.zip$/, '');
        const bundle = synth.fx.bundles.entries.find((e) => e.routeKey === key);
        expect(bundle, `bundle of ${key}`).toBeDefined();
        const staged = readFileSync(join(assemblyDir, `asset.${hash}`, 'index.mjs'));
        expect(staged.equals(readFileSync(join(bundle!.dir, 'index.mjs'))), `asset of ${key} is its bundle`).toBe(true);
      }
    }
  });

  it('gives each function the default size unless its route sets memoryMb/timeoutSeconds', () => {
    for (const v of synth.stages) {
      for (const { key, domain, route } of expectedRoutes(v)) {
        const sizing = route ? functionSizing(route) : { memoryMb: 256, timeoutSeconds: 10 };
        const { fn } = lambdaOf(v, domain, key);
        expect(fn.Properties.MemorySize, key).toBe(sizing.memoryMb);
        expect(fn.Properties.Timeout, key).toBe(sizing.timeoutSeconds);
      }
    }
    const [resized] = synth.fx.prodRoutes;
    const { fn: big } = lambdaOf(synth.stages[1]!, resized!.stack, synth.fx.resizedKey);
    expect(big.Properties).toMatchObject({ MemorySize: RESIZED.memoryMb, Timeout: RESIZED.timeoutSeconds });
    const { fn: normal } = lambdaOf(synth.stages[0]!, resized!.stack, synth.fx.resizedKey);
    expect(normal.Properties).toMatchObject({ MemorySize: 256, Timeout: 10 });
  });

  it('gives the functions that hash passwords 1024 MB and 10 s', () => {
    const hashing = ['POST /api/iam/authn/signup', 'POST /api/iam/authn/login', 'PUT /api/iam/pwreset/update', 'POST /api/iam/authn/verifyemailtoken'];
    for (const v of synth.stages) {
      for (const key of hashing) {
        const route = expectedRoutes(v).find((r) => r.key === key);
        expect(route, key).toBeDefined();
        expect(lambdaOf(v, route!.domain, key).fn.Properties, key).toMatchObject({ MemorySize: 1024, Timeout: 10 });
      }
    }
  });

  it('refuses sizes the platform would not honour', () => {
    expect(functionSizing({ method: 'GET', path: '/api/x' })).toEqual({ memoryMb: 256, timeoutSeconds: 10 });
    expect(() => functionSizing({ method: 'GET', path: '/api/x', timeoutSeconds: 31 })).toThrow(/timeoutSeconds/);
    expect(() => functionSizing({ method: 'GET', path: '/api/x', memoryMb: 64 })).toThrow(/memoryMb/);
  });

  it('keeps members\' exports 7 days under the images bucket\'s private prefix, and aborts a multipart upload left for a day', () => {
    for (const v of synth.stages) {
      const imagesBucket = ofType(v.parent, 'AWS::S3::Bucket').find(([, b]) => b.Properties.BucketName)![1];
      const rules = imagesBucket.Properties.LifecycleConfiguration.Rules as Record<string, unknown>[];
      expect(rules).toContainEqual(expect.objectContaining({ Prefix: 'private/exports/', ExpirationInDays: 7, Status: 'Enabled' }));
      expect(rules).toContainEqual(expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }));
      // Nothing else expires: the images themselves are kept.
      expect(rules.filter((r) => r.ExpirationInDays !== undefined)).toHaveLength(1);
    }
  });

  it('passes the environment the handlers read, wired to this stage\'s resources', () => {
    for (const v of synth.stages) {
      const tableId = only(v.parent, 'AWS::DynamoDB::Table')[0];
      const secrets = ofType(v.parent, 'AWS::SecretsManager::Secret');
      const signingId = secrets.find(([, s]) => /HMAC/.test(s.Properties.Description))![0];
      const originId = secrets.find(([, s]) => /x-origin-verify/.test(s.Properties.Description))![0];
      const imagesBucket = ofType(v.parent, 'AWS::S3::Bucket').find(([, b]) => b.Properties.BucketName)![1];
      for (const { key, domain } of expectedRoutes(v)) {
        const { params } = v.nested.get(domain)!;
        const env = lambdaOf(v, domain, key).fn.Properties.Environment.Variables;
        expect(fromParent(env.TABLE_NAME, params)).toEqual({ Ref: tableId });
        expect(fromParent(env.SIGNING_SECRET_ARN, params)).toEqual({ Ref: signingId });
        expect(env.IMAGES_BUCKET).toEqual(imagesBucket.Properties.BucketName);
        // The secrets by ARN only, read at run time (test/infra/secrets-at-rest.test.ts).
        expect(fromParent(env.ORIGIN_SECRET_ARN, params)).toEqual({ Ref: originId });
        expect(env.ORIGIN_SECRET).toBeUndefined();
        expect(env.SERVICE_NAME).toBe('leafline');
        // Big deletions only mark their root; the stream job sweeps (test/infra/jobs.test.ts).
        expect(env.SWEEPS, key).toBe('stream');
        expect(env.NODE_OPTIONS).toBeUndefined();
        if (v.name === 'prod') {
          expect(env).toMatchObject({ MAIL_FROM: PROD_CONFIG.mailFrom, ADMIN_EMAILS: PROD_CONFIG.adminEmails, SITE_ORIGIN: PROD_CONFIG.siteOrigin });
        } else {
          expect(env.SITE_ORIGIN).toBeUndefined();
          expect(env.MAIL_FROM).toBeUndefined();
          expect(env.ADMIN_EMAILS).toBeUndefined();
        }
      }
      // Admin addresses reach the Lambdas only: never an output, never the parent template.
      expect(JSON.stringify(v.parentJson)).not.toContain('admin@example.org');
    }
  });

  it('sends each function\'s logs to its own retained-for-a-while log group the role may write', () => {
    for (const v of synth.stages) {
      for (const [domain, nested] of v.nested) {
        const logsStatement = policyStatements(nested.resources).find((s) => s.Sid === 'Logs');
        const parts = logsStatement.Resource['Fn::Join'][1] as unknown[];
        const tail = parts[parts.length - 1] as string;
        const prefix = tail.replace(/^:log-group:/, '').replace(/\*$/, '');
        expect(prefix).toBe(`/aws/lambda/leafline/${v.name}/${domain}/`);
        for (const [, fn] of ofType(nested.resources, 'AWS::Lambda::Function')) {
          const group = nested.resources[fn.Properties.LoggingConfig.LogGroup.Ref as string]!;
          expect(group.Type).toBe('AWS::Logs::LogGroup');
          expect(group.Properties.LogGroupName.startsWith(prefix)).toBe(true);
          expect(group.Properties.RetentionInDays).toBeGreaterThan(0);
        }
      }
    }
  });
});

describe('names a kept stage holds', () => {
  // A stage that keeps its resources keeps each route's nested stack and log group: a route that
  // moved to another nested stack would be created there while the old stack still holds its
  // route key (API Gateway refuses the duplicate), and its retained log group would be orphaned.
  it("keeps every route in the nested stack and log group it has always had", () => {
    const prod = synth.stages.find((v) => v.name === 'prod')!;
    const actual: Record<string, readonly [string, string]> = {};
    for (const [domain, nestedStack] of prod.stack.routeStacks) {
      for (const [, route] of ofType(prod.nested.get(domain)!.resources, 'AWS::ApiGatewayV2::Route')) {
        const key = route.Properties.RouteKey as string;
        const { fn, nested } = lambdaOf(prod, domain, key);
        actual[key] = [nestedStack.node.id, nested.resources[fn.Properties.LoggingConfig.LogGroup.Ref as string]!.Properties.LogGroupName as string];
      }
    }
    expect(actual).toEqual(KEPT_ROUTE_NAMES);
  });
});

describe('table', () => {
  it('matches functions/db/table.ts exactly', () => {
    for (const v of synth.stages) {
      const props = only(v.parent, 'AWS::DynamoDB::Table')[1].Properties;
      expect(props.KeySchema).toEqual([
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ]);
      const attributes = props.AttributeDefinitions as { AttributeName: string; AttributeType: string }[];
      expect(attributes.map((a) => a.AttributeName).sort()).toEqual(keyAttributes().sort());
      expect(attributes.every((a) => a.AttributeType === 'S')).toBe(true);
      expect(props.GlobalSecondaryIndexes).toEqual(
        TABLE.globalIndexes.map((gsi) => ({
          IndexName: gsi.name,
          KeySchema: [
            { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
            { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      );
      expect(props.TimeToLiveSpecification).toEqual({ AttributeName: TABLE.ttlAttribute, Enabled: true });
      expect(props.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
      expect(props.BillingMode).toBe('PAY_PER_REQUEST');
      expect(props.StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
    }
  });

  it('is protected and retained outside dev stages, disposable in dev', () => {
    const [dev, prod] = synth.stages;
    const devTable = only(dev!.parent, 'AWS::DynamoDB::Table')[1];
    const prodTable = only(prod!.parent, 'AWS::DynamoDB::Table')[1];
    expect(devTable.Properties.DeletionProtectionEnabled).toBe(false);
    expect(devTable.DeletionPolicy).toBe('Delete');
    expect(prodTable.Properties.DeletionProtectionEnabled).toBe(true);
    expect(prodTable.DeletionPolicy).toBe('Retain');
    expect(prodTable.UpdateReplacePolicy).toBe('Retain');
  });
});

describe('buckets', () => {
  it('block all public access and refuse plain HTTP', () => {
    for (const v of synth.stages) {
      const buckets = ofType(v.parent, 'AWS::S3::Bucket');
      expect(buckets).toHaveLength(3);
      const policies = ofType(v.parent, 'AWS::S3::BucketPolicy');
      for (const [id, bucket] of buckets) {
        expect(bucket.Properties.PublicAccessBlockConfiguration, id).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        const policy = policies.find(([, p]) => p.Properties.Bucket.Ref === id);
        expect(policy, `policy of ${id}`).toBeDefined();
        const denyHttp = (policy![1].Properties.PolicyDocument.Statement as any[]).find(
          (s) => s.Effect === 'Deny' && s.Condition?.Bool?.['aws:SecureTransport'] === 'false',
        );
        expect(denyHttp, `${id} enforces SSL`).toBeDefined();
      }
    }
  });

  it('keeps the images bucket outside dev stages and empties it in dev', () => {
    for (const v of synth.stages) {
      const [, images] = ofType(v.parent, 'AWS::S3::Bucket').find(([, b]) => b.Properties.BucketName)!;
      const autoDelete = (images.Properties.Tags as { Key: string }[]).some((t) => t.Key === 'aws-cdk:auto-delete-objects');
      expect(images.DeletionPolicy).toBe(v.name === 'dev' ? 'Delete' : 'Retain');
      expect(autoDelete).toBe(v.name === 'dev');
    }
  });

  it('lets the site, and only the site, PUT presigned uploads into the images bucket', () => {
    for (const v of synth.stages) {
      const [distId] = only(v.parent, 'AWS::CloudFront::Distribution');
      const [, images] = ofType(v.parent, 'AWS::S3::Bucket').find(([, b]) => b.Properties.BucketName)!;
      const rules = images.Properties.CorsConfiguration.CorsRules as any[];
      expect(rules).toHaveLength(1);
      expect(rules[0].AllowedMethods).toEqual(['PUT']);
      expect(rules[0].AllowedOrigins).toEqual([{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distId, 'DomainName'] }]] }]);
    }
  });

  it('deploys the SPA only when a build exists', () => {
    const [dev, prod] = synth.stages;
    expect(ofType(dev!.parent, 'Custom::CDKBucketDeployment')).toHaveLength(0);
    const [, deployment] = only(prod!.parent, 'Custom::CDKBucketDeployment');
    const spaId = ofType(prod!.parent, 'AWS::S3::Bucket').find(([id]) => id.startsWith('Spa'))![0];
    expect(deployment.Properties.DestinationBucketName).toEqual({ Ref: spaId });
    expect(deployment.Properties.DistributionPaths).toEqual(['/*']);
  });
});

describe('CloudFront', () => {
  const distConfig = (v: StageView) => only(v.parent, 'AWS::CloudFront::Distribution')[1].Properties.DistributionConfig;
  const originById = (v: StageView, id: string) => (distConfig(v).Origins as any[]).find((o) => o.Id === id);
  const behaviour = (v: StageView, pattern: string) =>
    (distConfig(v).CacheBehaviors as any[]).find((b) => b.PathPattern === pattern);

  it('has no distribution-wide custom error responses', () => {
    for (const v of synth.stages) expect(distConfig(v).CustomErrorResponses).toBeUndefined();
  });

  it('has exactly the default, /sw.js, /images/*, the Near you panel and /api/* behaviours, the panel before /api/*', () => {
    for (const v of synth.stages) {
      const patterns = (distConfig(v).CacheBehaviors as any[]).map((b) => b.PathPattern as string);
      expect([...patterns].sort()).toEqual(['/api/*', '/api/nearby/near-you', '/images/*', '/sw.js']);
      expect(patterns.indexOf('/api/nearby/near-you')).toBeLessThan(patterns.indexOf('/api/*'));
    }
  });

  it('caches a guest\'s Near you a minute per ~5 km cell: the point rounded, the viewer\'s kind in the key, no cookie', () => {
    for (const v of synth.stages) {
      const panel = behaviour(v, '/api/nearby/near-you');
      const api = behaviour(v, '/api/*');
      expect(panel.TargetOriginId).toBe(api.TargetOriginId);
      expect(panel.OriginRequestPolicyId).toEqual(api.OriginRequestPolicyId);
      expect(panel.ResponseHeadersPolicyId).toEqual(api.ResponseHeadersPolicyId);
      expect(panel.ViewerProtocolPolicy).toBe('https-only');
      expect([...panel.AllowedMethods].sort()).toEqual(['GET', 'HEAD']);
      const config = v.parent[panel.CachePolicyId.Ref as string]!.Properties.CachePolicyConfig;
      expect([config.DefaultTTL, config.MaxTTL, config.MinTTL]).toEqual([NEAR_YOU_CACHE_SECONDS, NEAR_YOU_CACHE_SECONDS, 0]);
      const key = config.ParametersInCacheKeyAndForwardedToOrigin;
      expect(key.CookiesConfig.CookieBehavior).toBe('none');
      expect(key.QueryStringsConfig).toEqual({ QueryStringBehavior: 'whitelist', QueryStrings: ['lat', 'long', 'radiusKm'] });
      expect(key.HeadersConfig).toEqual({ HeaderBehavior: 'whitelist', Headers: ['x-near-you-viewer', 'x-near-you-cell'] });
      expect(panel.FunctionAssociations).toHaveLength(1);
      expect(panel.FunctionAssociations[0].EventType).toBe('viewer-request');
      const fn = v.parent[panel.FunctionAssociations[0].FunctionARN['Fn::GetAtt'][0] as string]!;
      expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
      expect(fn.Properties.FunctionCode).toBe(NEAR_YOU_FUNCTION);
    }
  });

  it('serves the service worker from the SPA bucket uncached, with Cache-Control: no-cache and the security headers', () => {
    for (const v of synth.stages) {
      const worker = behaviour(v, '/sw.js');
      expect(worker.TargetOriginId).toBe(distConfig(v).DefaultCacheBehavior.TargetOriginId);
      expect(worker.CachePolicyId).toBe(cloudfront.CachePolicy.CACHING_DISABLED.cachePolicyId);
      const policy = v.parent[worker.ResponseHeadersPolicyId.Ref as string]!.Properties.ResponseHeadersPolicyConfig;
      expect(policy.CustomHeadersConfig.Items).toContainEqual({ Header: 'cache-control', Value: 'no-cache', Override: true });
      expect((policy.CustomHeadersConfig.Items as { Header: string }[]).filter((h) => h.Header === 'cache-control')).toHaveLength(1);
      expect(policy.SecurityHeadersConfig.ContentSecurityPolicy).toBeDefined();
    }
  });

  it('serves the SPA through OAC with a viewer-request function that rewrites extension-less paths', () => {
    for (const v of synth.stages) {
      const def = distConfig(v).DefaultCacheBehavior;
      const spaId = ofType(v.parent, 'AWS::S3::Bucket').find(([id]) => id.startsWith('Spa'))![0];
      const origin = originById(v, def.TargetOriginId);
      expect(origin.DomainName).toEqual({ 'Fn::GetAtt': [spaId, 'RegionalDomainName'] });
      expect(origin.OriginAccessControlId).toBeDefined();
      expect(def.FunctionAssociations).toHaveLength(1);
      expect(def.FunctionAssociations[0].EventType).toBe('viewer-request');
      const fn = v.parent[def.FunctionAssociations[0].FunctionARN['Fn::GetAtt'][0] as string]!;
      expect(fn.Type).toBe('AWS::CloudFront::Function');
      expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
      const handler = runInNewContext(`${fn.Properties.FunctionCode as string}\n;handler`) as (e: unknown) => { uri: string };
      const rewrite = (uri: string) => handler({ request: { uri, headers: {} } }).uri;
      expect(rewrite('/')).toBe('/index.html');
      expect(rewrite('/plants/123')).toBe('/index.html');
      expect(rewrite('/auth/login')).toBe('/index.html');
      expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
      expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
    }
  });

  it('sends the rest of /api/* to the HTTP API uncached, with all methods, cookies and query strings and exactly ten headers', () => {
    for (const v of synth.stages) {
      const api = behaviour(v, '/api/*');
      expect(api.CachePolicyId).toBe(cloudfront.CachePolicy.CACHING_DISABLED.cachePolicyId);
      expect([...api.AllowedMethods].sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
      expect(api.ViewerProtocolPolicy).toBe('https-only');
      expect(api.FunctionAssociations).toBeUndefined();
      const policy = v.parent[api.OriginRequestPolicyId.Ref as string]!;
      expect(policy.Type).toBe('AWS::CloudFront::OriginRequestPolicy');
      const config = policy.Properties.OriginRequestPolicyConfig;
      expect(config.CookiesConfig.CookieBehavior).toBe('all');
      expect(config.QueryStringsConfig.QueryStringBehavior).toBe('all');
      expect(config.HeadersConfig.HeaderBehavior).toBe('whitelist');
      const headers = (config.HeadersConfig.Headers as string[]).map((h) => h.toLowerCase());
      expect(headers).not.toContain('host');
      expect([...headers].sort()).toEqual([...EXPECTED_API_HEADERS].sort());

      const apiId = httpApi(v.parent)[0];
      const origin = originById(v, api.TargetOriginId);
      expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
      expect(origin.DomainName['Fn::Join'][1][0]).toEqual({ Ref: apiId });
      expect(origin.DomainName['Fn::Join'][1][1]).toBe('.execute-api.');
    }
  });

  it('adds the secret x-origin-verify header from the same secret the Lambdas check', () => {
    for (const v of synth.stages) {
      const origin = originById(v, behaviour(v, '/api/*').TargetOriginId);
      expect(origin.OriginCustomHeaders).toHaveLength(1);
      const [header] = origin.OriginCustomHeaders;
      expect(header.HeaderName).toBe('x-origin-verify');
      const [open, secretRef, close] = header.HeaderValue['Fn::Join'][1];
      expect(open).toBe('{{resolve:secretsmanager:');
      expect(close).toBe(':SecretString:::}}');
      const secret = v.parent[secretRef.Ref as string]!;
      expect(secret.Type).toBe('AWS::SecretsManager::Secret');
      expect(secret.Properties.GenerateSecretString.PasswordLength).toBeGreaterThanOrEqual(32);
      for (const { key, domain } of expectedRoutes(v)) {
        const { params } = v.nested.get(domain)!;
        const env = lambdaOf(v, domain, key).fn.Properties.Environment.Variables;
        expect(fromParent(env.ORIGIN_SECRET_ARN, params), key).toEqual(secretRef);
      }
    }
  });

  it('serves /images/* from the images bucket through OAC, readable by this distribution only', () => {
    for (const v of synth.stages) {
      const [distId] = only(v.parent, 'AWS::CloudFront::Distribution');
      const [imagesId, images] = ofType(v.parent, 'AWS::S3::Bucket').find(([, b]) => b.Properties.BucketName)!;
      const origin = originById(v, behaviour(v, '/images/*').TargetOriginId);
      expect(origin.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [only(v.parent, 'AWS::CloudFront::OriginAccessControl')[0], 'Id'] });
      expect(origin.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
      const bucketName = images.Properties.BucketName['Fn::Join'][1] as unknown[];
      expect(origin.DomainName['Fn::Join'][1].slice(0, bucketName.length)).toEqual(bucketName);
      expect(origin.DomainName['Fn::Join'][1][bucketName.length]).toBe('.s3.');

      const policy = ofType(v.parent, 'AWS::S3::BucketPolicy').find(([, p]) => p.Properties.Bucket.Ref === imagesId)![1];
      const read = (policy.Properties.PolicyDocument.Statement as any[]).find((s) => s.Principal?.Service === 'cloudfront.amazonaws.com');
      expect(read.Action).toBe('s3:GetObject');
      expect(JSON.stringify(read.Resource)).toContain('/images/*');
      expect(JSON.stringify(read.Condition.StringEquals['AWS:SourceArn'])).toContain(`"Ref":"${distId}"`);
    }
  });
});

describe('least privilege', () => {
  // Per route, exactly its grants: test/infra/least-privilege.test.ts.
  it('gives every role the signing and origin secrets, by ARN, and no more of Secrets Manager', () => {
    for (const v of synth.stages) {
      const secrets = ofType(v.parent, 'AWS::SecretsManager::Secret');
      const signingId = secrets.find(([, s]) => /HMAC/.test(s.Properties.Description))![0];
      const originId = secrets.find(([, s]) => /x-origin-verify/.test(s.Properties.Description))![0];
      for (const [domain, nested] of v.nested) {
        const statements = policyStatements(nested.resources).filter((s) => s.Sid === 'Secrets');
        expect(statements, domain).toHaveLength(ofType(nested.resources, 'AWS::IAM::Role').length);
        for (const secret of statements) {
          expect(secret.Action).toBe('secretsmanager:GetSecretValue');
          const read = (secret.Resource as unknown[]).map((r) => (fromParent(r, nested.params) as { Ref: string }).Ref);
          expect(read.sort()).toEqual([signingId, originId].sort());
        }
        expect([...actionsOf(policyStatements(nested.resources))].filter((a) => a.startsWith('secretsmanager:'))).toEqual(['secretsmanager:GetSecretValue']);
      }
    }
  });

  it('turns each grant into exactly its permissions', () => {
    const app = new App({ outdir: join(synth.fx.workDir, 'cdk.out.grants') });
    const stack = new Stack(app, 'Grants');
    const table = new dynamodb.Table(stack, 'T', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING } });
    const secret = new secretsmanager.Secret(stack, 'S');
    const roleFor = (id: string, grants: Grant[], mailFrom?: string) =>
      new GrantRole(stack, id, {
        domain: id,
        grants: new Set(grants),
        table,
        imagesBucketName: 'images-bucket',
        secrets: [secret],
        logGroupPrefix: `/aws/lambda/test/${id}/`,
        exportFunctionName: 'app-test-export',
        ...(mailFrom ? { mailFrom } : {}),
      });
    roleFor('none', []);
    roleFor('all', ['table:read', 'table:write', 'images:read', 'images:write', 'private:read', 'private:write', 'export:start', 'mail', 'sms'], 'Site <no-reply@example.org>');
    const resources = Template.fromStack(stack).toJSON().Resources as Resources;
    const statementsOf = (prefix: string) =>
      ofType(resources, 'AWS::IAM::Policy')
        .filter(([id]) => id.startsWith(prefix))
        .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as any[]);
    expect(statementsOf('none').map((s) => s.Sid).sort()).toEqual(['Logs', 'Secrets']);
    const all = statementsOf('all');
    const bySid = (sid: string) => all.find((s) => s.Sid === sid);
    expect(bySid('TableRead').Action.sort()).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query']);
    expect(bySid('TableRead').Resource).toHaveLength(1 + TABLE.globalIndexes.length);
    expect(bySid('TableWrite').Action).toContain('dynamodb:PutItem');
    expect(bySid('TableWrite').Action).not.toContain('dynamodb:Scan');
    expect(bySid('ImagesRead').Resource).toEqual({ 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':s3:::images-bucket/images/*']] });
    expect(bySid('ImagesWrite').Action.sort()).toEqual(['s3:DeleteObject', 's3:PutObject']);
    // The private prefix is its own: neither images grant reaches it, and it is never images/*.
    expect(bySid('PrivateRead')).toMatchObject({ Action: 's3:GetObject', Resource: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':s3:::images-bucket/private/*']] } });
    expect(bySid('PrivateWrite').Action.sort()).toEqual(['s3:AbortMultipartUpload', 's3:DeleteObject', 's3:PutObject']);
    expect(JSON.stringify(bySid('ExportStart').Resource)).toContain(':function:app-test-export');
    expect(bySid('ExportStart').Action).toBe('lambda:InvokeFunction');
    expect(bySid('Mail').Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'no-reply@example.org' } });
    expect(bySid('Sms').Action).toBe('sns:Publish');
    expect(bySid('SmsNoTopics')).toMatchObject({ Effect: 'Deny', Action: 'sns:Publish' });
  });
});

describe('limits and checks', () => {
  it('keeps every template, parent and nested, under 450 resources', () => {
    for (const v of synth.stages) {
      expect(Object.keys(v.parent).length).toBeLessThan(450);
      for (const [domain, nested] of v.nested) {
        expect(Object.keys(nested.resources).length, domain).toBeLessThan(450);
      }
    }
  });

  it('puts each domain in its own nested stack', () => {
    for (const v of synth.stages) {
      const domains = new Set([...v.routes.map((r) => r.stack), CATCH_ALL.stack]);
      expect([...v.nested.keys()].sort()).toEqual([...domains].sort());
      expect(ofType(v.parent, 'AWS::CloudFormation::Stack')).toHaveLength(domains.size);
    }
  });

  it('has no unacknowledged cdk-nag AwsSolutions finding', () => {
    // What `cdk synth` would stop on: the validation report written into the cloud assembly.
    const written = JSON.parse(readFileSync(join(synth.fx.assembly.directory, 'validation-report.json'), 'utf8')) as {
      pluginReports: { pluginName?: string; summary?: { status?: string }; violations?: unknown[] }[];
    };
    expect(written.pluginReports.flatMap((r) => r.violations ?? [])).toEqual([]);
    const report = new AwsSolutionsChecks().validateScope(synth.fx.app);
    const open = report.violations.map((v) => `${v.ruleName} @ ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
    expect(open).toEqual([]);
    for (const v of synth.stages) {
      const annotations = Annotations.fromStack(v.stack);
      expect(annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
      expect(annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
      expect(annotations.findError('*', Match.anyValue())).toEqual([]);
      expect(annotations.findWarning('*', Match.anyValue())).toEqual([]);
    }
  });

  it('acknowledges only findings that exist, each with a reason', async () => {
    const { app, acknowledged } = await recordAcknowledgements(synth.fx.bundles, synth.fx.workDir);
    const raw = new AwsSolutionsChecks().validateScope(app).violations;
    expect(raw.length).toBeGreaterThan(0);
    const dead = acknowledged.filter(
      (ack) =>
        !raw.some(
          (v) =>
            v.ruleName === ack.id &&
            v.violatingResources.some((r) => r.constructPath === ack.path || r.constructPath?.startsWith(`${ack.path}/`)),
        ),
    );
    expect(dead.map((a) => `${a.id} @ ${a.path}`)).toEqual([]);
    for (const ack of acknowledged) expect(ack.reason.length, ack.id).toBeGreaterThan(40);
  });

  it('outputs the site, the distribution domain and the API URL', () => {
    for (const v of synth.stages) {
      expect(Object.keys(v.parentJson.Outputs)).toEqual(expect.arrayContaining(['SiteUrl', 'DistributionDomainName', 'ApiUrl']));
    }
  });
});
