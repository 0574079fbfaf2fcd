/** Test client for the local host over real HTTP, and sessions minted with the host's own secret. */
import { randomBytes, randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { ACCESS_COOKIE } from '../../shared/constants';
import { signAccessToken, type Session } from '../../functions/lib/session/token';
import { resetSigningSecretCache } from '../../functions/lib/secrets';
import { isRaw, routeKey } from '../../shared/contract/route';
import { matchRoute } from '../../infra/local/match';
import type { RouteDef } from '../../functions/lib/route-types';

export const hostUrl = () => inject('hostUrl');

export interface CallOptions {
  body?: unknown;
  /** A raw body string (sent as is), for malformed input. */
  rawBody?: string;
  session?: TestSession;
  headers?: Record<string, string>;
  /** Leave out the client-platform header. */
  noPlatform?: boolean;
  /** Leave out csrf_token even though a session is given. */
  noCsrf?: boolean;
  csrf?: string;
}

export interface TestSession extends Session {
  cookie: string;
}

export interface CallResult<T = unknown> {
  status: number;
  headers: Headers;
  json: { status: 'success'; data: T } | { status: 'error'; error: { code: string; message: string; field?: string } };
  data: T;
  /** The body as sent: a raw route's success (a calendar file), or the JSON text. */
  text: string;
}

/**
 * Every success is held to its route's contract: the status the route declares, and for JSON
 * routes a `data` that its output schema accepts (strict objects: a field the contract does not
 * name fails, so nothing leaks unnoticed). A wrong shape fails the test that produced it.
 */
function checkContract(route: RouteDef, res: Response, text: string, json: unknown): void {
  const key = routeKey(route);
  const expected = route.status ?? 200;
  if (res.status !== expected && !(route.idempotent && res.status === 200)) throw new Error(`${key} answered ${res.status}; its contract says ${expected}`);
  if (isRaw(route.output)) {
    const type = res.headers.get('content-type') ?? '';
    if (!type.startsWith(route.output.contentType)) throw new Error(`${key} answered content-type ${type}; its contract says ${route.output.contentType}`);
    if (!text) throw new Error(`${key} answered an empty ${route.output.contentType} body`);
    const shape = route.output.schema?.safeParse(JSON.parse(text));
    if (shape && !shape.success) throw new Error(`${key} answered a document its contract does not allow: ${shape.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    return;
  }
  const envelope = json as { status?: unknown; data?: unknown };
  if (envelope.status !== 'success' || !('data' in envelope)) throw new Error(`${key} answered ${res.status} without a success envelope: ${text.slice(0, 200)}`);
  const parsed = route.output.safeParse(envelope.data);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(data)'}: ${i.message}${i.code === 'unrecognized_keys' ? ` (${i.keys.join(', ')})` : ''}`);
    throw new Error(`${key} answered a shape its contract does not allow:\n  ${issues.join('\n  ')}\ndata: ${JSON.stringify(envelope.data).slice(0, 600)}`);
  }
}

/** Signs an access token exactly as the identity routes will, with the host's secret. */
export async function mintSession(over: Partial<Session> = {}): Promise<TestSession> {
  process.env.SIGNING_SECRET_FILE = inject('signingSecretFile');
  resetSigningSecretCache();
  const session: Session = {
    userId: randomUUID(),
    familyId: randomUUID(),
    csrfToken: randomBytes(24).toString('base64url'),
    role: 'user',
    emailVerified: true,
    registered: true,
    suspended: false,
    ...over,
  };
  const token = await signAccessToken(session);
  return { ...session, cookie: `${ACCESS_COOKIE}=${token}` };
}

export async function call<T = unknown>(method: string, path: string, opts: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...(opts.noPlatform ? {} : { 'client-platform': 'browser' }), ...opts.headers };
  if (opts.session) headers.cookie = opts.session.cookie;
  let body: string | undefined = opts.rawBody;
  if (body === undefined && method !== 'GET' && method !== 'HEAD') {
    const obj = { ...(opts.body as Record<string, unknown> | undefined) };
    if (opts.session && !opts.noCsrf) obj.csrf_token = opts.csrf ?? opts.session.csrfToken;
    body = JSON.stringify(obj);
  }
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  const res = await fetch(hostUrl() + path, { method, headers, body });
  const text = await res.text();
  // Successes only: a refusal's shape is the error envelope, which the tests check themselves.
  const route = res.status < 300 ? matchRoute(method === 'HEAD' ? 'GET' : method, path.split('?')[0]!)?.route : undefined;
  if (route && isRaw(route.output)) {
    checkContract(route, res, text, undefined);
    return { status: res.status, headers: res.headers, json: { status: 'success', data: text as T }, data: text as T, text };
  }
  let json: CallResult<T>['json'];
  try {
    json = JSON.parse(text) as CallResult<T>['json'];
  } catch {
    throw new Error(`${method} ${path} answered ${res.status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  if (route) checkContract(route, res, text, json);
  return { status: res.status, headers: res.headers, json, data: (json as { data: T }).data, text };
}
