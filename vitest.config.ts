import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import SLOW_FILES from './test/slow-files.json' with { type: 'json' };

/**
 * Lighthouse measures time on the main thread, so it runs on its own, after the rest
 * (`LIGHTHOUSE=1 vitest run --project browser`, the last step of `npm test`): run beside the
 * other test files, the 2 cores it shares would be what it measures.
 */
const LIGHTHOUSE_TEST = 'test/browser/lighthouse.test.ts';
const lighthouseOnly = process.env.LIGHTHOUSE === '1';

/**
 * The order test files start in: the slowest first, across projects, so that two workers finish
 * together rather than one waiting out a long file that started last. A file's time is what vitest
 * recorded on this machine (node_modules/.vite), else test/slow-files.json, else it counts as quick
 * (the larger of two such files first). A fresh clone, as CI runs, has no record: without the list,
 * vitest starts the largest files first, and the long ones may start last. The list holds the files
 * that took 4 s or more (seconds, two files at a time on 2 cores), from that record: refresh it
 * after adding a slow file; the order matters, not the figures. Which files may run together is
 * still vitest's to decide (the browser journeys run one at a time, after the rest).
 */
class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const slow: Record<string, number> = SLOW_FILES;
    const key = (spec: TestSpecification) => `${spec.project.name}:${relative(config.root, spec.moduleId)}`;
    const seconds = (spec: TestSpecification) => {
      const recorded = cache.getFileTestResults(key(spec))?.duration;
      return recorded !== undefined ? recorded / 1000 : (slow[key(spec)] ?? 0);
    };
    const size = (spec: TestSpecification) => cache.getFileStats(key(spec))?.size ?? 0;
    return [...files].sort((a, b) => seconds(b) - seconds(a) || size(b) - size(a));
  }
}

export default defineConfig({
  test: {
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    // Vitest's default is one worker fewer than the cores: one, on a 2-core machine. Most test
    // files wait on the host, DynamoDB Local or Chromium rather than compute, so two run side by
    // side (measured on 2 cores: the whole run 792 s with one worker, 578 s with two).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The slowest files first, whether or not this clone has run the tests before.
    sequence: { sequencer: SlowestFirst },
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
