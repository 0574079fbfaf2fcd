/**
 * A small closed-loop load generator, run in its own process so it does not share the event loop
 * with the server under test: `tsx bench/load.ts URL CONNECTIONS DURATION_MS` prints
 * `{ requests, rps, p50, p99, errors }` as JSON.
 */
import { Agent, request } from 'node:http';

const [url, connsArg, durationArg] = process.argv.slice(2);
if (!url) throw new Error('usage: load.ts URL CONNECTIONS DURATION_MS');
const conns = Number(connsArg ?? 10);
const duration = Number(durationArg ?? 3000);
const agent = new Agent({ keepAlive: true, maxSockets: conns });
const target = new URL(url);

function once(): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const req = request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers: { 'client-platform': 'browser' } },
      (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve(Number(process.hrtime.bigint() - t0) / 1e6) : reject(new Error(`status ${res.statusCode}`))));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const latencies: number[] = [];
let errors = 0;
const warmupEnd = Date.now() + 300;
while (Date.now() < warmupEnd) await once().catch(() => undefined);
const end = Date.now() + duration;
const start = Date.now();
await Promise.all(
  Array.from({ length: conns }, async () => {
    while (Date.now() < end) {
      try {
        latencies.push(await once());
      } catch {
        errors += 1;
      }
    }
  }),
);
const elapsed = (Date.now() - start) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
console.log(JSON.stringify({ requests: latencies.length, rps: latencies.length / elapsed, p50: pct(50), p99: pct(99), errors }));
agent.destroy();
