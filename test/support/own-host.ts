/**
 * A host of the test file's own, with every rate limit at its real default (the shared test host
 * raises them) unless `env` says otherwise: started before the file's tests, stopped and its data
 * folder removed after. `persisted`: DynamoDB Local keeps its data in the folder (-dbPath), so it
 * can be stopped and started again (the fault tests); `scheduledJobs: false` leaves the jobs to
 * the test.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { REPO_ROOT, startHost, type Host } from '../../infra/local/host';
import { DEFAULT_LIMITS } from '../../functions/lib/rate-limit';

export function withOwnHost(prefix: string, opts: { persisted?: boolean; scheduledJobs?: boolean; env?: Record<string, string> } = {}): { readonly host: Host } {
  let host: Host | undefined;
  let dataDir = '';
  beforeAll(async () => {
    mkdirSync(join(REPO_ROOT, '.tmp'), { recursive: true });
    dataDir = mkdtempSync(join(REPO_ROOT, '.tmp', prefix));
    for (const name of Object.keys(DEFAULT_LIMITS)) delete process.env[`RATE_LIMIT_${name}`];
    host = await startHost({
      dataDir, inMemory: !opts.persisted, seed: false, ...(opts.scheduledJobs === false ? { scheduledJobs: false } : {}),
      env: { SCRYPT_LOG_N: '12', LOG_LEVEL: 'CRITICAL', ...opts.env },
    });
  }, 400_000);
  afterAll(async () => {
    await host?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    get host(): Host {
      if (!host) throw new Error('the file\'s own host has not started');
      return host;
    },
  };
}
