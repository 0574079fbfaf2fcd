/**
 * The Lambda bundles: one per route plus `$default`, built by one esbuild call, cached by content
 * hash, self-contained (AWS SDK inside, but no Secrets Manager client: secrets come from the
 * Parameters and Secrets extension over localhost), and loadable as ESM by a fresh Node process —
 * where the health and catch-all handlers answer like the cloud would, reading the origin secret
 * once per container from a stand-in for the extension.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeKey } from '../../functions/lib/route-types';
import { routes } from '../../functions/routes';
import { buildBundles, ESM_REQUIRE_BANNER, type BundleResult } from '../../infra/aws/bundle';
import { DEFAULT_ROUTE_KEY, routeFolder } from '../../infra/aws/naming';

const run = promisify(execFile);
let result: BundleResult;

beforeAll(async () => {
  result = await buildBundles();
}, 120_000);

describe('bundles', () => {
  it('has one folder per route and one for $default, named from the route key', () => {
    const expected = [...routes.map((r) => routeKey(r)), DEFAULT_ROUTE_KEY];
    expect(result.entries.map((e) => e.routeKey)).toEqual(expected);
    for (const route of routes) {
      const entry = result.entries.find((e) => e.routeKey === routeKey(route))!;
      expect(entry.folder).toBe(routeFolder(route));
    }
    expect(new Set(result.entries.map((e) => e.folder)).size).toBe(expected.length);
    for (const entry of result.entries) {
      // Code.fromAsset(dir) ships the folder as is: index.mjs and nothing else.
      expect(readdirSync(entry.dir).sort()).toEqual(['index.mjs', ...(entry.assets ?? [])].sort());
      expect(statSync(join(entry.dir, 'index.mjs')).size).toBe(entry.bytes);
      expect(readFileSync(join(entry.dir, 'index.mjs'), 'utf8').startsWith(ESM_REQUIRE_BANNER)).toBe(true);
    }
  });

  it('names folders deterministically', () => {
    expect(routeFolder({ method: 'GET', path: '/api/site-settings/get-site' })).toBe('get-api-site-settings-get-site');
    expect(routeFolder({ method: 'DELETE', path: '/api/posts/{postId}/comments/{id}' })).toBe('delete-api-posts-postid-comments-id');
  });

  it('reuses the build while functions/ and shared/ are unchanged', async () => {
    const again = await buildBundles();
    expect(again.cached).toBe(true);
    expect(again.outDir).toBe(result.outDir);
    expect(again.hash).toBe(result.hash);
  });

  it('writes a metafile covering every bundle, with the AWS SDK bundled in', () => {
    expect(existsSync(result.metafile)).toBe(true);
    const meta = JSON.parse(readFileSync(result.metafile, 'utf8')) as Metafile;
    const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
    for (const entry of result.entries) {
      const output = meta.outputs[`${entry.folder}/index.mjs`];
      expect(output, entry.folder).toBeDefined();
      expect(output!.bytes).toBe(entry.bytes);
      const externals = output!.imports.filter((i) => i.external).map((i) => i.path);
      // Only Node's own modules stay outside the bundle.
      expect(externals.filter((p) => !builtins.has(p)), entry.folder).toEqual([]);
    }
    const inputsOf = (key: string) => Object.keys(meta.outputs[`${result.entries.find((e) => e.routeKey === key)!.folder}/index.mjs`]!.inputs);
    expect(inputsOf('GET /api/site-settings/get-site').some((i) => i.includes('node_modules/@aws-sdk/'))).toBe(true);
    // A route that touches no AWS service carries no SDK at all (secrets come from the extension).
    expect(inputsOf('GET /api/health').filter((i) => i.includes('node_modules/@aws-sdk/') || i.includes('node_modules/@smithy/'))).toEqual([]);
  });

  it('gives each route only its own route: no route table, no contracts or answer schemas, no other route\'s input schema', () => {
    const meta = JSON.parse(readFileSync(result.metafile, 'utf8')) as Metafile;
    for (const entry of result.entries) {
      const inputs = Object.keys(meta.outputs[`${entry.folder}/index.mjs`]!.inputs);
      const foreign = inputs.filter((i) => /^functions\/([\w-]+\/)?routes\.ts$/.test(i) || i.startsWith('shared/answers/') || (i.startsWith('shared/contract/') && i !== 'shared/contract/route.ts'));
      expect(foreign, entry.routeKey).toEqual([]);
    }
    const code = (key: string) => readFileSync(join(result.entries.find((e) => e.routeKey === key)!.dir, 'index.mjs'), 'utf8');
    // Sign-in validates an address and a password: the settings schema of the same module stays out.
    expect(code('POST /api/iam/authn/login')).not.toContain('must be metric or imperial');
    expect(code('PUT /api/iam/users/update-user-settings')).toContain('must be metric or imperial');
    expect(code('GET /api/site-settings/get-site')).not.toMatch(/must be metric or imperial|must be a list of tag names/);
  });

  it('carries no Secrets Manager client in any bundle: the functions read secrets from the extension', () => {
    const meta = JSON.parse(readFileSync(result.metafile, 'utf8')) as Metafile;
    for (const entry of [...result.entries, ...result.jobs]) {
      const inputs = Object.keys(meta.outputs[`${entry.folder}/index.mjs`]!.inputs);
      expect(inputs.filter((i) => i.includes('/@aws-sdk/client-secrets-manager/')), entry.folder).toEqual([]);
    }
  });

  it('carries the sockets\' management client only in the jobs that may use it: no route handler can post to or close a socket', () => {
    const meta = JSON.parse(readFileSync(result.metafile, 'utf8')) as Metafile;
    const holding = [...result.entries, ...result.jobs]
      .filter((entry) => Object.keys(meta.outputs[`${entry.folder}/index.mjs`]!.inputs).some((i) => i.includes('/@aws-sdk/client-apigatewaymanagementapi/')))
      .map((entry) => entry.folder)
      .sort();
    expect(holding).toEqual(['job-socket-default', 'job-stream-dispatch']);
  });

  it('loads every bundle as ESM in a fresh Node process and answers like the cloud', async () => {
    // A stand-in for the Parameters and Secrets extension: the secret by ARN, for the sandbox's session token only.
    const ORIGIN_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:OriginSecret-abc';
    const asked: string[] = [];
    const extension = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      asked.push(`${url.pathname}?${url.searchParams.get('secretId')}`);
      const known = url.pathname === '/secretsmanager/get' && url.searchParams.get('secretId') === ORIGIN_ARN;
      if (req.headers['x-aws-parameters-secrets-token'] !== 'session-token' || !known) {
        res.writeHead(400).end('bad request');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ARN: ORIGIN_ARN, SecretString: 'test-origin-secret' }));
    });
    await new Promise<void>((resolve) => extension.listen(0, 'localhost', resolve));
    const script = `
      const dirs = JSON.parse(process.argv[1]);
      const out = { loaded: {}, answers: {} };
      for (const [key, dir] of Object.entries(dirs)) {
        const mod = await import(dir + '/index.mjs');
        out.loaded[key] = typeof mod.handler;
      }
      const event = (path, headers) => ({
        version: '2.0', routeKey: '$default', rawPath: path, rawQueryString: '', isBase64Encoded: false,
        headers: { 'client-platform': 'browser', ...headers },
        requestContext: { http: { method: 'GET', path, sourceIp: '192.0.2.1', protocol: 'HTTP/1.1', userAgent: 't' }, requestId: 'r', stage: '$default', timeEpoch: Date.now() },
      });
      const context = { awsRequestId: 'r', functionName: 'f', getRemainingTimeInMillis: () => 5000 };
      const health = (await import(dirs['GET /api/health'] + '/index.mjs')).handler;
      const fallback = (await import(dirs['$default'] + '/index.mjs')).handler;
      const answer = async (h, path, headers = {}) => { const r = await h(event(path, headers), context); return { status: r.statusCode, body: JSON.parse(r.body) }; };
      const secret = { 'x-origin-verify': 'test-origin-secret' };
      out.answers.healthWithSecret = await answer(health, '/api/health', secret);
      out.answers.healthAgain = await answer(health, '/api/health', secret);
      out.answers.healthWithoutSecret = await answer(health, '/api/health');
      out.answers.healthWithWrongSecret = await answer(health, '/api/health', { 'x-origin-verify': 'test-origin-secreT' });
      out.answers.unknownWithSecret = await answer(fallback, '/api/no-such-route', secret);
      process.stdout.write(JSON.stringify(out));
    `;
    const dirs = Object.fromEntries(result.entries.map((e) => [e.routeKey, e.dir]));
    let stdout: string;
    try {
      ({ stdout } = await run(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(dirs)], {
        env: {
          PATH: process.env.PATH ?? '',
          ORIGIN_SECRET_ARN: ORIGIN_ARN,
          AWS_SESSION_TOKEN: 'session-token',
          PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: String((extension.address() as AddressInfo).port),
          LOG_LEVEL: 'ERROR',
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        },
        timeout: 60_000,
        maxBuffer: 10 * 1024 * 1024,
      }));
    } finally {
      extension.close();
    }
    const out = JSON.parse(stdout) as {
      loaded: Record<string, string>;
      answers: Record<string, { status: number; body: { status: string; data?: { ok?: boolean }; error?: { code: string } } }>;
    };
    expect(Object.keys(out.loaded).sort()).toEqual(Object.keys(dirs).sort());
    for (const [key, kind] of Object.entries(out.loaded)) expect(kind, key).toBe('function');
    expect(out.answers.healthWithSecret).toMatchObject({ status: 200, body: { status: 'success', data: { ok: true } } });
    expect(out.answers.healthAgain).toMatchObject({ status: 200 });
    expect(out.answers.healthWithoutSecret).toMatchObject({ status: 403, body: { status: 'error' } });
    expect(out.answers.healthWithWrongSecret).toMatchObject({ status: 403, body: { status: 'error' } });
    expect(out.answers.unknownWithSecret).toMatchObject({ status: 404, body: { status: 'error', error: { code: 'not_found' } } });
    // Once per container: the health bundle asked once for its five requests, the catch-all once.
    expect(asked).toEqual([`/secretsmanager/get?${ORIGIN_ARN}`, `/secretsmanager/get?${ORIGIN_ARN}`]);
  });
});
