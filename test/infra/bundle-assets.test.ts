/**
 * Data files shipped beside a bundle (BUNDLE_ASSETS): the gazetteer's index goes into the folder
 * of exactly the bundles that include functions/location/gazetteer.ts (esbuild's metafile) with
 * the code that reads the index, and a bundle of the gazetteer finds it there in a fresh Node
 * process, without the builder or the GeoNames packages bundled in.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build, type Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetsByFolder, BUNDLE_ASSETS, buildBundles, ESM_REQUIRE_BANNER, REPO_ROOT, type BundleResult } from '../../infra/aws/bundle';

const run = promisify(execFile);
const GAZETTEER = 'functions/location/gazetteer.ts';

/** A metafile output as esbuild writes one, with just the inputs that matter here. */
const output = (inputs: string[]): Metafile['outputs'][string] => ({
  bytes: 1,
  inputs: Object.fromEntries(inputs.map((input) => [input, { bytesInOutput: 1 }])),
  imports: [],
  exports: [],
});

describe('assetsByFolder', () => {
  it('gives the places index to the bundles that include the gazetteer, and to no other', () => {
    const meta: Metafile = {
      inputs: {},
      outputs: {
        'get-api-location-places/index.mjs': output(['functions/lib/wrap.ts', GAZETTEER, 'functions/pages/handlers/places.ts']),
        'job-event-zones/index.mjs': output([GAZETTEER]),
        'get-api-health/index.mjs': output(['functions/lib/wrap.ts', 'functions/system/handlers/health.ts']),
        // A module merely named like it is not it.
        'get-api-other/index.mjs': output(['functions/location/gazetteer.test.ts', 'functions/other/gazetteer.ts']),
        // Imported for something else: tree-shaking left its imports only, not what reads the index.
        'delete-api-pages-page/index.mjs': output([GAZETTEER, 'functions/pages/delete.ts']),
      },
    };
    const code: Record<string, string> = {
      'get-api-location-places': 'const a=new URL("./places.tsv",import.meta.url);',
      'job-event-zones': 'x=new URL("./places.tsv",import.meta.url)',
      'delete-api-pages-page': 'import"node:buffer";import"node:fs";',
    };
    const read: string[] = [];
    const folders = assetsByFolder(meta, (folder) => (read.push(folder), code[folder] ?? ''));
    expect([...folders.keys()].sort()).toEqual(['get-api-location-places', 'job-event-zones']);
    // Only bundles that include the module are read.
    expect(read.sort()).toEqual(['delete-api-pages-page', 'get-api-location-places', 'job-event-zones']);
    expect(folders.get('get-api-location-places')!.map((a) => a.name)).toEqual(['places.tsv']);
  });

  it('names assets by module paths as esbuild writes them, relative to the root', () => {
    for (const asset of BUNDLE_ASSETS) expect(existsSync(join(REPO_ROOT, asset.input)), asset.input).toBe(true);
  });
});

describe('the bundles', () => {
  let result: BundleResult;
  beforeAll(async () => {
    result = await buildBundles();
  }, 300_000);

  it('ship places.tsv exactly where the gazetteer reads it, as the manifest says', () => {
    const meta = JSON.parse(readFileSync(result.metafile, 'utf8')) as Metafile;
    for (const entry of [...result.entries, ...result.jobs]) {
      const uses = GAZETTEER in meta.outputs[`${entry.folder}/index.mjs`]!.inputs && readFileSync(join(entry.dir, 'index.mjs'), 'utf8').includes('places.tsv');
      const files = readdirSync(entry.dir).sort();
      expect(files, entry.folder).toEqual(uses ? ['index.mjs', 'places.tsv'] : ['index.mjs']);
      expect(entry.assets, entry.folder).toEqual(uses ? ['places.tsv'] : undefined);
    }
    // Exactly the routes that read places carry the index: the lookups, and creating or moving a
    // page, and creating or moving an event (its time zone). Settings and tags routes change a page
    // without the gazetteer, so they do not.
    const carrying = result.entries.filter((e) => e.assets?.includes('places.tsv')).map((e) => e.routeKey).sort();
    expect(carrying).toEqual(['GET /api/location/place-at', 'GET /api/location/places', 'GET /api/location/places-near', 'POST /api/iam/events/new', 'POST /api/iam/pages/new', 'PUT /api/iam/events/update', 'PUT /api/iam/events/update-specific', 'PUT /api/iam/pages/update']);
    expect(result.jobs.filter((j) => j.assets?.length)).toEqual([]);
  });
});

describe('a bundle of the gazetteer', () => {
  let workDir: string;
  let meta: Metafile;
  beforeAll(async () => {
    await mkdir(join(REPO_ROOT, '.tmp'), { recursive: true });
    workDir = await mkdtemp(join(REPO_ROOT, '.tmp', 'infra-assets-'));
    // Built the way bundle.ts builds a Lambda (ESM for Node, bundled, minified), from a stand-in handler.
    const built = await build({
      absWorkingDir: REPO_ROOT,
      stdin: {
        contents: `import { searchPlaces, nearestPlace } from './${GAZETTEER}';\nexport const handler = async () => ({ found: await searchPlaces('syd'), near: await nearestPlace(-18.14, 178.44) });`,
        resolveDir: REPO_ROOT,
        loader: 'ts',
      },
      outfile: join(workDir, 'probe', 'index.mjs'),
      bundle: true,
      platform: 'node',
      target: 'node22',
      format: 'esm',
      minify: true,
      banner: { js: ESM_REQUIRE_BANNER },
      metafile: true,
      logLevel: 'error',
    });
    meta = { ...built.metafile, outputs: Object.fromEntries(Object.entries(built.metafile.outputs).map(([key, value]) => [relative(workDir, resolve(REPO_ROOT, key)), value])) };
    for (const [folder, assets] of assetsByFolder(meta, (folder) => readFileSync(join(workDir, folder, 'index.mjs'), 'utf8'))) {
      for (const asset of assets) await copyFile(await asset.file(), join(workDir, folder, asset.name));
    }
  }, 120_000);

  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it('leaves the index builder and the GeoNames packages out', () => {
    const inputs = Object.keys(meta.outputs['probe/index.mjs']!.inputs);
    expect(inputs).toContain(GAZETTEER);
    expect(inputs.filter((i) => i.startsWith('scripts/') || i.includes('node_modules/cities'))).toEqual([]);
  });

  it('reads places.tsv from its own folder in a fresh Node process', async () => {
    expect(readdirSync(join(workDir, 'probe')).sort()).toEqual(['index.mjs', 'places.tsv']);
    const script = `const { handler } = await import(process.argv[1]); process.stdout.write(JSON.stringify(await handler()));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script, join(workDir, 'probe', 'index.mjs')], {
      // No PLACES_FILE, and a working directory elsewhere: the file beside the bundle is the one read.
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'ERROR' },
      cwd: workDir,
      timeout: 60_000,
    });
    const out = JSON.parse(stdout) as { found: { name: string; timeZone: string }[]; near: { name: string; timeZone: string } };
    expect(out.found[0]).toMatchObject({ name: 'Sydney', timeZone: 'Australia/Sydney' });
    expect(out.near).toMatchObject({ name: 'Suva', timeZone: 'Pacific/Fiji' });
  });
});
