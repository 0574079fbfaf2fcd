/**
 * Starts one local host (DynamoDB Local in memory, s3rver, gateway) for the whole test run and
 * hands its addresses to the tests through `inject`. Every project that names this file shares
 * the one host: handlers run in this process and read process.env, so two hosts in one process
 * would point each other's handlers at the wrong table and outbox.
 *
 * The tests run in other processes, so what they ask of the host itself (rather than of its
 * site) goes through a small server of this file's own on loopback, never through the site's
 * gateway: `GET /realtime-settled` answers 204 once every socket frame that the writes so far set
 * off has gone out (Host.realtimeSettled; test/support/realtime.ts waits on it).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT, startHost, type Host } from '../../infra/local/host';
import { routes } from '../../functions/routes';
import type { RouteDef } from '../../functions/lib/route-types';
import { assertStatusesDeclared } from './route-statuses';
import { NOTIFY_MAIL_DELAY_MS } from './mail-delay';

declare module 'vitest' {
  export interface ProvidedContext {
    hostUrl: string;
    dynamoEndpoint: string;
    tableName: string;
    s3Endpoint: string;
    bucket: string;
    signingSecretFile: string;
    outboxDir: string;
    /** This file's own server for what the tests ask of the host (see above). */
    hostControlUrl: string;
  }
}

/** How long `/realtime-settled` waits before answering 504: a fan-out takes milliseconds. */
const SETTLE_LIMIT_MS = 15_000;

interface Shared {
  host: Promise<{ host: Host; dataDir: string; control: Server }>;
  users: number;
}
const KEY = Symbol.for('leafline.testHost');
const registry = globalThis as { [KEY]?: Shared };

function startControl(host: Host): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/realtime-settled') {
      res.writeHead(404).end();
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<number>((ok) => (timer = setTimeout(() => ok(504), SETTLE_LIMIT_MS)));
    void Promise.race([host.realtimeSettled().then(() => 204), limit]).then((status) => {
      clearTimeout(timer);
      res.writeHead(status).end();
    });
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => ok(server));
  });
}

async function start(): Promise<{ host: Host; dataDir: string; control: Server }> {
  const base = join(REPO_ROOT, '.tmp');
  mkdirSync(base, { recursive: true });
  const dataDir = mkdtempSync(join(base, 'host-'));
  // Every (route, status) the host answers, checked against the contracts when the run ends.
  process.env.ROUTE_STATUS_LOG ??= join(dataDir, 'route-statuses.tsv');
  const host = await startHost({
    dataDir,
    inMemory: true,
    env: {
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'CRITICAL',
      // The real delay, whatever the shell exports: other tests' messages never come due during a
      // run; the mail tests make theirs due (test/support/pending-mail.ts).
      NOTIFY_MAIL_DELAY_SECONDS: String(NOTIFY_MAIL_DELAY_MS / 1000),
      ADMIN_EMAILS: 'admin@example.com,second-admin@example.com',
      // Cheap hashes for tests (the parameters are stored with each hash; production uses 17).
      SCRYPT_LOG_N: '12',
      // Every test comes from 127.0.0.1: raise the limits here; test/api/rate-limits.test.ts
      // checks the real defaults on a host of its own.
      RATE_LIMIT_LOGIN_IP: '100000/300',
      RATE_LIMIT_LOGIN_EMAIL: '100000/3600',
      RATE_LIMIT_LOGIN_ACCOUNT: '100000/3600',
      RATE_LIMIT_SIGNUP_IP: '100000/1800',
      RATE_LIMIT_RESET_EMAIL: '100000/1800',
      RATE_LIMIT_VERIFY_EMAIL: '100000/1800',
      RATE_LIMIT_LINK_MAIL_IP: '100000/1800',
      RATE_LIMIT_ACCOUNT_MAIL_USER: '100000/86400',
      RATE_LIMIT_POST_USER: '100000/3600',
      RATE_LIMIT_COMMENT_USER: '100000/3600',
      RATE_LIMIT_UPLOAD_USER: '100000/3600',
      RATE_LIMIT_REACTION_USER: '100000/3600',
      RATE_LIMIT_FORM_USER: '100000/3600',
      RATE_LIMIT_SWAP_USER: '100000/3600',
      RATE_LIMIT_WANTED_USER: '100000/3600',
      // Per user and per number, not per IP: the real default holds here (tested in users-phone).
      RATE_LIMIT_SMS_USER: '5/3600',
    },
  });
  return { host, dataDir, control: await startControl(host) };
}

export default async function setup(project: TestProject) {
  const shared = (registry[KEY] ??= { host: start(), users: 0 });
  shared.users += 1;
  const { host, control } = await shared.host;
  project.provide('hostUrl', host.url);
  project.provide('hostControlUrl', `http://127.0.0.1:${(control.address() as AddressInfo).port}`);
  project.provide('dynamoEndpoint', host.dynamoEndpoint);
  project.provide('tableName', host.tableName);
  project.provide('s3Endpoint', host.s3Endpoint);
  project.provide('bucket', host.bucket);
  project.provide('signingSecretFile', host.signingSecretFile);
  project.provide('outboxDir', host.outboxDir);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete registry[KEY];
    const { host: h, dataDir, control } = await shared.host;
    control.closeAllConnections();
    await new Promise<void>((done) => control.close(() => done()));
    await h.stop();
    try {
      assertStatusesDeclared(process.env.ROUTE_STATUS_LOG!, routes as readonly RouteDef[]);
    } catch (err) {
      // Vitest logs an error thrown here without failing the run: fail it.
      process.exitCode = 1;
      throw err;
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
}
