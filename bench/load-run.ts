/**
 * `npm run load`: about 50 simulated members for 60 seconds against a local host of its own (in
 * memory, on loopback ports it picks), then a reconciliation of everything they did (see
 * bench/load/reconcile.ts). Prints a table per route and writes bench/load.json:
 *
 *   { routes: { "<route key>": { requests, p50Ms, p99Ms, errors5xx, errors429 } }, reconciled,
 *     drifts: [{ counter, key, stored, recounted }], throughputVsDynamoCeiling }
 *
 * `throughputVsDynamoCeiling` is the run's requests per second over what a bare GetItem + PutItem
 * loop achieves at the same concurrency against the same DynamoDB Local, measured in the same run.
 * The host raises the sign-up, login and per-member write limits, as the test host does: every
 * member comes from one loopback address. Options: `--members N` (default 50), `--seconds S`
 * (default 60), `--max-requests N` (a bound on the run's requests; default 100,000), `--out FILE`.
 * Exits 1 when a request answered 5xx or anything drifted.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { REPO_ROOT, startHost } from '../infra/local/host';
import { Recorder, routeSummary, type Client } from './load/client';
import { LOAD_LIMITS, newLedger, play, setUp } from './load/mix';
import { reconcile } from './load/reconcile';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const n = Number(process.argv[at + 1]);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} takes a positive number`);
  return n;
}

const MEMBERS = Math.min(200, option('members', 50));
const SECONDS = Math.min(600, option('seconds', 60));
const MAX_REQUESTS = option('max-requests', 100_000);
const outAt = process.argv.indexOf('--out');
if (outAt >= 0 && !process.argv[outAt + 1]) throw new Error('--out takes a file');
const OUT = outAt >= 0 ? process.argv[outAt + 1]! : join(REPO_ROOT, 'bench', 'load.json');
/** How long the DynamoDB ceiling is measured. */
const CEILING_MS = 5000;

/** Iterations per second of a bare GetItem then PutItem, `concurrency` loops at once, against the host's DynamoDB Local. */
async function dynamoCeiling(concurrency: number): Promise<number> {
  const { dynamoClient, tableName } = await import('../functions/db/client');
  const client = dynamoClient();
  const TableName = tableName();
  let done = 0;
  const end = Date.now() + CEILING_MS;
  const start = Date.now();
  await Promise.all(Array.from({ length: concurrency }, async (_, i) => {
    const Key = { pk: { S: `loadceiling#${i}` }, sk: { S: 'x' } };
    while (Date.now() < end) {
      await client.send(new GetItemCommand({ TableName, Key }));
      await client.send(new PutItemCommand({ TableName, Item: { ...Key, n: { N: String(done) } } }));
      done += 1;
    }
  }));
  return done / ((Date.now() - start) / 1000);
}

async function main(): Promise<void> {
  const work = join(REPO_ROOT, '.tmp', 'load');
  mkdirSync(work, { recursive: true });
  const dataDir = mkdtempSync(join(work, 'host-'));
  const host = await startHost({
    dataDir, inMemory: true, scheduledJobs: false,
    env: { LOG_LEVEL: 'ERROR', SCRYPT_LOG_N: '12', ...LOAD_LIMITS },
  });
  if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d+$/.test(host.url)) throw new Error(`not a loopback host: ${host.url}`);
  try {
    const setup: Client = { base: host.url, recorder: new Recorder() };
    console.log(`Setting up ${MEMBERS} members, their listings, posts, events and conversations…`);
    const world = await setUp(setup, host.outboxDir, MEMBERS);

    const client: Client = { base: host.url, recorder: new Recorder(), retries503: 5 };
    const ledger = newLedger();
    console.log(`Playing for ${SECONDS} s…`);
    const t0 = Date.now();
    await play(client, world, ledger, t0 + SECONDS * 1000, MAX_REQUESTS);
    const elapsed = (Date.now() - t0) / 1000;
    client.recorder.active = false;
    const rps = client.recorder.requests / elapsed;
    await host.realtimeSettled();
    // Measured after the run, on DynamoDB Local as warm as the run left it (a cold JVM measured
    // about a tenth of it).
    console.log(`DynamoDB Local's ceiling (GetItem + PutItem, ${MEMBERS} at once, ${CEILING_MS / 1000} s)…`);
    const ceiling = await dynamoCeiling(MEMBERS);
    console.log(`  ${ceiling.toFixed(0)} a second`);

    console.log('Reconciling…');
    const r0 = Date.now();
    const rec = await reconcile(client, world, ledger);
    const routes = routeSummary(client.recorder);
    const result = {
      routes,
      reconciled: rec.drifts.length === 0,
      drifts: rec.drifts,
      throughputVsDynamoCeiling: Math.round((rps / ceiling) * 1000) / 1000,
    };
    writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);

    console.table(routes);
    const errors5xx = Object.values(routes).reduce((n, r) => n + r.errors5xx, 0);
    const errors429 = Object.values(routes).reduce((n, r) => n + r.errors429, 0);
    console.log(
      `${client.recorder.requests} requests in ${elapsed.toFixed(1)} s (${rps.toFixed(0)}/s, ${result.throughputVsDynamoCeiling}× DynamoDB Local's ceiling); ` +
        `${errors5xx} × 5xx, ${errors429} × 429; ${rec.counters} counters and ${rec.writes} writes reconciled in ${((Date.now() - r0) / 1000).toFixed(1)} s: ` +
        `${rec.drifts.length ? `${rec.drifts.length} DRIFTED` : 'exact'}. Wrote ${OUT}.`,
    );
    for (const d of rec.drifts.slice(0, 20)) console.log(`  drift: ${d.counter} ${d.key}: stored ${d.stored}, recounted ${d.recounted}`);
    if (errors5xx || rec.drifts.length) process.exitCode = 1;
  } finally {
    await host.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

