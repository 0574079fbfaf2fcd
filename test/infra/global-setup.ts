/**
 * The infra project's run folder: the synthesised cloud assembly the test files share
 * (synth-fixture.ts) goes under it, and it is removed when the run ends, whichever file was last.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the infra tests of this run write their cloud assemblies. */
    infraRunDir: string;
  }
}

export default function setup(project: TestProject) {
  const base = fileURLToPath(new URL('../../.tmp', import.meta.url));
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(join(base, 'infra-run-'));
  project.provide('infraRunDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
