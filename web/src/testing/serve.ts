/**
 * A fetch stub routed by "METHOD /path" (the query string may be part of the key, or left out to
 * match any). Unknown calls answer a 404 envelope. Every call is recorded with its parsed body.
 */
import { vi } from 'vitest';
import { failure } from './responses';

export type Handler = (call: Call) => Response | Promise<Response>;

export interface Call {
  method: string;
  url: string;
  path: string;
  body: Record<string, unknown> | undefined;
  headers: Record<string, string>;
}

export function serve(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = String(input);
    const path = url.split('?')[0]!;
    const call: Call = {
      method,
      url,
      path,
      body: init.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const handler = routes[`${method} ${url}`] ?? routes[`${method} ${path}`];
    return handler ? handler(call) : failure(404, 'not_found', 'Not found');
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    /** The calls to "METHOD /path" (query string ignored). */
    to: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}
