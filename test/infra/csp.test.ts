/**
 * The security headers CloudFront sends (infra/aws/cdn.ts): one response headers policy on the
 * SPA, /images/* and /api/*, whose Content-Security-Policy is written out here directive by
 * directive, with the origins the stage's CDK context names (`cspTileOrigins`,
 * `cspMediaOrigins`, `cspWebSocketOrigins`), the stage's own WebSocket API and the images
 * bucket's own endpoint for uploads.
 * The functions receive the same tile and media origins, so site settings can only pick among them.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBundles, REPO_ROOT } from '../../infra/aws/bundle';
import { addStage, newApp, stageConfigFromContext } from '../../infra/aws/create-app';
import type { SiteStack } from '../../infra/aws/site-stack';
import { IMAGE_CACHE_SECONDS } from '../../shared/constants';

/* eslint-disable @typescript-eslint/no-explicit-any -- CloudFormation JSON is untyped */

const CONTEXT = {
  stage: 'prod',
  cspTileOrigins: 'https://tiles.example.net, https://b.tiles.example.net/',
  cspMediaOrigins: 'https://video.example.net',
  cspWebSocketOrigins: 'wss://live.example.net',
};

const UPLOAD = (stage: string) => `https://leafline-${stage}-images-\${AWS::AccountId}-\${AWS::Region}.s3.\${AWS::Region}.\${AWS::URLSuffix}`;

/** The stage's own WebSocket API, always allowed (its logical id written `${Id}`, as `flatten` spells references). */
const SOCKETS = (apiId: string) => `wss://\${${apiId}}.execute-api.\${AWS::Region}.\${AWS::URLSuffix}`;

/** The policy with the context above, directive by directive (in the order they are sent). */
const EXPECTED_PROD = (sockets: string) => [
  ["default-src", "'self'"],
  ["script-src", "'self'"],
  ["style-src", "'self'"],
  ["img-src", `'self' blob: ${UPLOAD('prod')} https://tiles.example.net https://b.tiles.example.net`],
  ["font-src", "'self'"],
  ["connect-src", `'self' ${UPLOAD('prod')} https://tiles.example.net https://b.tiles.example.net wss://live.example.net ${sockets}`],
  ["media-src", "'self' https://video.example.net"],
  ["frame-src", "'self' https://video.example.net"],
  ["object-src", "'none'"],
  ["base-uri", "'self'"],
  ["form-action", "'self'"],
  ["frame-ancestors", "'none'"],
] as const;

/** Without any csp context: the documented defaults (OpenStreetMap's tiles, no media host, no other WebSocket). */
const EXPECTED_DEV = (sockets: string) => [
  ["default-src", "'self'"],
  ["script-src", "'self'"],
  ["style-src", "'self'"],
  ["img-src", `'self' blob: ${UPLOAD('dev')} https://tile.openstreetmap.org`],
  ["font-src", "'self'"],
  ["connect-src", `'self' ${UPLOAD('dev')} https://tile.openstreetmap.org ${sockets}`],
  ["media-src", "'self'"],
  ["frame-src", "'self'"],
  ["object-src", "'none'"],
  ["base-uri", "'self'"],
  ["form-action", "'self'"],
  ["frame-ancestors", "'none'"],
] as const;

const socketsOf = (stack: SiteStack) => SOCKETS(stack.getLogicalId(stack.realtime.api.node.defaultChild as CfnElement));

const text = (directives: readonly (readonly [string, string])[]) => directives.map(([name, value]) => `${name} ${value}`).join('; ');

/** A CloudFormation string (literal or Fn::Join of literals and Refs) with each Ref written `${Name}`. */
function flatten(value: unknown): string {
  if (typeof value === 'string') return value;
  const v = value as { Ref?: string; 'Fn::Join'?: [string, unknown[]] };
  if (v.Ref) return `\${${v.Ref}}`;
  if (v['Fn::Join']) return v['Fn::Join'][1].map(flatten).join(v['Fn::Join'][0]);
  throw new Error(`cannot flatten ${JSON.stringify(value)}`);
}

let workDir: string;
let prod: SiteStack;
let dev: SiteStack;

beforeAll(async () => {
  const bundles = await buildBundles();
  await mkdir(join(REPO_ROOT, '.tmp'), { recursive: true });
  workDir = await mkdtemp(join(REPO_ROOT, '.tmp', 'infra-csp-'));
  const outdir = join(workDir, 'cdk.out');
  // The same path as `cdk deploy -c …`: context → stageConfigFromContext → the stage. No SPA build.
  const prodApp = newApp({ outdir, context: { ...CONTEXT, '@aws-cdk/core:failSynthOnValidationErrors': false } });
  prod = addStage(prodApp, { ...stageConfigFromContext(prodApp), spaDist: undefined }, bundles);
  const devApp = newApp({ outdir: `${outdir}-dev`, context: { '@aws-cdk/core:failSynthOnValidationErrors': false } });
  dev = addStage(devApp, { ...stageConfigFromContext(devApp), spaDist: undefined }, bundles);
}, 300_000);

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

function headersPolicyOf(stack: SiteStack) {
  const json = Template.fromStack(stack).toJSON();
  const resources = json.Resources as Record<string, { Type: string; Properties: any }>;
  const dist = Object.values(resources).find((r) => r.Type === 'AWS::CloudFront::Distribution')!.Properties.DistributionConfig;
  const behaviours = {
    default: dist.DefaultCacheBehavior,
    images: (dist.CacheBehaviors as any[]).find((b) => b.PathPattern === '/images/*'),
    api: (dist.CacheBehaviors as any[]).find((b) => b.PathPattern === '/api/*'),
  };
  const policyIds = Object.fromEntries(Object.entries(behaviours).map(([k, b]) => [k, b.ResponseHeadersPolicyId]));
  const ref = (policyIds.default as { Ref?: string }).Ref;
  expect(ref, 'the default behaviour uses a response headers policy of this stack').toBeDefined();
  const policy = resources[ref!]!;
  expect(policy.Type).toBe('AWS::CloudFront::ResponseHeadersPolicy');
  return { policyIds, config: policy.Properties.ResponseHeadersPolicyConfig };
}

describe('the response headers policy', () => {
  it('is the same policy on the SPA and /api/*; /images/* sends the same headers plus a bounded cache lifetime', () => {
    for (const stack of [prod, dev]) {
      const { policyIds, config } = headersPolicyOf(stack);
      expect(policyIds.api).toEqual(policyIds.default);
      const resources = Template.fromStack(stack).toJSON().Resources as Record<string, { Type: string; Properties: any }>;
      const images = resources[(policyIds.images as { Ref: string }).Ref]!.Properties.ResponseHeadersPolicyConfig;
      expect(images.SecurityHeadersConfig).toEqual(config.SecurityHeadersConfig);
      const custom = images.CustomHeadersConfig.Items as { Header: string; Value: string }[];
      expect(custom).toEqual([...config.CustomHeadersConfig.Items, { Header: 'cache-control', Value: `public, max-age=${IMAGE_CACHE_SECONDS}`, Override: true }]);
    }
  });

  it('keeps images at the edge no longer than a browser may (a deleted or re-keyed photo stops being served within the hour)', () => {
    for (const stack of [prod, dev]) {
      const json = Template.fromStack(stack).toJSON();
      const resources = json.Resources as Record<string, { Type: string; Properties: any }>;
      const dist = Object.values(resources).find((r) => r.Type === 'AWS::CloudFront::Distribution')!.Properties.DistributionConfig;
      const images = (dist.CacheBehaviors as any[]).find((b) => b.PathPattern === '/images/*');
      const cache = resources[images.CachePolicyId.Ref]!.Properties.CachePolicyConfig;
      expect(cache).toMatchObject({ DefaultTTL: IMAGE_CACHE_SECONDS, MaxTTL: IMAGE_CACHE_SECONDS, MinTTL: 0 });
    }
  });

  it('sends exactly the CSP directives, with the context\'s tile, media and WebSocket origins and the bucket\'s upload endpoint', () => {
    const csp = headersPolicyOf(prod).config.SecurityHeadersConfig.ContentSecurityPolicy;
    expect(csp.Override).toBe(true);
    const policy = flatten(csp.ContentSecurityPolicy);
    const expected = EXPECTED_PROD(socketsOf(prod));
    expect(policy.split('; ').map((d) => d.split(' ')[0])).toEqual(expected.map(([name]) => name));
    expect(policy).toBe(text(expected));
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
  });

  it('falls back to the documented default origins without context', () => {
    const csp = headersPolicyOf(dev).config.SecurityHeadersConfig.ContentSecurityPolicy;
    expect(flatten(csp.ContentSecurityPolicy)).toBe(text(EXPECTED_DEV(socketsOf(dev))));
  });

  it('keeps HSTS, nosniff, a referrer policy and frame denial, and adds a permissions and an opener policy', () => {
    const { config } = headersPolicyOf(prod);
    const security = config.SecurityHeadersConfig;
    expect(security.StrictTransportSecurity).toEqual({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true });
    expect(security.ContentTypeOptions).toEqual({ Override: true });
    expect(security.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
    expect(security.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(security.XSSProtection).toEqual({ Protection: false, Override: true });
    const custom = Object.fromEntries((config.CustomHeadersConfig.Items as any[]).map((h) => [h.Header.toLowerCase(), h.Value]));
    expect(custom).toEqual({
      'permissions-policy': 'camera=(), microphone=(), payment=(), usb=(), geolocation=(self)',
      'cross-origin-opener-policy': 'same-origin',
    });
  });
});

describe('the origins the functions may accept in site settings', () => {
  it('are the CSP\'s tile and media origins, in the environment of the function that saves settings', () => {
    for (const [stack, tiles, media] of [
      [prod, 'https://tiles.example.net,https://b.tiles.example.net', 'https://video.example.net'],
      [dev, 'https://tile.openstreetmap.org', ''],
    ] as const) {
      const admin = stack.routeStacks.get('admin')!;
      const json = Template.fromStack(admin).toJSON();
      const fn = Object.values(json.Resources as Record<string, { Type: string; Properties: any }>).find(
        (r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Description === 'PUT /api/iam/admin/update/site-setting',
      )!;
      expect(fn.Properties.Environment.Variables).toMatchObject({ CSP_TILE_ORIGINS: tiles, CSP_MEDIA_ORIGINS: media });
    }
  });
});

describe('the csp context values', () => {
  const configFor = (context: Record<string, string>) => stageConfigFromContext(newApp({ context: { stage: 'dev', ...context } }));

  it('refuse an origin that is not https (tiles, media) or wss (WebSocket), naming the context key', () => {
    expect(() => configFor({ cspTileOrigins: 'http://tiles.example.net' })).toThrow(/cspTileOrigins/);
    expect(() => configFor({ cspMediaOrigins: 'https://video.example.net/clips' })).toThrow(/cspMediaOrigins/);
    expect(() => configFor({ cspWebSocketOrigins: 'https://live.example.net' })).toThrow(/cspWebSocketOrigins/);
    expect(() => configFor({ cspTileOrigins: "https://a.example; script-src 'unsafe-inline'" })).toThrow(/cspTileOrigins/);
  });

  it('take "none" for an empty list', () => {
    expect(configFor({ cspTileOrigins: 'none' }).csp?.tileOrigins).toEqual([]);
  });
});
