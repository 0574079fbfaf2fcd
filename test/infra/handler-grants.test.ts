/**
 * A route's `grants` (its domain's functions/<domain>/routes.ts) are what its Lambda's role allows, and the local host
 * enforces no IAM: a grant missing from the table fails only in the cloud (AccessDenied), and a
 * grant the code never uses is privilege for nothing. This reads each bundle's code with the
 * TypeScript checker (test/infra/handler-effects.ts: from the entry module the bundler builds,
 * every reachable call into ElectroDB and the AWS SDK) and holds the table to it, both ways; and
 * each job's spelled-out access to what its code does.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { routeKey, type Grant } from '../../functions/lib/route-types';
import { CATCH_ALL, routes } from '../../functions/routes';
import { planEntries, planJobEntries, REPO_ROOT } from '../../infra/aws/bundle';
import { ALL_JOBS, type JobAccess } from '../../infra/aws/jobs';
import { DEFAULT_ROUTE_KEY } from '../../infra/aws/naming';
import { grantsOf, HandlerEffects, type Use } from './handler-effects';

const ALL_GRANTS: Grant[] = ['table:read', 'table:write', 'images:read', 'images:write', 'private:read', 'private:write', 'export:start', 'mail', 'sms'];

/**
 * Calls the analysis reaches that a route can never make, each with the reason: a shared domain
 * function whose branch the route never takes. An entry the analysis no longer finds fails the
 * test, so none outlives its reason. Never list a call a route could make in some case: declare
 * the grant instead.
 */
const NEVER_TAKEN: Record<string, { grants: Grant[]; why: string }> = {
  'PUT /api/iam/posts/update/textandtags': {
    grants: ['images:read', 'images:write'],
    why: 'editPost (posts/write.ts) copies photos to new keys only when the privacy narrows; this route never changes the privacy',
  },
  'PUT /api/iam/plant/update/photo-descriptions': {
    grants: ['images:read', 'images:write'],
    why: 'editPost (posts/write.ts) copies photos to new keys only when the privacy narrows; this route never changes the privacy',
  },
  'PUT /api/iam/swaps/{id}/status': {
    grants: ['images:read', 'images:write'],
    why: 'editPost (posts/write.ts) copies photos to new keys only when the privacy narrows; accepting a swap changes only the listing\'s availability',
  },
};

let effects: HandlerEffects;
const entries = planEntries();
const jobs = planJobEntries();

beforeAll(() => {
  const modules = new Set<string>();
  for (const entry of [...entries, ...jobs]) {
    for (const match of entry.source.matchAll(/from "([^"]+)"/g)) modules.add(`${match[1]}.ts`);
  }
  effects = new HandlerEffects(REPO_ROOT, [...modules]);
}, 120_000);

function declaredGrants(key: string): readonly Grant[] {
  if (key === DEFAULT_ROUTE_KEY) return CATCH_ALL.grants as readonly Grant[];
  const route = routes.find((r) => routeKey(r) === key);
  if (!route) throw new Error(`no route ${key}`);
  return route.grants;
}

const describeUses = (uses: Use[], grant: Grant) =>
  uses
    .filter((u) => u.grant === grant)
    .slice(0, 3)
    .map((u) => `${u.call} at ${u.at}`)
    .join('; ');

/** What a job's access lets it do, in grant terms. */
function jobGrants(access: JobAccess): Set<Grant> {
  const items = access.itemActions ?? [];
  const out = new Set<Grant>();
  const reads = (a: string) => a === 'GetItem' || a === 'BatchGetItem';
  if (access.queryTable || access.scanTable || access.queryIndexes.length || items.some(reads)) out.add('table:read');
  if (access.deleteItems || items.some((a) => !reads(a))) out.add('table:write');
  if (access.deleteImages.some((p) => p.startsWith('images/'))) out.add('images:write');
  if (access.deleteImages.some((p) => p.startsWith('private/')) || access.writePrivate?.length) out.add('private:write');
  if (access.readImages) out.add('images:read');
  if (access.readPrivate?.length) out.add('private:read');
  if (access.mail) out.add('mail');
  // The analysis names every Lambda Invoke export:start; the replay invokes the stream job alone
  // (its role: test/infra/jobs.test.ts).
  if (access.replayStream) out.add('export:start');
  return out;
}

describe('declared grants match the code', () => {
  const needed = new Map<string, { uses: Use[]; grants: Set<Grant> }>();
  const usesOf = (entry: { routeKey: string; folder: string; source: string }) => {
    let found = needed.get(entry.routeKey);
    if (!found) {
      const uses = effects.usesOfEntry({ name: entry.folder, source: entry.source });
      needed.set(entry.routeKey, (found = { uses, grants: grantsOf(uses) }));
    }
    return found;
  };

  it('every route declares exactly the grants its code needs: none missing, none unused', () => {
    const wrong: string[] = [];
    for (const entry of entries) {
      const declared = new Set(declaredGrants(entry.routeKey));
      const { uses, grants } = usesOf(entry);
      const untaken = new Set(NEVER_TAKEN[entry.routeKey]?.grants ?? []);
      for (const grant of untaken) {
        if (!grants.has(grant)) wrong.push(`${entry.routeKey}: NEVER_TAKEN lists ${grant}, which the analysis no longer finds: remove it`);
      }
      for (const grant of grants) {
        if (!declared.has(grant) && !untaken.has(grant)) wrong.push(`${entry.routeKey}: needs ${grant} (${describeUses(uses, grant)})`);
      }
      for (const grant of declared) {
        if (!grants.has(grant)) wrong.push(`${entry.routeKey}: declares ${grant}, which its code never uses`);
      }
    }
    for (const key of Object.keys(NEVER_TAKEN)) if (!entries.some((e) => e.routeKey === key)) wrong.push(`NEVER_TAKEN names ${key}, which is no route`);
    expect(wrong).toEqual([]);
  }, 120_000);

  it('sees every kind of access somewhere in the table (the analysis is not blind)', () => {
    const seen = new Set<Grant>();
    for (const entry of entries) for (const grant of usesOf(entry).grants) seen.add(grant);
    expect([...seen].sort()).toEqual([...ALL_GRANTS].sort());
  }, 120_000);

  it('every job\'s access covers what its code does', () => {
    for (const job of jobs) {
      const def = ALL_JOBS.find((j) => j.name === job.name)!;
      const uses = effects.usesOfEntry({ name: job.folder, source: job.source });
      const allowed = jobGrants(def.access);
      const missing = [...grantsOf(uses)].filter((g) => !allowed.has(g));
      expect(missing.map((g) => `${g} (${describeUses(uses, g)})`), job.name).toEqual([]);
      expect([...allowed].filter((g) => !grantsOf(uses).has(g)), `${job.name} is allowed what it never does`).toEqual([]);
    }
  }, 120_000);
});
