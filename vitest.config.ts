import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Lighthouse measures time on the main thread, so it runs on its own, after the rest
 * (`LIGHTHOUSE=1 vitest run --project browser`, the last step of `npm test`): run beside the
 * other test files, the 2 cores it shares would be what it measures.
 */
const LIGHTHOUSE_TEST = 'test/browser/lighthouse.test.ts';
const lighthouseOnly = process.env.LIGHTHOUSE === '1';

export default defineConfig({
  test: {
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    // Vitest's default is one worker fewer than the cores: one, on a 2-core machine. Most test
    // files wait on the host, DynamoDB Local or Chromium rather than compute, so two run side by
    // side (measured on 2 cores: the whole run 792 s with one worker, 578 s with two).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['functions/**/*.test.ts', 'shared/**/*.test.ts', 'infra/local/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['test/api/**/*.test.ts', 'test/security/**/*.test.ts'],
          globalSetup: ['test/support/global-host.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          environment: 'node',
          include: ['test/infra/**/*.test.ts'],
          // Several files read the same synthesised stages: without module isolation they share
          // one synth and one load of aws-cdk-lib (test/infra/synth-fixture.ts).
          isolate: false,
          globalSetup: ['test/infra/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          include: lighthouseOnly ? [LIGHTHOUSE_TEST] : ['test/browser/**/*.test.ts'],
          exclude: lighthouseOnly ? [] : [LIGHTHOUSE_TEST],
          globalSetup: ['test/support/global-host.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      'web/vitest.config.ts',
    ],
  },
});
