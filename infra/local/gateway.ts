/**
 * The local gateway: one node:http server that serves the built SPA (history fallback to
 * index.html for extension-less paths), /images/* from the bucket, /dev/outbox, and /api/* by
 * matching the route table and invoking the real handler modules with payload 2.0 events; /ws is
 * the realtime socket (./realtime.ts).
 */
import { appendFileSync, createReadStream } from 'node:fs';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Context } from 'aws-lambda';
import type { Readable } from 'node:stream';
import { CATCH_ALL } from '../../functions/routes';
import type { HttpResult } from '../../functions/lib/http';
import type { OutboxEntry } from '../../functions/lib/outbound/outbox';
import { readsTable, routeKey, type RouteDef } from '../../functions/lib/route-types';
import type { LambdaHandler } from '../../functions/lib/wrap';
import { toEvent } from './lambda-event';
import { matchRoute } from './match';
import { attachRealtime } from './realtime';
import { renderOutbox } from './outbox-page';
import { IMAGE_CACHE_SECONDS } from '../../shared/constants';

/** API Gateway's own payload limit. */
const MAX_REQUEST_BYTES = 10 * 1024 * 1024;

/** The SPA's text files, which the host compresses as CloudFront does. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.webmanifest', '.txt']);

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg',
  '.webp': 'image/webp', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json', '.map': 'application/json',
};

export interface GatewayOptions {
  port: number;
  /** Folder under which the handler modules live (functions/). */
  functionsDir: string;
  /** The built SPA (web/dist); when absent, non-API paths answer a hint. */
  spaDir?: string;
  s3: S3Client;
  bucket: string;
  /** When set, /dev/outbox lists the messages kept there (local host only). */
  outboxDir?: string;
  /**
   * Headers sent on every answer but /dev/outbox (a local page with its own inline style): the
   * Content-Security-Policy and the other security headers CloudFront sends in the cloud.
   */
  securityHeaders?: Record<string, string>;
  /** Origins beyond the gateway's own that may open a socket on /ws (the dev server's). */
  socketOrigins?: readonly string[];
}

export interface Gateway {
  url: string;
  server: Server;
  /** Every socket frame and close begun so far has gone out (./realtime.ts). */
  realtimeSettled(): Promise<void>;
  stop(): Promise<void>;
}

function lambdaContext(route: string, timeoutSeconds: number): Context {
  const deadline = Date.now() + timeoutSeconds * 1000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: route,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${route}`,
    memoryLimitInMB: '256',
    awsRequestId: crypto.randomUUID(),
    logGroupName: 'local',
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Past the limit the rest is read and dropped, so the client gets its 413; past this too, the connection is cut. */
const MAX_DRAINED_BYTES = 8 * MAX_REQUEST_BYTES;

/** The request's body; null when it is over MAX_REQUEST_BYTES (API Gateway's limit is 10 MB too). */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_DRAINED_BYTES) req.destroy();
      else if (size <= MAX_REQUEST_BYTES) chunks.push(c);
    });
    req.on('end', () => resolveBody(size > MAX_REQUEST_BYTES ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendJsonError(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ status: 'error', error: { code, message } }));
}

function writeResult(res: ServerResponse, result: HttpResult, head: boolean): void {
  const headers: Record<string, string | string[]> = { ...result.headers };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.isBase64Encoded ? Buffer.from(result.body, 'base64') : Buffer.from(result.body ?? '', 'utf8');
  headers['content-length'] = String(body.length);
  res.writeHead(result.statusCode, headers);
  res.end(head ? undefined : body);
}

export async function startGateway(opts: GatewayOptions): Promise<Gateway> {
  const handlers = new Map<string, Promise<LambdaHandler>>();

  async function importModule(handlerPath: string): Promise<Record<string, unknown>> {
    const file = join(opts.functionsDir, `${handlerPath}.ts`);
    return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  }

  function handlerFor(route: RouteDef | null): Promise<LambdaHandler> {
    const key = route ? routeKey(route) : '$default';
    let h = handlers.get(key);
    if (!h) {
      h = (async () => {
        if (!route) return (await importModule(CATCH_ALL.handler)).handler as LambdaHandler;
        // Loaded on first use, like the handlers, so the environment the host sets applies.
        const { wrap } = await import('../../functions/lib/wrap');
        const mod = await importModule(route.handler);
        if (typeof mod.main !== 'function') throw new Error(`${route.handler} has no exported main`);
        // As each route's entry module does in the cloud (infra/aws/bundle.ts).
        const { assertLiveAdmin, unverifiedSessionIsLive } = await import('../../functions/lib/session/live');
        return wrap(route, mod.main as never, {
          ...(route.access === 'admin' ? { liveAdmin: assertLiveAdmin } : {}),
          ...(readsTable(route) ? { liveSession: unverifiedSessionIsLive } : {}),
        });
      })();
      h.catch(() => handlers.delete(key));
      handlers.set(key, h);
    }
    return h;
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const rawPath = new URL(req.url ?? '/', 'http://local').pathname;
    const body = await readBody(req);
    if (body === null) return sendJsonError(res, 413, 'payload_too_large', 'The request is larger than 10 MB');
    const match = matchRoute(method === 'HEAD' ? 'GET' : method, rawPath);
    if (match && !match.pathParameters) return sendJsonError(res, 400, 'bad_request', 'A path parameter is not valid percent-encoding');
    const route = match?.route ?? null;
    const handler = await handlerFor(route);
    const event = toEvent(req, body, route ? routeKey(route) : '$default', match?.pathParameters);
    const result = await handler(event, lambdaContext(route ? routeKey(route) : 'default', route?.timeoutSeconds ?? 10));
    // The API tests hold every answered status to the route's contract (test/support/global-host.ts).
    if (route && process.env.ROUTE_STATUS_LOG) appendFileSync(process.env.ROUTE_STATUS_LOG, `${routeKey(route)}\t${result.statusCode}\n`);
    writeResult(res, result, method === 'HEAD');
  }

  async function handleImage(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const key = decodeURIComponent(path.slice(1));
    try {
      const out = await opts.s3.send(new GetObjectCommand({ Bucket: opts.bucket, Key: key }));
      res.writeHead(200, {
        'content-type': out.ContentType ?? 'application/octet-stream',
        ...(out.ContentLength !== undefined ? { 'content-length': String(out.ContentLength) } : {}),
        'cache-control': `public, max-age=${IMAGE_CACHE_SECONDS}`,
        'x-content-type-options': 'nosniff',
      });
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      (out.Body as Readable).pipe(res);
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name === 'NoSuchKey' || name === 'NotFound') {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Image not found');
        return;
      }
      throw err;
    }
  }

  /** The compressed body of each SPA text file and encoding, with the size and time of the file it was made from (a rebuild replaces it). */
  const compressed = new Map<string, { stamp: string; body: Buffer }>();

  /** The body of a text file in an encoding the browser accepts, as CloudFront sends it (brotli, else gzip); null for none or a binary file. */
  async function encodedBody(file: string, info: { size: number; mtimeMs: number }, acceptEncoding: string): Promise<{ encoding: 'br' | 'gzip'; body: Buffer } | null> {
    if (!COMPRESSIBLE.has(extname(file))) return null;
    const accepted = new Set(
      acceptEncoding
        .split(',')
        .map((part) => part.trim().split(';'))
        .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
        .map(([name]) => name!.trim().toLowerCase()),
    );
    const encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
    if (!encoding) return null;
    const key = `${file}\0${encoding}`;
    const stamp = `${info.size}:${info.mtimeMs}`;
    const cached = compressed.get(key);
    if (cached?.stamp === stamp) return { encoding, body: cached.body };
    const raw = await readFile(file);
    const body = encoding === 'br' ? brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }) : gzipSync(raw, { level: 9 });
    // A file read while a build rewrites it is served once but not kept.
    if (raw.length === info.size) compressed.set(key, { stamp, body });
    return { encoding, body };
  }

  async function handleSpa(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (!opts.spaDir) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('The web app is not built: run npm run build:web');
      return;
    }
    const root = resolve(opts.spaDir);
    let file = normalize(join(root, decodeURIComponent(path)));
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(400).end();
      return;
    }
    const isAsset = extname(path) !== '';
    if (!isAsset) file = join(root, 'index.html');
    try {
      const info = await stat(file);
      if (!info.isFile()) throw Object.assign(new Error('not a file'), { code: 'ENOENT' });
      const immutable = path.startsWith('/assets/');
      const encoded = await encodedBody(file, info, String(req.headers['accept-encoding'] ?? ''));
      res.writeHead(200, {
        'content-type': MIME[extname(file)] ?? 'application/octet-stream',
        'content-length': String(encoded ? encoded.body.length : info.size),
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        'x-content-type-options': 'nosniff',
        ...(COMPRESSIBLE.has(extname(file)) ? { vary: 'accept-encoding' } : {}),
        ...(encoded ? { 'content-encoding': encoded.encoding } : {}),
      });
      if (req.method === 'HEAD') res.end();
      else if (encoded) res.end(encoded.body);
      else createReadStream(file).pipe(res);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not found');
    }
  }

  async function handleOutbox(res: ServerResponse, url: URL): Promise<void> {
    let text = '';
    try {
      text = await readFile(join(opts.outboxDir!, 'outbox.jsonl'), 'utf8');
    } catch {
      /* nothing sent yet */
    }
    const entries = text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as OutboxEntry).reverse();
    if (url.searchParams.get('format') === 'json') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify(entries));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(renderOutbox(entries));
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const isOutbox = !!opts.outboxDir && (path === '/dev/outbox' || path === '/dev/outbox/');
    if (!isOutbox) for (const [name, value] of Object.entries(opts.securityHeaders ?? {})) res.setHeader(name, value);
    const work = (async () => {
      if (path === '/api' || path.startsWith('/api/')) return handleApi(req, res);
      if (method !== 'GET' && method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      if (path.startsWith('/images/')) return handleImage(req, res, path);
      if (isOutbox) return handleOutbox(res, url);
      return handleSpa(req, res, path);
    })();
    work.catch((err: unknown) => {
      console.error('gateway error', err);
      if (!res.headersSent) sendJsonError(res, 500, 'internal', 'Something went wrong on our side; please try again');
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5000;
  const realtime = attachRealtime(server, { extraOrigins: opts.socketOrigins ?? [] });

  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port, '127.0.0.1', () => ok());
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : opts.port;
  return {
    url: `http://localhost:${port}`,
    server,
    realtimeSettled: () => realtime.settled(),
    stop: async () => {
      await realtime.stop();
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
    },
  };
}
