import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { RouteRequest } from './types';
import { validateInput } from './validate';

const schema = z.object({ uuid: z.string(), is_valid: z.boolean() }).strict();

function request(body: Record<string, unknown>, pathParameters: Record<string, string>): RouteRequest {
  return {
    event: { requestContext: { http: { method: 'PUT' } }, pathParameters },
    context: { route: { body, session: null, input: undefined, clientIp: '127.0.0.1', startedAt: 0 } },
  } as unknown as RouteRequest;
}

describe('validateInput: path and body together', () => {
  it('accepts a body field that repeats the path parameter, or leaves it out', () => {
    for (const body of [{ uuid: 'abc', is_valid: true }, { is_valid: true }]) {
      const req = request(body, { uuid: 'abc' });
      void validateInput(schema).before!(req);
      expect(req.context.route.input).toEqual({ uuid: 'abc', is_valid: true });
    }
  });

  it('refuses a body field that names another resource than the path, naming the field', () => {
    expect(() => validateInput(schema).before!(request({ uuid: 'other', is_valid: true }, { uuid: 'abc' }))).toThrow(
      expect.objectContaining({ status: 400, field: 'uuid', message: 'uuid must match the uuid in the path' }),
    );
  });
});
