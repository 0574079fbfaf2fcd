/**
 * The route table will grow to ~150 routes. This synthesises a stage with 150 synthetic routes
 * over the product's twelve domains (each reusing a real bundle) and checks that every template
 * stays under 450 resources, that the parent does not grow with the routes, and that a domain
 * too large for one nested stack is refused at synth time with a clear message.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noInput } from '../../shared/schemas/common';
import { routeKey, type Grant, type RouteDef } from '../../functions/lib/route-types';
import { buildBundles, REPO_ROOT, type BundleResult } from '../../infra/aws/bundle';
import { addStage, newApp } from '../../infra/aws/create-app';
import { DEFAULT_ROUTE_KEY, routeFolder } from '../../infra/aws/naming';
import { MAX_ROUTES_PER_DOMAIN } from '../../infra/aws/site-stack';
import { Template } from 'aws-cdk-lib/assertions';
import type { SiteStack } from '../../infra/aws/site-stack';

const DOMAINS = ['auth', 'users', 'posts', 'plants', 'pages', 'events', 'tags', 'messages', 'notifications', 'admin', 'search', 'images'];
const GRANTS: Grant[] = ['table:read', 'table:write', 'images:read', 'images:write', 'mail', 'sms'];

let bundles: BundleResult;
let workDir: string;

function syntheticRoutes(count: number, domains: string[]): RouteDef[] {
  return Array.from({ length: count }, (_, i) => {
    const domain = domains[i % domains.length]!;
    return {
      method: 'POST',
      path: `/api/${domain}/operation-${i}`,
      access: 'user',
      handler: `${domain}/operation-${i}`,
      input: noInput,
      summary: 'synthetic',
      grants: GRANTS,
    } satisfies RouteDef;
  });
}

/** Every synthetic route reuses the health bundle: what is measured here is the templates. */
function bundlesFor(routes: RouteDef[]): BundleResult {
  const donor = bundles.entries[0]!;
  const fallback = bundles.entries.find((e) => e.routeKey === DEFAULT_ROUTE_KEY)!;
  return {
    ...bundles,
    entries: [...routes.map((r) => ({ routeKey: routeKey(r), folder: routeFolder(r), dir: donor.dir, bytes: donor.bytes })), fallback],
  };
}

function stageWith(routes: RouteDef[], outdir: string): SiteStack {
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
    const stack = stageWith(syntheticRoutes(150, DOMAINS), join(workDir, 'cdk.out'));
    const parent = Object.keys(Template.fromStack(stack).toJSON().Resources as object);
    expect(parent.length).toBeLessThan(450);
    expect([...stack.routeStacks.keys()].sort()).toEqual([...DOMAINS, 'system'].sort());
    let routesSeen = 0;
    for (const [domain, nested] of stack.routeStacks) {
      const resources = Template.fromStack(nested).toJSON().Resources as Record<string, { Type: string }>;
      expect(Object.keys(resources).length, domain).toBeLessThan(450);
      routesSeen += Object.values(resources).filter((r) => r.Type === 'AWS::ApiGatewayV2::Route').length;
    }
    expect(routesSeen).toBe(151);
  }, 120_000);

  it('refuses a domain too big for one nested stack', () => {
    const routes = syntheticRoutes(MAX_ROUTES_PER_DOMAIN + 1, ['posts']);
    expect(() => stageWith(routes, join(workDir, 'cdk.out.too-big'))).toThrow(/domain "posts" has 86 routes/);
  });
});
