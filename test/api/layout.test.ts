/**
 * The layout of functions/, so that a file's place and name tell what it is:
 *   - a module that exports `main` is a handler: the route table (functions/<domain>/routes.ts) names it for
 *     at least one route, and it is named for one of its routes (the kebab case of the route's name
 *     in shared/contract, e.g. `users.userSettings` → users/handlers/user-settings.ts);
 *   - every route's `handler` is a module under functions/ that exports `main`, in the `handlers/`
 *     folder of the domain whose table lists it (`pages/routes.ts` lists `pages/handlers/places`);
 *     a `handlers/` folder holds handlers only, so a domain folder shows its handlers apart from its logic;
 *   - a module that exports `handler` is a job of infra/aws/jobs.ts or the catch-all route, and
 *     every job's module exports it;
 *   - every other module is a domain module, named for its concept: in a domain folder (beside its
 *     `handlers/`, or a folder holding jobs) it is never named like a handler or a route
 *     (functions/db/ and functions/lib/ hold none).
 * The modules are found by walking functions/ and importing each one, so what counts is what a
 * module really exports.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeKey, type RouteDef } from '../../functions/lib/route-types';
import { CATCH_ALL, routes } from '../../functions/routes';
import { ALL_JOBS } from '../../infra/aws/jobs';
import { REPO_ROOT } from '../../infra/local/host';
import { HANDLER_MODULES_FILE, handlerModulesSource } from '../../scripts/gen-handler-modules';
import { contractRoutes } from '../../scripts/openapi';

const FUNCTIONS = join(REPO_ROOT, 'functions');
const table = routes as readonly RouteDef[];

/** Every source module under functions/ (no tests), as `domain/name` without the extension. */
function modulesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modulesUnder(path);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts') || entry.name.endsWith('.d.ts')) return [];
    return [relative(FUNCTIONS, path).replaceAll('\\', '/').replace(/\.ts$/, '')];
  });
}

/** `userSettings` → `user-settings`. */
function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

interface Exports {
  main: boolean;
  handler: boolean;
}

const exportsOf = new Map<string, Exports>();
/** The handlers each domain table lists, by the table's folder (`pages` for functions/pages/routes.ts). */
const listedBy = new Map<string, string[]>();
/** A route's name in shared/contract, by its key (`METHOD /path`). */
const contractName = new Map<string, string>();

beforeAll(async () => {
  for (const module of modulesUnder(FUNCTIONS)) {
    const mod = (await import(join(FUNCTIONS, `${module}.ts`))) as Record<string, unknown>;
    exportsOf.set(module, { main: typeof mod.main === 'function', handler: typeof mod.handler === 'function' });
  }
  for (const { route, name } of await contractRoutes()) contractName.set(routeKey(route), name);
  for (const entry of readdirSync(FUNCTIONS, { withFileTypes: true })) {
    const table = join(FUNCTIONS, entry.name, 'routes.ts');
    if (!entry.isDirectory() || !existsSync(table)) continue;
    const mod = (await import(table)) as Record<string, unknown>;
    const rows = Object.values(mod).filter(Array.isArray).flat() as RouteDef[];
    listedBy.set(entry.name, rows.map((r) => r.handler));
  }
});

const routeHandlers = () => new Set(table.map((r) => r.handler));
const jobHandlers = () => new Set([...ALL_JOBS.map((job) => job.handler), CATCH_ALL.handler]);
const exporting = (what: keyof Exports) => [...exportsOf].filter(([, e]) => e[what]).map(([module]) => module);

describe('functions/ layout', () => {
  it('finds the modules (the walk itself works)', () => {
    expect(exportsOf.size).toBeGreaterThan(50);
    expect(exporting('main').length).toBeGreaterThan(20);
  });

  it("every route's handler is a module under functions/ that exports main", () => {
    const broken = table
      .filter((r) => !exportsOf.get(r.handler)?.main)
      .map((r) => `${routeKey(r)} → ${r.handler}${exportsOf.has(r.handler) ? ' (exports no main)' : ' (no such module)'}`);
    expect(broken).toEqual([]);
  });

  it("every route's handler sits in the handlers/ folder of the domain whose table lists it", () => {
    expect(listedBy.size).toBeGreaterThan(10);
    expect([...listedBy.values()].flat().length).toBe(table.length);
    const misplaced = [...listedBy].flatMap(([domain, handlers]) =>
      handlers.filter((handler) => dirname(handler) !== `${domain}/handlers`).map((handler) => `${handler} (listed by ${domain}/routes.ts)`),
    );
    expect(misplaced).toEqual([]);
  });

  it('functions/handler-modules.ts, which the compiler checks the rows against, lists every handler module (npx tsx scripts/gen-handler-modules.ts)', () => {
    expect(readFileSync(HANDLER_MODULES_FILE, 'utf8')).toBe(handlerModulesSource());
  });

  it('a handlers/ folder holds route handlers only', () => {
    const handlers = routeHandlers();
    expect([...exportsOf.keys()].filter((module) => basename(dirname(module)) === 'handlers' && !handlers.has(module))).toEqual([]);
  });

  it('every module that exports main is the handler of a route', () => {
    const handlers = routeHandlers();
    expect(exporting('main').filter((module) => !handlers.has(module))).toEqual([]);
  });

  it('every module that exports handler is a job or the catch-all, and every job exports it', () => {
    const jobs = jobHandlers();
    expect(exporting('handler').filter((module) => !jobs.has(module))).toEqual([]);
    expect([...jobs].filter((module) => !exportsOf.get(module)?.handler)).toEqual([]);
    expect(exporting('main').filter((module) => exportsOf.get(module)!.handler)).toEqual([]);
  });

  it('a handler is named for a route it handles', () => {
    const names = new Map<string, Set<string>>();
    for (const r of table) {
      const name = contractName.get(routeKey(r));
      expect(name, `${routeKey(r)} has no contract in shared/contract`).toBeDefined();
      names.set(r.handler, (names.get(r.handler) ?? new Set()).add(kebab(name!)));
    }
    const misnamed = [...names]
      .filter(([handler, routeNames]) => !routeNames.has(basename(handler)))
      .map(([handler, routeNames]) => `${handler} handles ${[...routeNames].join(', ')}`);
    expect(misnamed).toEqual([]);
  });

  it('beside handlers, a domain module is not named like a handler or a route', () => {
    const handlers = [...routeHandlers(), ...jobHandlers()];
    // A route handler's domain folder is the one above its handlers/ folder.
    const handlerFolders = new Set(handlers.map((module) => dirname(module).replace(/\/handlers$/, '')));
    const taken = new Set(handlers.map((module) => basename(module)));
    for (const name of contractName.values()) taken.add(kebab(name));
    const confusing = [...exportsOf]
      .filter(([module, e]) => !e.main && !e.handler && handlerFolders.has(dirname(module)))
      .filter(([module]) => taken.has(basename(module)))
      .map(([module]) => module);
    expect(confusing).toEqual([]);
  });
});
