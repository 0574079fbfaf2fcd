/** Test client for the local host over real HTTP, and sessions minted with the host's own secret. */
import { randomBytes, randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { ACCESS_COOKIE } from '../../shared/constants';
import { signAccessToken, type Session } from '../../functions/lib/session/token';
import { resetSigningSecretCache } from '../../functions/lib/secrets';

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
  let json: CallResult<T>['json'];
  try {
    json = JSON.parse(text) as CallResult<T>['json'];
  } catch {
    throw new Error(`${method} ${path} answered ${res.status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  return { status: res.status, headers: res.headers, json, data: (json as { data: T }).data };
}
