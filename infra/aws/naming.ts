/**
 * Names the cloud host derives from the route table: a route's bundle folder, construct ids, the
 * stage's rules. Pure functions, shared by the bundler, the stacks and the tests.
 */
import { routeKey, type RouteDef } from '../../functions/lib/route-types';

/** The product's name in resource names and stack names. */
export const APP_NAME = 'leafline';

/** API Gateway's catch-all route key and its bundle folder. */
export const DEFAULT_ROUTE_KEY = '$default';
export const DEFAULT_ROUTE_FOLDER = 'default';

/**
 * The bundle folder of a route: `GET /api/site-settings/get-site` → `get-api-site-settings-get-site`,
 * `{id}` loses its braces. Folders start with the method, so none can be `default`.
 */
export function routeFolder(route: Pick<RouteDef, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `site-settings` → `SiteSettings`: construct ids read better in PascalCase. */
export function pascal(kebab: string): string {
  return kebab
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/** Stage names end up in bucket and log group names: lower case, short. */
export const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,15}$/;

export function assertStage(stage: string): string {
  if (!STAGE_PATTERN.test(stage)) {
    throw new Error(`stage "${stage}" must match ${STAGE_PATTERN} (lower case, at most 16 characters)`);
  }
  return stage;
}

/** Stages whose name starts with `dev` are disposable: no deletion protection, buckets emptied on delete. */
export function isDisposable(stage: string): boolean {
  return stage.startsWith('dev');
}

/** Memory and timeout of a route's Lambda: the route's own, else the defaults. */
export const DEFAULT_MEMORY_MB = 256;
export const DEFAULT_TIMEOUT_SECONDS = 10;
/** HTTP API stops waiting for an integration after 30 s; a longer Lambda timeout would be a lie. */
export const MAX_TIMEOUT_SECONDS = 30;

export function functionSizing(route: Pick<RouteDef, 'method' | 'path' | 'memoryMb' | 'timeoutSeconds'>): {
  memoryMb: number;
  timeoutSeconds: number;
} {
  const memoryMb = route.memoryMb ?? DEFAULT_MEMORY_MB;
  const timeoutSeconds = route.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
  if (!Number.isInteger(memoryMb) || memoryMb < 128 || memoryMb > 10240) {
    throw new Error(`${routeKey(route)}: memoryMb ${memoryMb} must be an integer from 128 to 10240`);
  }
  if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 1 || timeoutSeconds > MAX_TIMEOUT_SECONDS) {
    throw new Error(`${routeKey(route)}: timeoutSeconds ${timeoutSeconds} must be an integer from 1 to ${MAX_TIMEOUT_SECONDS}`);
  }
  return { memoryMb, timeoutSeconds };
}
