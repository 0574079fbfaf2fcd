/**
 * The contract of one HTTP route: what both sides agree on (method, path, access level, input,
 * output, success status, and the error statuses it answers for reasons of its own). The server adds what only it needs (handler, grants) in
 * functions/<domain>/routes.ts; the web client and the tests take their types from here.
 */
import type * as z from 'zod';
import { CSRF_FIELD, isMutating, type AccessLevel, type HttpMethod } from '../api';

/** A success that is not JSON (a calendar file, a feed): its content type; the body is the handler's string. */
export interface RawAnswer {
  readonly contentType: string;
  /** The document's shape when it is JSON of its own media type (a manifest): for the docs and the tests, never bundled. */
  readonly schema?: z.ZodType;
}

/** The error statuses a route answers with the error envelope (500 is never declared: it is a fault). */
export const ERROR_STATUSES = [400, 401, 403, 404, 409, 410, 413, 415, 422, 429, 503] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];
/** A route's own error statuses, each with what it means there. */
export type RouteErrors = { readonly [S in ErrorStatus]?: string };

export interface RouteContract {
  readonly method: HttpMethod;
  /** The full path as API Gateway spells it, `{name}` for parameters, never a trailing slash. */
  readonly path: string;
  readonly access: AccessLevel;
  /**
   * Validates the merged path parameters and query string (GET) or JSON body (others). Input
   * schemas are `zod/mini` schemas (shared/schemas/: they tree-shake in the Lambda bundles), so
   * this is zod's core type, which classic and mini schemas share: parse with `z.safeParse(schema, …)`.
   */
  readonly input: z.core.$ZodType;
  /** The `data` of the success envelope, or a raw answer's content type. */
  readonly output: z.ZodType | RawAnswer;
  /** The success status; 200 when absent. */
  readonly status?: 200 | 201 | 202;
  /**
   * A creating call keyed by a client id: a retry with the same id creates nothing and answers
   * 200 with the same data.
   */
  readonly idempotent?: boolean;
  readonly summary: string;
  /**
   * Account-entry calls made before a session exists (signup, login, reset, verify) and logout
   * skip the CSRF check; every other mutating call with a session requires it.
   */
  readonly csrfExempt?: boolean;
  /**
   * Called by clients that cannot send `client-platform` (calendar apps, feed readers): the
   * header check is skipped. Errors still answer the JSON envelope.
   */
  readonly platformExempt?: boolean;
  /**
   * Called by mail clients (RFC 8058 one-click unsubscribe): besides JSON, the body may be a form,
   * `multipart/form-data` or `application/x-www-form-urlencoded` (read into an object, as JSON
   * would be), or empty, with or without a content type. Every other route answers 415 to a body that is not JSON.
   */
  readonly formBody?: boolean;
  /**
   * The error statuses the route answers for reasons of its own, each with its reason (404 no such
   * page, 409 the handle is taken, 429 past a rate limit, 503 on a read that may lose a race…).
   * The statuses every route of its access level and method answers (`commonErrors`) are added
   * to them; the API tests fail when a route answers a status neither declares.
   */
  readonly errors?: RouteErrors;
}

/** Declares a route, keeping its literal method, path and access for the typed clients. */
export function defineRoute<const C extends RouteContract>(route: C): C {
  return route;
}

/** A raw success of this content type (with its shape, when it is JSON of its own media type). */
export function rawAnswer(contentType: string, schema?: z.ZodType): RawAnswer {
  return schema ? { contentType, schema } : { contentType };
}

/** Whether a route answers raw. A Lambda's route carries `output: null` for JSON (its schema is the compiler's and the tests'). */
export function isRaw(output: RouteContract['output'] | null): output is RawAnswer {
  return typeof output === 'object' && output !== null && typeof (output as Partial<RawAnswer>).contentType === 'string';
}

/** What a client sends: the input schema's input (defaults may be left out). */
export type InputOf<C extends RouteContract> = z.input<C['input']>;
/** What a handler receives: the validated input. */
export type ParsedInputOf<C extends RouteContract> = z.output<C['input']>;
/** What a handler returns: the output schema's input (a raw route returns the body text). */
export type AnswerOf<C extends RouteContract> = C['output'] extends z.ZodType ? z.input<C['output']> : string;
/** What a client receives in `data` (a raw route: the body text). */
export type DataOf<C extends RouteContract> = C['output'] extends z.ZodType ? z.output<C['output']> : string;
/** `METHOD /path`, as API Gateway keys a route. */
export type KeyOf<C extends RouteContract> = `${C['method']} ${C['path']}`;

export function routeKey(route: Pick<RouteContract, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/** The names of a path's `{parameters}`, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

/**
 * The error statuses a route answers by its access level and method alone: the header and the
 * input (400), the session (401), the CSRF token and the access level (403), a body too large or
 * not JSON (413, 415), and a write that kept losing races or a table or bucket that did not answer
 * (503, any route: functions/db/aws-calls.ts).
 */
export function commonErrors(route: Pick<RouteContract, 'method' | 'access' | 'csrfExempt' | 'platformExempt' | 'formBody'>): RouteErrors {
  const mutating = isMutating(route.method);
  const signedIn = route.access !== 'public';
  const refusals = [
    mutating && !route.csrfExempt ? `the ${CSRF_FIELD} is missing or not the session's` : null,
    {
      public: null,
      user: null,
      registered: 'registration not complete, or the account suspended',
      admin: 'not a site admin (checked live)',
      self: 'not the owner of what the input names',
      'page-staff': 'the role in the page falls short',
    }[route.access],
  ].filter((r): r is string => r !== null);
  return {
    400: [route.platformExempt ? null : 'the client-platform header is missing', mutating ? 'the body is not valid JSON' : null, 'the input is not valid (the field is named)'].filter(Boolean).join('; '),
    ...(signedIn ? { 401: 'no session, or it has expired or ended' } : {}),
    ...(refusals.length ? { 403: refusals.join('; ') } : {}),
    ...(mutating ? { 413: 'the body is larger than 10 MB', 415: route.formBody ? 'the body is neither JSON nor a form (multipart/form-data or application/x-www-form-urlencoded)' : 'the body is not JSON' } : {}),
    503: mutating
      ? 'busy: a write kept losing races, or the table or the bucket did not answer (the outcome is unknown: a write may have landed; see the route for whether the same request again is safe); retry after Retry-After'
      : 'the table or the bucket did not answer; retry after Retry-After',
  };
}

/** Every error status the route declares, its own (first) and those of its access level and method. */
export function declaredErrors(route: RouteContract): RouteErrors {
  const common = commonErrors(route);
  const own = route.errors ?? {};
  const out: Record<number, string> = {};
  for (const status of ERROR_STATUSES) {
    const reasons = [own[status], common[status]].filter((r): r is string => !!r);
    if (reasons.length) out[status] = reasons.join('; ');
  }
  return out;
}
