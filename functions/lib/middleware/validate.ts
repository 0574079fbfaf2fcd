/**
 * Validates the route's input (path parameters with the query string for GET, with the JSON
 * body otherwise) against its zod schema; the first failure answers 400 naming the field. A
 * field given both in the path and in the body (or query) must hold the same value, else 400.
 */
import * as z from 'zod/mini';
import { badRequest } from '../errors';
import type { Middleware } from './types';

/** Keys that must never reach domain code, whatever the schema says. */
const POISON = new Set(['__proto__', 'constructor', 'prototype']);

function valueAt(raw: unknown, path: PropertyKey[]): unknown {
  let v = raw;
  for (const key of path) {
    if (typeof v !== 'object' || v === null || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

export function describeIssue(issue: z.core.$ZodIssue, raw: unknown): { field: string; message: string } {
  const field = issue.path.map(String).join('.') || 'body';
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? 'unknown';
    return { field: issue.path.length ? `${field}.${key}` : key, message: `${key} is not an accepted field` };
  }
  const given = valueAt(raw, issue.path);
  // Blank (`?lat=`) is not given: the query's numbers read it so (shared/schemas/common.ts).
  if (issue.code === 'invalid_type' && (given === undefined || (typeof given === 'string' && given.trim() === ''))) return { field, message: `${field} is required` };
  return { field, message: `${field} ${issue.message}` };
}

export function validateInput(schema: z.core.$ZodType): Middleware {
  return {
    before: (request) => {
      const { event } = request;
      const state = request.context.route;
      const source = event.requestContext.http.method === 'GET' ? { ...(event.queryStringParameters ?? {}) } : state.body;
      for (const key of Object.keys(source)) {
        if (POISON.has(key)) throw badRequest(`${key} is not an accepted field`, key);
      }
      // A field named both in the path and in the body must agree: the path would win silently.
      const params = event.pathParameters ?? {};
      for (const [key, value] of Object.entries(params)) {
        if (Object.hasOwn(source, key) && source[key] !== value) throw badRequest(`${key} must match the ${key} in the path`, key);
      }
      const raw = { ...source, ...params };
      const result = z.safeParse(schema, raw);
      if (!result.success) {
        const first = result.error.issues[0];
        const { field, message } = first ? describeIssue(first, raw) : { field: 'body', message: 'is not valid' };
        throw badRequest(message, field);
      }
      state.input = result.data;
    },
  };
}
