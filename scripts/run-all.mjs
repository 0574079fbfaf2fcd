/**
 * Runs npm scripts side by side, as many at once as the machine has cores (two at least), in the
 * order given (longest first keeps the lanes even), and prints each one's output whole when it
 * ends, so their lines never mix. Exits 1 when any failed, once all have ended. `npm test` runs
 * its static checks this way: each is single-threaded, so one after another they left a core idle.
 *   node scripts/run-all.mjs typecheck:node typecheck:web lint docs:check build:web
 */
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const scripts = process.argv.slice(2);
const lanes = Math.max(2, availableParallelism());
const failed = [];

function run(name) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString().trimEnd();
      process.stdout.write(`> ${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${seconds} s\n${text ? `${text}\n` : ''}`);
      if (code !== 0) failed.push(name);
      resolve();
    });
  });
}

const queue = [...scripts];
await Promise.all(Array.from({ length: Math.min(lanes, queue.length) }, async () => {
  for (let name = queue.shift(); name; name = queue.shift()) await run(name);
}));
if (failed.length) {
  process.stderr.write(`Failed: ${failed.join(', ')}\n`);
  process.exit(1);
}
