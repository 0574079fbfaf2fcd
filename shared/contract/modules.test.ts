/**
 * Names that line up: each contract domain (shared/contract/<domain>.ts) takes its inputs from
 * shared/schemas/<domain>.ts and its answers from shared/answers/<domain>.ts. A schema used by
 * several domains lives in the module of the domain that owns the thing (an upload URL in
 * images, a person's name in users) or, for plain building blocks, in common.ts; no module is
 * named for anything but a contract domain.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SHARED = join(dirname(fileURLToPath(import.meta.url)), '..');
const modulesIn = (folder: string) =>
  readdirSync(join(SHARED, folder))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.slice(0, -3));

/** Modules of shared building blocks rather than of a domain. */
const BUILDING_BLOCKS: Record<string, readonly string[]> = { schemas: ['common', 'locale'], answers: [] };

const domains = new Set(modulesIn('contract').filter((m) => m !== 'index' && m !== 'route'));

describe('shared/ modules line up with the contract domains', () => {
  it('finds the contract domains', () => {
    expect(domains.size).toBeGreaterThanOrEqual(17);
    expect(domains).toContain('posts');
  });

  for (const folder of ['schemas', 'answers'] as const) {
    it(`every module of shared/${folder}/ is named for a contract domain`, () => {
      const strays = modulesIn(folder).filter((m) => !domains.has(m) && !BUILDING_BLOCKS[folder]!.includes(m));
      expect(strays).toEqual([]);
    });
  }

  it('every contract domain is in the web client\'s route index (shared/contract/index.ts)', () => {
    const index = readFileSync(join(SHARED, 'contract', 'index.ts'), 'utf8');
    const missing = [...domains].filter((d) => !index.includes(`from './${d}';`) || !new RegExp(`typeof ${d.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}\\b`).test(index));
    expect(missing).toEqual([]);
  });
});
