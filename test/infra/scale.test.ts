/**
 * The route table will grow to ~150 routes. This synthesises a stage with 150 synthetic routes
 * over the product's twelve domains (each reusing a real bundle), with the grant sets real routes
 * declare, and checks that every template stays under 450 resources with one role per distinct
 * grant set, that the parent does not grow with the routes, and that a domain too large for one
 * nested stack — by routes, or by routes and roles — is refused at synth time with a clear message.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { noInput } from '../../shared/schemas/common';
import { routeKey, type Grant, type StackedRoute } from '../../functions/lib/route-types';
import { buildBundles, REPO_ROOT, type BundleResult } from '../../infra/aws/bundle';
import { addStage, newApp } from '../../infra/aws/create-app';
import { DEFAULT_ROUTE_KEY, routeFolder } from '../../infra/aws/naming';
import { MAX_ROUTES_PER_DOMAIN } from '../../infra/aws/site-stack';
import { Template } from 'aws-cdk-lib/assertions';
import type { SiteStack } from '../../infra/aws/site-stack';

const DOMAINS = ['auth', 'users', 'posts', 'plants', 'pages', 'events', 'tags', 'messages', 'notifications', 'admin', 'search', 'images'];
const GRANTS: Grant[] = ['table:read', 'table:write', 'images:read', 'images:write', 'mail', 'sms'];
/** Grant sets as the route table has them: reads, writes, uploads, mail, texts. */
const GRANT_SETS: Grant[][] = [
  ['table:read'],
  ['table:read', 'table:write'],
  ['table:read', 'table:write', 'mail'],
  ['table:read', 'table:write', 'images:read'],
  ['table:read', 'table:write', 'images:write'],
  ['table:write', 'images:write'],
  ['table:read', 'table:write', 'sms'],
  [],
];

let bundles: BundleResult;
let workDir: string;

function syntheticRoutes(count: number, domains: string[], grantsOf: (i: number) => Grant[] = () => GRANTS): StackedRoute[] {
  return Array.from({ length: count }, (_, i) => {
    const domain = domains[i % domains.length]!;
    return {
      method: 'POST',
      path: `/api/${domain}/operation-${i}`,
      access: 'user',
      handler: `${domain}/operation-${i}`,
      stack: domain,
      input: noInput,
      // Answers are classic zod schemas (shared/answers/); inputs are zod/mini ones.
      output: z.strictObject({}),
      summary: 'synthetic',
      grants: grantsOf(i),
    } satisfies StackedRoute;
  });
}

/** Every non-empty subset of the grants, one per route: as many roles as a domain could ever need. */
function everyGrantSet(i: number): Grant[] {
  const set = (i % (2 ** GRANTS.length - 1)) + 1;
  return GRANTS.filter((_, bit) => set & (1 << bit));
}

/** Every synthetic route reuses the health bundle: what is measured here is the templates. */
function bundlesFor(routes: StackedRoute[]): BundleResult {
  const donor = bundles.entries[0]!;
  const fallback = bundles.entries.find((e) => e.routeKey === DEFAULT_ROUTE_KEY)!;
  return {
    ...bundles,
    entries: [...routes.map((r) => ({ routeKey: routeKey(r), folder: routeFolder(r), dir: donor.dir, bytes: donor.bytes })), fallback],
  };
}

function stageWith(routes: StackedRoute[], outdir: string): SiteStack {
  const app = newApp({ outdir, context: { '@aws-cdk/core:failSynthOnValidationErrors': false } });
  return addStage(app, { stage: 'prod', mailFrom: 'no-reply@example.org' }, bundlesFor(routes), { routes });
}

beforeAll(async () => {
  bundles = await buildBundles();
  await mkdir(join(REPO_ROOT, '.tmp'), { recursive: true });
  workDir = await mkdtemp(join(REPO_ROOT, '.tmp', 'infra-scale-'));
}, 120_000);

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('at ~150 routes', () => {
  it('keeps the parent and every domain\'s nested template under 450 resources', () => {
    // 150 routes over 12 domains, 12 or 13 each: every domain meets all 8 grant sets (8 roles).
    const routes = syntheticRoutes(150, DOMAINS, (i) => GRANT_SETS[Math.floor(i / DOMAINS.length) % GRANT_SETS.length]!);
    const stack = stageWith(routes, join(workDir, 'cdk.out'));
    const parent = Object.keys(Template.fromStack(stack).toJSON().Resources as object);
    expect(parent.length).toBeLessThan(450);
    expect([...stack.routeStacks.keys()].sort()).toEqual([...DOMAINS, 'system'].sort());
    let routesSeen = 0;
    for (const [domain, nested] of stack.routeStacks) {
      const resources = Template.fromStack(nested).toJSON().Resources as Record<string, { Type: string }>;
      expect(Object.keys(resources).length, domain).toBeLessThan(450);
      routesSeen += Object.values(resources).filter((r) => r.Type === 'AWS::ApiGatewayV2::Route').length;
      const sets = new Set(routes.filter((r) => r.stack === domain).map((r) => [...r.grants].sort().join()));
      if (domain === 'system') sets.add('');
      expect(Object.values(resources).filter((r) => r.Type === 'AWS::IAM::Role'), domain).toHaveLength(sets.size);
    }
    expect(routesSeen).toBe(151);
  }, 120_000);

  it('refuses a domain too big for one nested stack', () => {
    const routes = syntheticRoutes(MAX_ROUTES_PER_DOMAIN + 1, ['posts']);
    expect(() => stageWith(routes, join(workDir, 'cdk.out.too-big'))).toThrow(/domain "posts" has 86 routes/);
  });

  it('refuses a domain whose routes and roles together would pass 450 resources', () => {
    // 80 routes (400 resources) with 63 grant sets (126 resources for their roles).
    const routes = syntheticRoutes(80, ['posts'], everyGrantSet);
    expect(() => stageWith(routes, join(workDir, 'cdk.out.too-many-roles'))).toThrow(
      /domain "posts" needs 5\d\d resources \(80 routes, 63 roles for its distinct grant sets\).*split functions\/posts\//,
    );
  });
});
