/**
 * Holds every error status the local host answered during a test run to the answering route's
 * contract: the host appends `METHOD /path<TAB>status` for each answer to the file named by
 * ROUTE_STATUS_LOG (infra/local/gateway.ts), which the API projects' global setup sets, and its
 * teardown fails the run when a route answered a status its contract does not declare
 * (`declaredErrors` of shared/contract/route.ts). A 500 is never declared: it is a fault.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { RouteDef } from '../../functions/lib/route-types';
import { declaredErrors, routeKey } from '../../shared/contract/route';

/** The `route answered status` lines of the log whose status the route does not declare, sorted, once each. */
export function undeclaredStatuses(log: string, table: readonly RouteDef[]): string[] {
  const byKey = new Map(table.map((r) => [routeKey(r), r]));
  const out = new Set<string>();
  for (const line of log.split('\n')) {
    const [key, code] = line.split('\t');
    const status = Number(code);
    const route = key ? byKey.get(key) : undefined;
    if (!route || !(status >= 400)) continue;
    if (!(status in declaredErrors(route))) out.add(`${key} answered ${status}`);
  }
  return [...out].sort();
}

/** Throws, naming each route and status, when the log holds a status that its route does not declare. */
export function assertStatusesDeclared(file: string, table: readonly RouteDef[]): void {
  if (!existsSync(file)) return;
  const missing = undeclaredStatuses(readFileSync(file, 'utf8'), table);
  if (missing.length) {
    throw new Error(`Routes answered error statuses their contracts do not declare (add them to the route's errors in shared/contract/):\n  ${missing.join('\n  ')}`);
  }
}
