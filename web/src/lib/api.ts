/**
 * The SPA's one HTTP client. It only calls `/api/…` paths on this origin and:
 * - sends `client-platform: browser` on every request;
 * - puts `csrf_token` (from the signed-in profile) in the JSON body of every mutating call;
 * - unwraps the envelope `{status:'success', data}` or throws an ApiError from
 *   `{status:'error', error:{code, message, field?}}`;
 * - retries network errors and 5xx answers of idempotent calls (GET, PUT, DELETE) up to
 *   REQUEST_RETRY_ATTEMPTS times, waiting REQUEST_RETRY_DELAY_MS × attempt; never a POST;
 * - on a 401 refreshes the session once (single-flight across tabs with the Web Locks API)
 *   and retries the call once; only a 401 the refresh cannot cure ends the session.
 *
 * Where calls live (one way for every feature): each feature has an `api/` folder with one file
 * per resource it reads or changes, named for it (`features/content/api/comments.ts`,
 * `features/pages/api/pages.ts`), never one file per function. A file holds the resource's
 * calls, query keys and query/mutation hooks; `content/api/cache.ts` keeps the cached feeds in
 * step after a change. What the app loads on every screen (the live provider's tallies and
 * keys) sits in small `tally.ts` and `keys.ts` files, so the first load leaves the screens' calls
 * to their lazy chunks. What the whole app shares calls from `lib/` (the session in
 * `lib/auth/session-api.ts`, site settings, places, tags, the socket's ticket). Screens and
 * components call through these, never `api.call` themselves.
 */
import { CSRF_FIELD, isMutating } from '@shared/api';
import type { ApiEnvelope } from '@shared/api';
import type { RouteData, RouteInput, RouteName } from '@shared/contract';
import {
  CLIENT_PLATFORM_BROWSER,
  CLIENT_PLATFORM_HEADER,
  REQUEST_RETRY_ATTEMPTS,
  REQUEST_RETRY_DELAY_MS,
} from '@shared/constants';
import { STORAGE_KEYS } from './storage-keys';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * An answer that is not a success: the HTTP status (0 when the server was not reached), code,
 * message, field, and for a 429 or 503 the seconds the server asks to wait (Retry-After).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export type QueryValue = string | number | boolean | null | undefined;

/** Options of a typed call: the input goes in the path, the query string or the body by itself. */
export type CallOptions = Omit<RequestOptions, 'query' | 'body'>;

/** A route that takes no input may be called without one. */
type CallArgs<K extends RouteName> =
  Record<string, never> extends RouteInput<K>
    ? [input?: RouteInput<K>, opts?: CallOptions]
    : [input: RouteInput<K>, opts?: CallOptions];

/**
 * Splits a typed call's input as the route wants it: `{name}` path segments (percent-encoded),
 * then the query string of a GET or the JSON body of any other method.
 */
export function routeRequest(key: string, input: Record<string, unknown> = {}): { method: ApiMethod; path: string; rest: Record<string, unknown> } {
  const space = key.indexOf(' ');
  const method = key.slice(0, space) as ApiMethod;
  const rest = { ...input };
  const path = key.slice(space + 1).replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = rest[name];
    if (value === undefined || value === null || value === '') throw new Error(`${key}: the path parameter ${name} is missing`);
    // encodeURIComponent leaves dots alone, and fetch would resolve a . or .. segment to another path.
    if (value === '.' || value === '..') throw new Error(`${key}: the path parameter ${name} cannot be ${String(value)}`);
    delete rest[name];
    return encodeURIComponent(String(value as string | number | boolean));
  });
  return { method, path, rest };
}

export interface RequestOptions {
  /** Query-string parameters (the inputs of GET routes); undefined and null values are left out. */
  query?: Record<string, QueryValue>;
  /** JSON body of a mutating call; `csrf_token` is added by the client. */
  body?: Record<string, unknown>;
  /**
   * A mutating call sent with no body at all (no content type, no csrf_token): the one-click
   * unsubscribe, which takes what a mail client posts. Its input is all in the path.
   */
  emptyBody?: boolean;
  signal?: AbortSignal;
  /** The browser cache's part (fetch's `cache`): 'no-cache' revalidates an answer a route lets browsers keep. */
  cache?: RequestCache;
  /** false: answer a 401 as an ApiError without trying a refresh (session probes). */
  refreshOn401?: boolean;
  /** false: when the session cannot be refreshed, throw without ending the session and redirecting. */
  endSessionOn401?: boolean;
}

export interface ApiClientHooks {
  /** The signed-in user's csrf token, if any. */
  getCsrfToken?: () => string | null | undefined;
  /** Called when a 401 survives one refresh: clear auth state and go to /auth/login. */
  onSessionExpired?: () => void;
}

type LockManagerLike = Pick<LockManager, 'request'>;
type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

export interface ApiClientOptions extends ApiClientHooks {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Web Locks (cross-tab single-flight refresh); null forces the in-tab fallback. Default: navigator.locks. */
  locks?: LockManagerLike | null;
  /** Where tabs note their last successful refresh. Default: localStorage. */
  storage?: StorageLike | null;
  now?: () => number;
}

export const API_PREFIX = '/api/';
export const REFRESH_PATH = '/api/iam/authn/refresh';
export const REFRESH_LOCK_NAME = 'session-refresh';

const IDEMPOTENT_METHODS: ReadonlySet<ApiMethod> = new Set(['GET', 'PUT', 'DELETE']);

const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  503: 'unavailable',
};

type RefreshOutcome = 'refreshed' | 'rejected';

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions = {}) {
  const hooks: ApiClientHooks = { getCsrfToken: options.getCsrfToken, onSessionExpired: options.onSessionExpired };
  // Looked up at call time so that stubs installed after creation (tests) are used.
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? (() => Date.now());
  const lockManager = (): LockManagerLike | null =>
    options.locks !== undefined ? options.locks : (globalThis.navigator?.locks ?? null);
  const storage = (): StorageLike | null => {
    if (options.storage !== undefined) return options.storage;
    try {
      return globalThis.localStorage ?? null;
    } catch {
      return null;
    }
  };

  function buildRequest(method: ApiMethod, path: string, opts: RequestOptions): [string, RequestInit] {
    if (!path.startsWith(API_PREFIX)) throw new Error(`The API client only calls ${API_PREFIX}… paths, not ${path}`);
    let url = path;
    if (opts.query) {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(opts.query)) {
        if (value !== undefined && value !== null) params.append(key, String(value));
      }
      const qs = params.toString();
      if (qs) url += (url.includes('?') ? '&' : '?') + qs;
    }
    const headers: Record<string, string> = {
      [CLIENT_PLATFORM_HEADER]: CLIENT_PLATFORM_BROWSER,
      accept: 'application/json',
    };
    const init: RequestInit = { method, headers, credentials: 'same-origin', signal: opts.signal, ...(opts.cache ? { cache: opts.cache } : {}) };
    if (isMutating(method) && opts.emptyBody) {
      if (opts.body && Object.keys(opts.body).length) throw new Error(`${method} ${path}: a call with an empty body takes its input in the path only`);
    } else if (isMutating(method)) {
      const csrf = hooks.getCsrfToken?.();
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify({ ...opts.body, ...(csrf ? { [CSRF_FIELD]: csrf } : {}) });
    } else if (opts.body) {
      throw new Error(`${method} ${path}: inputs of a GET go in the query string, not a body`);
    }
    return [url, init];
  }

  /** One call with its retries: network errors and 5xx of idempotent methods, 100 ms × attempt apart. */
  async function send(method: ApiMethod, path: string, opts: RequestOptions): Promise<Response> {
    const retryable = IDEMPOTENT_METHODS.has(method);
    for (let attempt = 1; ; attempt++) {
      const last = !retryable || attempt >= REQUEST_RETRY_ATTEMPTS;
      const [url, init] = buildRequest(method, path, opts);
      let res: Response;
      try {
        res = await doFetch(url, init);
      } catch (err) {
        if (opts.signal?.aborted || (err as { name?: unknown } | null)?.name === 'AbortError') throw err;
        if (last) throw new ApiError(0, 'network', 'Could not reach the server; check your connection and try again');
        await sleep(REQUEST_RETRY_DELAY_MS * attempt);
        continue;
      }
      if (res.status >= 500 && !last) {
        void res.body?.cancel().catch(() => undefined);
        await sleep(REQUEST_RETRY_DELAY_MS * attempt);
        continue;
      }
      return res;
    }
  }

  function lastRefreshAt(): number {
    try {
      return Number(storage()?.getItem(STORAGE_KEYS.sessionRefreshedAt) ?? 0) || 0;
    } catch {
      return 0;
    }
  }

  function noteRefresh(at: number): void {
    try {
      storage()?.setItem(STORAGE_KEYS.sessionRefreshedAt, String(at));
    } catch {
      // Private mode or a full quota: tabs then simply refresh on their own.
    }
  }

  /** POST refresh, unless another tab refreshed after our failed call was sent (we waited on its lock). */
  async function refreshUnderLock(sentAt: number): Promise<RefreshOutcome> {
    if (lastRefreshAt() > sentAt) return 'refreshed';
    // A POST: never retried. A network failure throws (status 0) and ends nothing.
    const res = await send('POST', REFRESH_PATH, {});
    try {
      await readEnvelope(res);
    } catch {
      return 'rejected';
    }
    noteRefresh(now());
    return 'refreshed';
  }

  let inflight: Promise<RefreshOutcome> | null = null;

  /** Single-flight: one refresh per tab at a time, and one across tabs through the lock. */
  function refresh(sentAt: number): Promise<RefreshOutcome> {
    if (!inflight) {
      const locks = lockManager();
      const run = () => refreshUnderLock(sentAt);
      // Without Web Locks the in-tab promise alone makes the refresh single-flight.
      const guarded = async (): Promise<RefreshOutcome> => (locks ? await locks.request(REFRESH_LOCK_NAME, run) : run());
      inflight = guarded().finally(() => {
        inflight = null;
      });
    }
    return inflight;
  }

  async function request<T>(method: ApiMethod, path: string, opts: RequestOptions = {}): Promise<T> {
    const sentAt = now();
    let res = await send(method, path, opts);
    if (res.status === 401 && opts.refreshOn401 !== false && path !== REFRESH_PATH) {
      if ((await refresh(sentAt)) === 'refreshed') res = await send(method, path, opts);
      if (res.status === 401 && opts.endSessionOn401 !== false) hooks.onSessionExpired?.();
    }
    return readEnvelope<T>(res);
  }

  /** A route of the contract by its key: the input and the answer are typed from shared/contract. */
  function call<K extends RouteName>(key: K, ...[input, opts]: CallArgs<K>): Promise<RouteData<K>> {
    const { method, path, rest } = routeRequest(key, input as Record<string, unknown> | undefined);
    const split = method === 'GET' ? { query: rest as Record<string, QueryValue> } : { body: rest };
    return request<RouteData<K>>(method, path, { ...opts, ...split });
  }

  return {
    request,
    call,
    get: <T>(path: string, opts?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, opts),
    post: <T>(path: string, body?: Record<string, unknown>, opts?: RequestOptions) => request<T>('POST', path, { ...opts, body }),
    put: <T>(path: string, body?: Record<string, unknown>, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body }),
    delete: <T>(path: string, body?: Record<string, unknown>, opts?: RequestOptions) => request<T>('DELETE', path, { ...opts, body }),
    /** Refresh the session now (e.g. when the access token has expired); false when the server refuses. */
    refreshSession: async (): Promise<boolean> => (await refresh(now())) === 'refreshed',
    configure(next: ApiClientHooks): void {
      Object.assign(hooks, next);
    },
  };
}

function isEnvelope(body: unknown): body is ApiEnvelope<unknown> {
  if (typeof body !== 'object' || body === null) return false;
  const { status } = body as { status?: unknown };
  if (status === 'success') return 'data' in body;
  if (status === 'error') {
    const error = (body as { error?: unknown }).error;
    return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string';
  }
  return false;
}

/** The data of a success envelope, or an ApiError for anything else. */
export async function readEnvelope<T>(res: Response): Promise<T> {
  let body: unknown;
  try {
    const text = await res.text();
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const retryAfter = retryAfterSeconds(res);
  if (isEnvelope(body)) {
    if (body.status === 'success' && res.ok) return body.data as T;
    if (body.status === 'error') {
      const { code, message, field } = body.error;
      throw new ApiError(res.status, typeof code === 'string' ? code : fallbackCode(res.status), message, field ?? undefined, retryAfter);
    }
  }
  if (!res.ok) {
    throw new ApiError(res.status, fallbackCode(res.status), res.statusText || `The request failed with status ${res.status}`, undefined, retryAfter);
  }
  throw new ApiError(res.status, 'bad_response', 'The server sent an answer this app does not understand');
}

/** Retry-After in seconds (delta-seconds or an HTTP date), when the answer has one. */
function retryAfterSeconds(res: Response): number | undefined {
  const raw = res.headers?.get('retry-after');
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function fallbackCode(status: number): string {
  return CODE_BY_STATUS[status] ?? (status >= 500 ? 'server_error' : 'http_error');
}

/**
 * A client-generated id for a creating call: the server stores it with the item, so a retried
 * POST never creates twice. Falls back to getRandomValues where randomUUID is unavailable
 * (non-secure origins).
 */
export function newClientId(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The app's client. The auth feature wires its hooks at start-up (see app/session-wiring.ts). */
export const api = createApiClient({
  onSessionExpired: () => window.location.assign('/auth/login'),
});
