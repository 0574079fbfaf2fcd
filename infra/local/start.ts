/**
 * `npm start`: builds the SPA, starts the local host with data persisted under .data/, seeds demo
 * data on first run and prints the site's URL first. Ctrl-C or SIGTERM stops everything.
 * Ports: PORT (8787), DYNAMODB_PORT (8000), S3_PORT (4569); data folder DATA_DIR (.data).
 * `--no-build` skips the SPA build.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT, startHost } from './host';
import { DEMO_NEIGHBOUR_PASSWORD, DEMO_NEIGHBOURS } from './demo-places';
import { DEMO_USERS } from './seed';

function buildSpa(): void {
  const out = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (out.status !== 0) throw new Error('Building the web app failed (see above)');
}

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) buildSpa();
  const host = await startHost({
    dataDir: process.env.DATA_DIR ?? join(REPO_ROOT, '.data'),
    port: Number(process.env.PORT ?? 8787),
    dynamoPort: Number(process.env.DYNAMODB_PORT ?? 8000),
    s3Port: Number(process.env.S3_PORT ?? 4569),
    demoUsers: true,
    env: { ADMIN_EMAILS: process.env.ADMIN_EMAILS ?? 'admin@example.com', LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN' },
  });
  console.log(`Leafline is running at ${host.url}`);
  console.log(`Outbox (e-mail and SMS sent locally): ${host.url}/dev/outbox`);
  console.log('Demo logins:');
  for (const demo of DEMO_USERS) console.log(`  ${demo.email.padEnd(20)} ${demo.password}${demo.email.startsWith('admin') ? '  (admin)' : ''}`);
  console.log(`  ${DEMO_NEIGHBOURS.map((n) => n.who).join(', ')} @example.com: ${DEMO_NEIGHBOUR_PASSWORD} (neighbours; hazel runs Fernleaf Nursery; wren, clover and linden live in Perth)`);
  console.log('Press Ctrl-C to stop.');

  // A closed terminal or pipe must not turn the goodbye message into a crash that skips the stop.
  process.stdout.on('error', () => undefined);
  process.stderr.on('error', () => undefined);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    host.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
