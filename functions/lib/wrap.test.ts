/**
 * Routes that are not JSON-in-JSON-out: a raw answer (a calendar file) and the header exemption
 * for clients that cannot send client-platform. Errors of raw routes keep the JSON envelope.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { CSRF_FIELD } from '../../shared/api';
import { defineRoute, rawAnswer } from '../../shared/contract/route';
import { HttpError } from './errors';
import { logger } from './logger';
import type { Main, RouteDef } from './route-types';
import { wrap } from './wrap';

const calendar = defineRoute({
  method: 'GET', path: '/api/fixture/{id}/ics', access: 'public', platformExempt: true,
  input: z.strictObject({ id: z.string().min(3, { message: 'must be at least 3 characters' }) }),
  output: rawAnswer('text/calendar; charset=utf-8'),
  summary: 'A calendar file (test fixture).',
});
const created = defineRoute({
  method: 'POST', path: '/api/fixture/things', access: 'public', status: 201,
  input: z.strictObject({ name: z.string() }),
  output: z.strictObject({ name: z.string() }),
  summary: 'Creates a thing (test fixture).',
});

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
const calendarMain: Main<typeof calendar> = async ({ input }) => {
  if (input.id === 'gone') throw new HttpError(404, 'not_found', 'No such event');
  return ICS;
};
const createdMain: Main<typeof created> = async ({ input }) => ({ name: input.name });

function event(method: string, path: string, opts: { headers?: Record<string, string>; params?: Record<string, string>; body?: string; requestId?: string } = {}): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: { ...(opts.body ? { 'content-type': 'application/json' } : {}), ...opts.headers },
    ...(opts.params ? { pathParameters: opts.params } : {}),
    ...(opts.body ? { body: opts.body } : {}),
    isBase64Encoded: false,
    requestContext: {
      accountId: 'test', apiId: 'test', domainName: 'localhost', domainPrefix: 'localhost', requestId: opts.requestId ?? 'r', routeKey: `${method} ${path}`,
      stage: '$default', time: '', timeEpoch: 0,
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'calendar-app' },
    },
  };
}
const context = { awsRequestId: 'r', functionName: 'fixture', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
const def = <C extends RouteDef>(route: C) => route;

describe('raw routes', () => {
  const handler = wrap(def({ ...calendar, handler: 'fixture/calendar', grants: [] }), calendarMain);

  it('answers its content type and the body as is, without the client-platform header', async () => {
    const res = await handler(event('GET', '/api/fixture/abc/ics', { params: { id: 'abc' } }), context);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.body).toBe(ICS);
  });

  it('keeps the JSON envelope for a validation error, naming the field', async () => {
    const res = await handler(event('GET', '/api/fixture/ab/ics', { params: { id: 'ab' } }), context);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toMatchObject({ status: 'error', error: { field: 'id' } });
  });

  it('keeps the JSON envelope for an error of the handler', async () => {
    const res = await handler(event('GET', '/api/fixture/gone/ics', { params: { id: 'gone' } }), context);
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ status: 'error', error: { code: 'not_found', message: 'No such event' } });
  });
});

describe('JSON routes', () => {
  const handler = wrap(def({ ...created, handler: 'fixture/created', grants: [] }), createdMain);

  it('still require client-platform', async () => {
    const res = await handler(event('POST', '/api/fixture/things', { body: '{"name":"x"}' }), context);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ error: { field: 'client-platform' } });
  });

  it('answer the success status of their contract', async () => {
    const res = await handler(event('POST', '/api/fixture/things', { body: '{"name":"x"}', headers: { 'client-platform': 'browser' } }), context);
    expect(res.statusCode).toBe(201);
    expect(JSON.parse(res.body)).toEqual({ status: 'success', data: { name: 'x' } });
  });

  it('take the csrf_token out of the body before validation: no input schema declares it', async () => {
    const res = await handler(event('POST', '/api/fixture/things', { body: JSON.stringify({ name: 'x', [CSRF_FIELD]: 'anything' }), headers: { 'client-platform': 'browser' } }), context);
    expect(res.statusCode).toBe(201);
    expect(JSON.parse(res.body)).toEqual({ status: 'success', data: { name: 'x' } });
  });
});

describe('a route that takes a form (formBody)', () => {
  const formed = defineRoute({ ...created, path: '/api/fixture/forms', formBody: true, platformExempt: true, csrfExempt: true, input: z.strictObject({ name: z.optional(z.string()) }) });
  const handler = wrap(def({ ...formed, handler: 'fixture/forms', grants: [] }), async ({ input }) => ({ name: input.name ?? '(none)' }));
  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  it('reads an application/x-www-form-urlencoded body into its fields', async () => {
    const res = await handler(event('POST', '/api/fixture/forms', { body: 'name=Monstera%20deliciosa', headers: form }), context);
    expect(res.statusCode, res.body).toBe(201);
    expect(JSON.parse(res.body)).toEqual({ status: 'success', data: { name: 'Monstera deliciosa' } });
  });

  it('reads a multipart/form-data body (RFC 8058\'s SHOULD) into its text fields, and refuses one that does not parse', async () => {
    const boundary = '----leafline7MA4YWxk';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nOne-Click fern\r\n--${boundary}--\r\n`;
    const multipart = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const res = await handler(event('POST', '/api/fixture/forms', { body, headers: multipart }), context);
    expect(res.statusCode, res.body).toBe(201);
    expect(JSON.parse(res.body)).toEqual({ status: 'success', data: { name: 'One-Click fern' } });
    const broken = await handler(event('POST', '/api/fixture/forms', { body: 'not a multipart body', headers: multipart }), context);
    expect(broken.statusCode).toBe(400);
    expect((await handler(event('POST', '/api/fixture/forms', { body, headers: { 'content-type': 'multipart/form-data' } }), context)).statusCode).toBe(415);
  });

  it('takes a base64-encoded form as API Gateway may pass it', async () => {
    const res = await handler({ ...event('POST', '/api/fixture/forms', { body: Buffer.from('name=Fern').toString('base64'), headers: form }), isBase64Encoded: true }, context);
    expect(JSON.parse(res.body)).toEqual({ status: 'success', data: { name: 'Fern' } });
  });

  it('takes an empty body with no content type, and JSON still', async () => {
    expect((await handler(event('POST', '/api/fixture/forms'), context)).statusCode).toBe(201);
    expect(JSON.parse((await handler(event('POST', '/api/fixture/forms', { body: '{"name":"x"}' }), context)).body)).toEqual({ status: 'success', data: { name: 'x' } });
  });

  it('answers 415 to another content type, and refuses a field the schema does not take, __proto__ included', async () => {
    expect((await handler(event('POST', '/api/fixture/forms', { body: 'name=x', headers: { 'content-type': 'text/plain' } }), context)).statusCode).toBe(415);
    for (const body of ['admin=true', '__proto__=x', 'constructor=x']) {
      expect((await handler(event('POST', '/api/fixture/forms', { body, headers: form }), context)).statusCode, body).toBe(400);
    }
  });

  it('is the only kind that takes a form: a JSON route answers 415 to one', async () => {
    const json = wrap(def({ ...created, handler: 'fixture/created', grants: [] }), createdMain);
    const res = await json(event('POST', '/api/fixture/things', { body: 'name=x', headers: { ...form, 'client-platform': 'browser' } }), context);
    expect(res.statusCode).toBe(415);
  });
});

describe('request ids and cold starts', () => {
  const logged = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);

  it('every line of a request carries its id and whether it was the handler\'s first, and the answer names the id', async () => {
    const slow = defineRoute({
      method: 'GET', path: '/api/fixture/slow/{id}', access: 'public',
      input: z.strictObject({ id: z.string() }), output: z.strictObject({ id: z.string() }), summary: 'Waits, then logs (test fixture).',
    });
    const handler = wrap(def({ ...slow, handler: 'fixture/slow', grants: [] }), async ({ input }) => {
      await new Promise((r) => setTimeout(r, input.id === 'a' ? 30 : 5));
      logger.info('working', { on: input.id });
      return { id: input.id };
    });
    const out = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    // The test run may silence logs (LOG_LEVEL); these lines are what is tested.
    const level = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'INFO';
    try {
      const get = (id: string) => handler(event('GET', `/api/fixture/slow/${id}`, { params: { id }, headers: { 'client-platform': 'browser' }, requestId: `req-${id}` }), { ...context });
      // The first request is the cold one; two at once never mix their ids.
      const [a, b] = await Promise.all([get('a'), get('b')]);
      expect(a.headers['x-request-id']).toBe('req-a');
      expect(b.headers['x-request-id']).toBe('req-b');
      const lines = logged(out);
      for (const id of ['a', 'b']) {
        const mine = lines.filter((l) => l.requestId === `req-${id}`);
        expect(mine.map((l) => l.message).sort()).toEqual(['request', 'working']);
        expect(mine.find((l) => l.message === 'working')).toMatchObject({ on: id });
        expect(new Set(mine.map((l) => l.coldStart))).toEqual(new Set([id === 'a']));
      }
      // An error answer names its id too.
      const bad = await handler(event('GET', '/api/fixture/slow/x', { requestId: 'req-x' }), { ...context });
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['x-request-id']).toBe('req-x');
    } finally {
      out.mockRestore();
      if (level === undefined) delete process.env.LOG_LEVEL;
      else process.env.LOG_LEVEL = level;
    }
  });
});
