/**
 * Builds every Lambda of the route table in ONE esbuild call: one entry per route plus the
 * `$default` catch-all, each into its own folder (`<outDir>/<folder>/index.mjs`) so that
 * `lambda.Code.fromAsset(dir)` takes exactly one bundle. Minified, tree-shaken ESM for Node 22
 * with the AWS SDK v3 bundled (the runtime's copy is not pinned to our versions).
 *
 * Entries are virtual modules (an esbuild plugin): no stub files to keep in sync. A route's entry
 * imports only what its Lambda runs: its handler, `wrap`, and its own input schema by name; the
 * rest of its route definition (method, path, access, flags, status, raw content type) is written
 * into the entry as a literal. The answer schemas, the other routes' contracts and the route table
 * stay out of the bundle:
 *   import { loginInput as input } from '<root>/shared/schemas/auth';
 *   import { main } from '<root>/functions/auth/handlers/login'; import { wrap } from '<root>/functions/lib/wrap';
 *   export const handler = wrap({ method: "POST", path: "/api/iam/authn/login", …, input, output: null }, main);
 *   (admin routes also import `assertLiveAdmin` and hand it to `wrap`)
 * The schema modules (shared/schemas/) only declare values; the `pure-declarations` plugin marks
 * each of their top-level declarations side-effect free, so esbuild drops the schemas of other
 * routes that the entry's module also declares.
 * Jobs (infra/aws/jobs.ts: scheduled and stream jobs) are built in the same call,
 * `export { handler } from '<module>'` into `job-<name>/`, and listed apart from the routes (`jobs`).
 *
 * A bundle whose inputs (esbuild's metafile) include a module of BUNDLE_ASSETS, and whose code
 * still reads that module's data file, also gets the file in its folder: the gazetteer's index
 * (`places.tsv`) for every Lambda that searches places, found from the build, not a list of routes.
 *
 * Cached: the output lives under `.tmp/lambda-bundles/<hash>/`, where the hash covers the sources
 * of functions/ and shared/, the lockfile, this file, naming.ts, jobs.ts, the asset builders
 * (scripts/build-places.ts) and esbuild's version. An unchanged hash
 * skips the build (the CDK app and the tests call this on every synth). Builds go to a private
 * folder renamed into place, so concurrent callers (test workers, a synth) never see half a build.
 *
 * `npx tsx infra/aws/bundle.ts` builds and prints each bundle's size; `<outDir>/meta.json` is
 * esbuild's metafile (output keys relative to outDir) for the benchmark.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, version as esbuildVersion, type Metafile, type Plugin } from 'esbuild';
import ts from 'typescript';
import { CATCH_ALL, routes } from '../../functions/routes';
import { readsTable, routeKey, type RouteDef } from '../../functions/lib/route-types';
import { isRaw } from '../../shared/contract/route';
import * as adminSchemas from '../../shared/schemas/admin';
import * as authSchemas from '../../shared/schemas/auth';
import * as commentsSchemas from '../../shared/schemas/comments';
import * as commonSchemas from '../../shared/schemas/common';
import * as eventsSchemas from '../../shared/schemas/events';
import * as feedsSchemas from '../../shared/schemas/feeds';
import * as formsSchemas from '../../shared/schemas/forms';
import * as imagesSchemas from '../../shared/schemas/images';
import * as mailSchemas from '../../shared/schemas/mail';
import * as reportsSchemas from '../../shared/schemas/reports';
import * as swapsSchemas from '../../shared/schemas/swaps';
import * as wantedSchemas from '../../shared/schemas/wanted';
import * as messagesSchemas from '../../shared/schemas/messages';
import * as notificationsSchemas from '../../shared/schemas/notifications';
import * as pagesSchemas from '../../shared/schemas/pages';
import * as postsSchemas from '../../shared/schemas/posts';
import * as reactionsSchemas from '../../shared/schemas/reactions';
import * as searchSchemas from '../../shared/schemas/search';
import * as siteSettingsSchemas from '../../shared/schemas/site-settings';
import * as tagsSchemas from '../../shared/schemas/tags';
import * as usersSchemas from '../../shared/schemas/users';
import { cachedPlacesIndex, PLACES_BUILD_SCRIPT } from '../../scripts/build-places';
import { ALL_JOBS, jobFolder } from './jobs';
import { DEFAULT_ROUTE_FOLDER, DEFAULT_ROUTE_KEY, routeFolder } from './naming';

const HERE = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = resolve(HERE, '../..');

/** ElectroDB (and a few SDK pieces) are CommonJS: give the ESM bundle a working `require`. */
export const ESM_REQUIRE_BANNER =
  "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

const NAMESPACE = 'lambda-entry';
const BUNDLE_FILE = 'index.mjs';
const MANIFEST = 'manifest.json';
const METAFILE = 'meta.json';
/** Other builds in the cache folder older than this are removed after a build. */
const STALE_MS = 60 * 60 * 1000;

export interface BundleEntry {
  /** `METHOD /path`, or `$default` for the catch-all. */
  routeKey: string;
  /** The folder name under outDir, derived from the route key. */
  folder: string;
  /** Absolute folder holding index.mjs: what `lambda.Code.fromAsset` takes. */
  dir: string;
  /** Size of index.mjs in bytes. */
  bytes: number;
  /** Data files beside index.mjs (BUNDLE_ASSETS), if any. */
  assets?: string[];
}

/** A job's bundle (scheduled or stream job). */
export interface JobBundle {
  /** The job's name in infra/aws/jobs.ts. */
  name: string;
  folder: string;
  dir: string;
  bytes: number;
  assets?: string[];
}

export interface BundleResult {
  outDir: string;
  hash: string;
  /** True when an earlier build with the same hash was reused. */
  cached: boolean;
  /** esbuild's metafile, output keys relative to outDir. */
  metafile: string;
  entries: BundleEntry[];
  jobs: JobBundle[];
}

export interface BuildBundlesOptions {
  /** The repository root (default: two folders above this file). */
  rootDir?: string;
  /** Where builds are kept (default: `<root>/.tmp/lambda-bundles`, git-ignored). */
  cacheDir?: string;
  /** Rebuild even when the hash is unchanged. */
  force?: boolean;
}

interface PlannedEntry {
  routeKey: string;
  folder: string;
  source: string;
}

interface Manifest {
  hash: string;
  entries: { routeKey: string; folder: string; bytes: number; assets?: string[] }[];
  jobs?: { name: string; folder: string; bytes: number; assets?: string[] }[];
}

/** A data file a module reads from beside its bundle, copied into the folder of every bundle that includes the module. */
export interface BundleAsset {
  /** The module, as esbuild's metafile names inputs (relative to the root). */
  input: string;
  /** The file's name in the bundle folder, where the module looks for it. */
  name: string;
  /** Builds (or finds cached) the file; returns its path. Its builder's source must be in sourceHash. */
  file: () => Promise<string>;
}

export const BUNDLE_ASSETS: readonly BundleAsset[] = [
  // The gazetteer's index (~14 MB, ~5.5 MB zipped), read from `new URL('./places.tsv', import.meta.url)`.
  { input: 'functions/location/gazetteer.ts', name: 'places.tsv', file: () => cachedPlacesIndex() },
];

/**
 * The assets each bundle folder gets (outputs keyed `<folder>/index.mjs`): those whose module is
 * among the inputs of its bundle and whose file name its code still holds. A bundle that imports
 * the module for something else keeps it as an input even when tree-shaking left only its imports
 * (`import "node:fs"`), and needs no file then.
 */
export function assetsByFolder(meta: Metafile, codeOf: (folder: string) => string, assets: readonly BundleAsset[] = BUNDLE_ASSETS): Map<string, BundleAsset[]> {
  const byFolder = new Map<string, BundleAsset[]>();
  for (const [key, output] of Object.entries(meta.outputs)) {
    if (!key.endsWith(`/${BUNDLE_FILE}`)) continue;
    const folder = key.slice(0, -BUNDLE_FILE.length - 1);
    const candidates = assets.filter((asset) => asset.input in output.inputs);
    const code = candidates.length ? codeOf(folder) : '';
    const wanted = candidates.filter((asset) => code.includes(asset.name));
    if (wanted.length) byFolder.set(folder, wanted);
  }
  return byFolder;
}

interface PlannedJob {
  name: string;
  folder: string;
  source: string;
}

/** The modules that declare input schemas (shared/schemas/<name>.ts), searched for each route's input. */
const SCHEMA_MODULES: Record<string, Record<string, unknown>> = {
  admin: adminSchemas,
  auth: authSchemas,
  comments: commentsSchemas,
  common: commonSchemas,
  events: eventsSchemas,
  feeds: feedsSchemas,
  forms: formsSchemas,
  images: imagesSchemas,
  mail: mailSchemas,
  messages: messagesSchemas,
  notifications: notificationsSchemas,
  pages: pagesSchemas,
  posts: postsSchemas,
  reactions: reactionsSchemas,
  reports: reportsSchemas,
  search: searchSchemas,
  swaps: swapsSchemas,
  'site-settings': siteSettingsSchemas,
  tags: tagsSchemas,
  users: usersSchemas,
  wanted: wantedSchemas,
};

/** Where a route's input schema is exported: the entry imports it by name, and nothing else of the contract. */
export function inputExport(route: RouteDef): { module: string; name: string } {
  for (const [module, exports] of Object.entries(SCHEMA_MODULES)) {
    for (const [name, value] of Object.entries(exports)) if (value === route.input) return { module, name };
  }
  throw new Error(`${routeKey(route)}: its input schema is not exported by a module of shared/schemas/ (list new modules in SCHEMA_MODULES)`);
}

/** The route definition a Lambda needs at run time, minus the input schema (imported) and the answer schema (the compiler's and the tests'). */
function runtimeRoute(route: RouteDef): Record<string, unknown> {
  const { input: _input, output, summary: _summary, grants: _grants, memoryMb: _memory, timeoutSeconds: _timeout, ...rest } = route;
  return { ...rest, output: isRaw(output) ? { contentType: output.contentType } : null };
}

/**
 * The entry's last lines: admin routes hand `wrap` the live admin check, and every route that
 * reads the table the live check of unverified sessions (functions/lib/wrap.ts), so that a route
 * touching no table carries no database client.
 */
function entryHandler(route: RouteDef, abs: (modulePath: string) => string): string[] {
  const checks = [...(route.access === 'admin' ? ['assertLiveAdmin'] : []), ...(readsTable(route) ? ['unverifiedSessionIsLive'] : [])];
  if (!checks.length) return ['export const handler = wrap(route, main);'];
  const options = [...(route.access === 'admin' ? ['liveAdmin: assertLiveAdmin'] : []), ...(readsTable(route) ? ['liveSession: unverifiedSessionIsLive'] : [])];
  return [`import { ${checks.join(', ')} } from ${abs('lib/session/live')};`, `export const handler = wrap(route, main, { ${options.join(', ')} });`];
}

/** One virtual entry module per route, plus the catch-all. */
export function planEntries(rootDir: string = REPO_ROOT): PlannedEntry[] {
  const abs = (modulePath: string) => JSON.stringify(join(rootDir, 'functions', modulePath));
  const planned: PlannedEntry[] = (routes as readonly RouteDef[]).map((route) => {
    const key = routeKey(route);
    const input = inputExport(route);
    const literal = JSON.stringify(runtimeRoute(route)).replace(/}$/, ', input }');
    return {
      routeKey: key,
      folder: routeFolder(route),
      source: [
        `import { ${input.name} as input } from ${JSON.stringify(join(rootDir, 'shared', 'schemas', input.module))};`,
        `import { main } from ${abs(route.handler)};`,
        `import { wrap } from ${abs('lib/wrap')};`,
        `const route = ${literal};`,
        ...entryHandler(route, abs),
      ].join('\n'),
    };
  });
  planned.push({
    routeKey: DEFAULT_ROUTE_KEY,
    folder: DEFAULT_ROUTE_FOLDER,
    source: `export { handler } from ${abs(CATCH_ALL.handler)};`,
  });
  const seen = new Map<string, string>();
  for (const entry of planned) {
    const other = seen.get(entry.folder);
    if (other) throw new Error(`routes "${other}" and "${entry.routeKey}" map to the same bundle folder "${entry.folder}"`);
    seen.set(entry.folder, entry.routeKey);
  }
  return planned;
}

/** One virtual entry module per job, scheduled or stream; job names are unique across both. */
export function planJobEntries(rootDir: string = REPO_ROOT): PlannedJob[] {
  const planned = ALL_JOBS.map((job) => ({
    name: job.name,
    folder: jobFolder(job.name),
    source: `export { handler } from ${JSON.stringify(join(rootDir, 'functions', job.handler))};`,
  }));
  const names = planned.map((job) => job.name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice) throw new Error(`two jobs are named "${twice}"`);
  return planned;
}

async function listFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(full)));
    else if (entry.isFile() && !/\.(test|spec)\.[cm]?[jt]sx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** The content hash that decides whether the bundles must be rebuilt. */
export async function sourceHash(rootDir: string = REPO_ROOT): Promise<string> {
  const files = [
    ...(await listFiles(join(rootDir, 'functions'))),
    ...(await listFiles(join(rootDir, 'shared'))),
    join(rootDir, 'package-lock.json'),
    fileURLToPath(import.meta.url),
    join(HERE, 'naming.ts'),
    join(HERE, 'jobs.ts'),
    PLACES_BUILD_SCRIPT,
  ].sort();
  const hash = createHash('sha256').update(`esbuild ${esbuildVersion}\n`);
  for (const file of files) {
    if (!existsSync(file)) continue;
    hash.update(`${relative(rootDir, file)}\n`);
    hash.update(await readFile(file));
    hash.update('\n');
  }
  return hash.digest('hex').slice(0, 20);
}

function virtualEntries(planned: { folder: string; source: string }[], rootDir: string): Plugin {
  const byFolder = new Map(planned.map((entry) => [entry.folder, entry]));
  return {
    name: 'lambda-entries',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${NAMESPACE}:`) }, (args) => ({
        path: args.path.slice(NAMESPACE.length + 1),
        namespace: NAMESPACE,
      }));
      b.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const entry = byFolder.get(args.path);
        if (!entry) return { errors: [{ text: `no Lambda entry named ${args.path}` }] };
        return { contents: entry.source, loader: 'js', resolveDir: rootDir };
      });
    },
  };
}

/**
 * shared/schemas/ modules declare schemas and constants and do nothing else when loaded (but for
 * ./locale.ts, which each imports: it installs zod's English messages, as `zod/mini` has none). esbuild
 * cannot know that a call such as `z.object(…)` is free of side effects, so it would keep every
 * schema of a module the entry imports one schema from. This plugin wraps each top-level `const`
 * initializer that makes a call in a pure IIFE (`/* @__PURE__ *\/ (() => …)()`): the same value,
 * evaluated at the same point, but dropped when nothing uses it.
 */
export function markPureDeclarations(source: string, fileName: string): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits: { at: number; text: string }[] = [];
  const makesCall = (node: ts.Node): boolean =>
    ts.isCallExpression(node) || ts.isNewExpression(node) || (!ts.isFunctionLike(node) && ts.forEachChild(node, makesCall) === true);
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const decl of statement.declarationList.declarations) {
      const init = decl.initializer;
      if (!init || !makesCall(init)) continue;
      edits.push({ at: init.getStart(file), text: '/* @__PURE__ */ (() => (' }, { at: init.getEnd(), text: '))()' });
    }
  }
  let out = source;
  for (const edit of edits.sort((a, b) => b.at - a.at)) out = out.slice(0, edit.at) + edit.text + out.slice(edit.at);
  return out;
}

function pureDeclarations(rootDir: string): Plugin {
  const dir = join(rootDir, 'shared', 'schemas');
  return {
    name: 'pure-declarations',
    setup(b) {
      b.onLoad({ filter: /\/shared\/schemas\/[^/]+\.ts$/ }, async (args) => {
        if (dirname(args.path) !== dir || args.path.endsWith('.test.ts')) return undefined;
        return { contents: markPureDeclarations(await readFile(args.path, 'utf8'), args.path), loader: 'ts' };
      });
    },
  };
}

async function readManifest(dir: string): Promise<Manifest | undefined> {
  try {
    return JSON.parse(await readFile(join(dir, MANIFEST), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

function toResult(outDir: string, manifest: Manifest, cached: boolean): BundleResult {
  return {
    outDir,
    hash: manifest.hash,
    cached,
    metafile: join(outDir, METAFILE),
    entries: manifest.entries.map((e) => ({ ...e, dir: join(outDir, e.folder) })),
    jobs: (manifest.jobs ?? []).map((j) => ({ ...j, dir: join(outDir, j.folder) })),
  };
}

/** A cached build is usable when its manifest names exactly the planned entries and every bundle exists. */
function usable(outDir: string, manifest: Manifest | undefined, hash: string, planned: PlannedEntry[], jobs: PlannedJob[]): manifest is Manifest {
  if (!manifest || manifest.hash !== hash || manifest.entries.length !== planned.length) return false;
  if ((manifest.jobs ?? []).length !== jobs.length) return false;
  const filesThere = (folder: string, assets: string[] = []) => [BUNDLE_FILE, ...assets].every((name) => existsSync(join(outDir, folder, name)));
  const routesThere = planned.every((p, i) => {
    const m = manifest.entries[i];
    return m?.routeKey === p.routeKey && m.folder === p.folder && filesThere(p.folder, m.assets);
  });
  return routesThere && jobs.every((p, i) => {
    const m = manifest.jobs?.[i];
    return m?.name === p.name && m.folder === p.folder && filesThere(p.folder, m.assets);
  });
}

async function removeStale(cacheDir: string, keep: string): Promise<void> {
  for (const name of await readdir(cacheDir).catch(() => [] as string[])) {
    if (name === keep) continue;
    const full = join(cacheDir, name);
    const info = await stat(full).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > STALE_MS) await rm(full, { recursive: true, force: true });
  }
}

export async function buildBundles(opts: BuildBundlesOptions = {}): Promise<BundleResult> {
  const rootDir = resolve(opts.rootDir ?? REPO_ROOT);
  const cacheDir = resolve(opts.cacheDir ?? join(rootDir, '.tmp', 'lambda-bundles'));
  const planned = planEntries(rootDir);
  const jobs = planJobEntries(rootDir);
  const clash = jobs.find((job) => planned.some((p) => p.folder === job.folder));
  if (clash) throw new Error(`job "${clash.name}" maps to the bundle folder "${clash.folder}" of a route`);
  const hash = await sourceHash(rootDir);
  const outDir = join(cacheDir, hash);

  if (!opts.force) {
    const manifest = await readManifest(outDir);
    if (usable(outDir, manifest, hash, planned, jobs)) return toResult(outDir, manifest, true);
  }

  await mkdir(cacheDir, { recursive: true });
  const workDir = join(cacheDir, `${hash}.building-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    const result = await build({
      absWorkingDir: rootDir,
      entryPoints: [...planned, ...jobs].map((entry) => ({ in: `${NAMESPACE}:${entry.folder}`, out: `${entry.folder}/index` })),
      outdir: workDir,
      bundle: true,
      platform: 'node',
      target: 'node22',
      format: 'esm',
      outExtension: { '.js': '.mjs' },
      // Prefer packages' ESM builds: they tree-shake far better (the AWS SDK above all).
      mainFields: ['module', 'main'],
      minify: true,
      treeShaking: true,
      // No source maps: --enable-source-maps slows every cold start, and small bundles matter more.
      sourcemap: false,
      legalComments: 'none',
      charset: 'utf8',
      define: { 'process.env.NODE_ENV': '"production"' },
      banner: { js: ESM_REQUIRE_BANNER },
      metafile: true,
      logLevel: 'error',
      plugins: [virtualEntries([...planned, ...jobs], rootDir), pureDeclarations(rootDir)],
    });

    const meta = relativeOutputs(result.metafile, rootDir, workDir);
    const assets = assetsByFolder(meta, (folder) => readFileSync(join(workDir, folder, BUNDLE_FILE), 'utf8'));
    for (const [folder, wanted] of assets) {
      for (const asset of wanted) await copyFile(await asset.file(), join(workDir, folder, asset.name));
    }
    const assetNames = (folder: string) => {
      const names = (assets.get(folder) ?? []).map((asset) => asset.name);
      return names.length ? { assets: names } : {};
    };
    const entries: Manifest['entries'] = [];
    for (const entry of planned) {
      const info = await stat(join(workDir, entry.folder, BUNDLE_FILE));
      entries.push({ routeKey: entry.routeKey, folder: entry.folder, bytes: info.size, ...assetNames(entry.folder) });
    }
    const jobEntries: NonNullable<Manifest['jobs']> = [];
    for (const job of jobs) {
      const info = await stat(join(workDir, job.folder, BUNDLE_FILE));
      jobEntries.push({ name: job.name, folder: job.folder, bytes: info.size, ...assetNames(job.folder) });
    }
    const manifest: Manifest = { hash, entries, jobs: jobEntries };
    await writeFile(join(workDir, METAFILE), JSON.stringify(meta));
    await writeFile(join(workDir, MANIFEST), JSON.stringify(manifest, null, 2));

    if (opts.force) await rm(outDir, { recursive: true, force: true });
    try {
      await rename(workDir, outDir);
    } catch (err) {
      // Another process finished the same build first: use theirs.
      const theirs = await readManifest(outDir);
      if (!usable(outDir, theirs, hash, planned, jobs)) throw err;
      await rm(workDir, { recursive: true, force: true });
      return toResult(outDir, theirs, true);
    }
    await removeStale(cacheDir, hash);
    return toResult(outDir, manifest, false);
  } catch (err) {
    await rm(workDir, { recursive: true, force: true });
    throw err;
  }
}

/** esbuild keys outputs by their path from absWorkingDir; after the rename they are relative to outDir. */
function relativeOutputs(meta: Metafile, rootDir: string, workDir: string): Metafile {
  const outputs: Metafile['outputs'] = {};
  for (const [key, value] of Object.entries(meta.outputs)) {
    outputs[relative(workDir, resolve(rootDir, key)).split('\\').join('/')] = value;
  }
  return { ...meta, outputs };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const started = Date.now();
  const result = await buildBundles({ force: process.argv.includes('--force') });
  const ms = Date.now() - started;
  for (const entry of result.entries) {
    console.log(`${(entry.bytes / 1024).toFixed(1).padStart(8)} KiB  ${entry.routeKey}`);
  }
  for (const job of result.jobs) {
    console.log(`${(job.bytes / 1024).toFixed(1).padStart(8)} KiB  job ${job.name}`);
  }
  console.log(`${result.entries.length + result.jobs.length} bundles in ${result.outDir} (${result.cached ? 'cached' : 'built'} in ${ms} ms)`);
}
