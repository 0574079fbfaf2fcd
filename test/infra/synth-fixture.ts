/**
 * One CDK app for the infra tests, synthesised once per run and shared by the test files that
 * read it: a disposable `dev` stage as `npx cdk synth` builds it on a fresh clone (no web/dist),
 * and a `prod` stage with a fake SPA build, mail settings and one route resized (so the sizing
 * override is exercised even while no real route sets memoryMb/timeoutSeconds).
 * The infra project runs its files in one worker without module isolation (vitest.config.ts), so
 * the module-level promise below is the one synth of the run; the cloud assembly goes under the
 * run's folder (test/infra/global-setup.ts), removed when the run ends. The tests only read the
 * app and its templates: a file that needs a changed stage builds an app of its own.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Validations, type App } from 'aws-cdk-lib';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { beforeAll, inject } from 'vitest';
import { routes } from '../../functions/routes';
import { routeKey, type StackedRoute } from '../../functions/lib/route-types';
import { buildBundles, REPO_ROOT, type BundleResult } from '../../infra/aws/bundle';
import { addStage, newApp } from '../../infra/aws/create-app';
import type { SiteStack, StageConfig } from '../../infra/aws/site-stack';
import { stageView, type StageView } from './template-view';

export const RESIZED = { memoryMb: 1536, timeoutSeconds: 25 } as const;

export interface Fixture {
  app: App;
  assembly: CloudAssembly;
  bundles: BundleResult;
  dev: SiteStack;
  prod: SiteStack;
  /** The route table each stage was built from. */
  devRoutes: readonly StackedRoute[];
  prodRoutes: readonly StackedRoute[];
  resizedKey: string;
  workDir: string;
}

export const PROD_CONFIG = {
  stage: 'prod',
  mailFrom: 'Leafline <no-reply@example.org>',
  adminEmails: 'admin@example.org,ops@example.org',
  siteOrigin: 'https://leafline.example.org',
} as const satisfies Omit<StageConfig, 'spaDist'>;

function withResizedRoute(): { table: StackedRoute[]; key: string } {
  const [first, ...rest] = routes as readonly StackedRoute[];
  if (!first) throw new Error('the route table is empty');
  return { table: [{ ...first, ...RESIZED }, ...rest], key: routeKey(first) };
}

/** Builds the stages of the fixture into `app` (used again, without synth, by the acknowledgement audit). */
export function buildStages(app: App, bundles: BundleResult, spaDist: string) {
  const resized = withResizedRoute();
  const dev = addStage(app, { stage: 'dev' }, bundles);
  const prod = addStage(app, { ...PROD_CONFIG, spaDist }, bundles, { routes: resized.table });
  return { dev, prod, devRoutes: routes as readonly StackedRoute[], prodRoutes: resized.table, resizedKey: resized.key };
}

export async function fakeSpaDist(workDir: string): Promise<string> {
  const dist = join(workDir, 'web-dist');
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Leafline</title><div id="root"></div>');
  await writeFile(join(dist, 'assets', 'app.js'), 'console.log("app")');
  return dist;
}

export async function synthFixture(tmpRoot = join(REPO_ROOT, '.tmp')): Promise<Fixture> {
  const bundles = await buildBundles();
  await mkdir(tmpRoot, { recursive: true });
  const workDir = await mkdtemp(join(tmpRoot, 'infra-test-'));
  let app: App;
  let stages: ReturnType<typeof buildStages>;
  let assembly: CloudAssembly;
  try {
    const spaDist = await fakeSpaDist(workDir);
    // Report cdk-nag findings through the tests (one precise failure) instead of throwing in synth.
    app = newApp({ outdir: join(workDir, 'cdk.out'), context: { '@aws-cdk/core:failSynthOnValidationErrors': false } });
    stages = buildStages(app, bundles, spaDist);
    assembly = app.synth();
  } catch (err) {
    await rm(workDir, { recursive: true, force: true });
    throw err;
  }
  return {
    app,
    assembly,
    bundles,
    ...stages,
    workDir,
  };
}

export interface SynthesisedStages {
  fx: Fixture;
  /** The dev and prod stages, as their templates read. */
  stages: StageView[];
}

let shared: Promise<SynthesisedStages> | undefined;

/** The run's one synth (see above): started by the first file that asks, awaited by the others. */
function sharedStages(): Promise<SynthesisedStages> {
  shared ??= synthFixture(inject('infraRunDir')).then((fx) => ({
    fx,
    stages: [stageView('dev', fx.dev, fx.devRoutes), stageView('prod', fx.prod, fx.prodRoutes)],
  }));
  return shared;
}

/**
 * The run's synthesised stages for the calling test file: both fields are set from its beforeAll
 * on. Read them, never change them: the other files see the same app.
 */
export function synthesisedStages(timeout = 180_000): SynthesisedStages {
  const synth = {} as SynthesisedStages;
  beforeAll(async () => {
    Object.assign(synth, await sharedStages());
  }, timeout);
  return synth;
}

/**
 * Builds the same stages into a fresh app while recording, instead of applying, every
 * acknowledgement: cdk-nag then reports every raw finding, and the test can check that each
 * acknowledgement answers a finding that really exists (no dead suppressions).
 */
export async function recordAcknowledgements(bundles: BundleResult, workDir: string): Promise<{
  app: App;
  acknowledged: { path: string; id: string; reason: string }[];
}> {
  const acknowledged: { path: string; id: string; reason: string }[] = [];
  const spaDist = await fakeSpaDist(workDir);
  const proto = Validations.prototype as unknown as { acknowledge: (...rules: { id: string; reason: string }[]) => void };
  const original = proto.acknowledge;
  proto.acknowledge = function (this: unknown, ...rules) {
    // Validations keeps its construct in a private `scope` field.
    const scope = (this as { scope?: { node: { path: string } } }).scope;
    for (const rule of rules) acknowledged.push({ path: scope?.node.path ?? '?', id: rule.id, reason: rule.reason });
  };
  try {
    const app = newApp({ outdir: join(workDir, 'cdk.out.audit') });
    buildStages(app, bundles, spaDist);
    return { app, acknowledged };
  } finally {
    proto.acknowledge = original;
  }
}
