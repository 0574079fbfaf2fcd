/**
 * The contract of one HTTP route: what both sides agree on (method, path, access level, input,
 * output, success status). The server adds what only it needs (handler, grants) in
 * functions/<domain>/routes.ts; the web client and the tests take their types from here.
 */
import type * as z from 'zod';
import type { AccessLevel, HttpMethod } from '../api';

/** A success that is not JSON (a calendar file, a feed): its content type; the body is the handler's string. */
export interface RawAnswer {
  readonly contentType: string;
  /** The document's shape when it is JSON of its own media type (a manifest): for the docs and the tests, never bundled. */
  readonly schema?: z.ZodType;
}

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
  readonly status?: 200 | 201;
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
