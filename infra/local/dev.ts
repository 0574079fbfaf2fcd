/**
 * `npm run dev`: the local host's API, images and outbox, with Vite's dev server (hot reload) in
 * front for the SPA, proxying /api, /images and /dev to the gateway. Vite prints its URL.
 * Ports: VITE_PORT (5173), GATEWAY_PORT (8787), DYNAMODB_PORT (8000), S3_PORT (4569).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT, startHost } from './host';

async function main(): Promise<void> {
  const vitePort = Number(process.env.VITE_PORT ?? 5173);
  const gatewayPort = Number(process.env.GATEWAY_PORT ?? 8787);
  const host = await startHost({
    dataDir: join(REPO_ROOT, '.data'),
    port: gatewayPort,
    dynamoPort: Number(process.env.DYNAMODB_PORT ?? 8000),
    s3Port: Number(process.env.S3_PORT ?? 4569),
    extraOrigins: [`http://localhost:${vitePort}`],
    demoUsers: true,
    env: { ADMIN_EMAILS: process.env.ADMIN_EMAILS ?? 'admin@example.com', LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN' },
  });
  const vite = spawn('npx', ['vite', '--config', 'web/vite.config.ts', '--port', String(vitePort), '--strictPort'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, GATEWAY_PORT: String(gatewayPort) },
  });
  const stop = () => {
    vite.kill('SIGTERM');
    host.stop().then(() => process.exit(0), () => process.exit(1));
  };
  vite.once('exit', (code) => {
    if (code) console.error(`Vite exited with ${code}`);
    stop();
  });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
