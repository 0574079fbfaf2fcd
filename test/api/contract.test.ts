/**
 * The contract and its OpenAPI description: docs/openapi.json is valid OpenAPI 3.1, holds every
 * route of the table exactly as the table spells it, and is served next to the SPA. Every other
 * API test checks answers against the contract through test/support/api.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { routes } from '../../functions/routes';
import { routeKey, type RouteDef } from '../../functions/lib/route-types';
import { REPO_ROOT } from '../../infra/local/host';
import { declaredErrors, defineRoute, isRaw, pathParams, rawAnswer } from '../../shared/contract/route';
import { buildOpenApi, contractRoutes } from '../../scripts/openapi';
import { hostUrl } from '../support/api';
import { undeclaredStatuses } from '../support/route-statuses';

type Json = Record<string, unknown>;
interface Operation {
  parameters: ({ $ref: string } | { name: string; in: string; required: boolean })[];
  requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown>; additionalProperties?: boolean } }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: Json }> }>;
}

const table = routes as readonly RouteDef[];
const doc = JSON.parse(readFileSync(join(REPO_ROOT, 'docs', 'openapi.json'), 'utf8')) as { openapi: string; paths: Record<string, Record<string, Operation>> };

async function validate(spec: unknown): Promise<void> {
  const validator = new Validator();
  // The validator resolves $refs in place: give it a copy.
  const res = await validator.validate(structuredClone(spec) as Json);
  expect(res.errors ?? [], 'OpenAPI 3.1 schema errors').toEqual([]);
  expect(res.valid).toBe(true);
  expect(validator.version).toBe('3.1');
  // Every $ref resolves.
  expect(() => validator.resolveRefs()).not.toThrow();
}

function operations(spec: typeof doc): [string, Operation][] {
  return Object.entries(spec.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as [string, Operation]));
}

describe('docs/openapi.json', () => {
  it('is valid OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    await validate(doc);
  });

  it('holds every route of the table, spelled as the table spells it, and nothing else', () => {
    expect(operations(doc).map(([key]) => key).sort()).toEqual(table.map(routeKey).sort());
  });

  it('the table is the contract: every contract route is routed, every route has its contract', async () => {
    const contract = await contractRoutes();
    expect(contract.map((r) => routeKey(r.route)).sort()).toEqual(table.map(routeKey).sort());
    for (const route of table) {
      const entry = contract.find((c) => routeKey(c.route) === routeKey(route))!;
      expect(route.input, routeKey(route)).toBe(entry.route.input);
      expect(route.output, routeKey(route)).toBe(entry.route.output);
    }
  });

  it('gives each operation its header, path parameters, body and success status', () => {
    const byKey = new Map(operations(doc));
    for (const route of table) {
      const op = byKey.get(routeKey(route))!;
      const key = routeKey(route);
      const platform = { $ref: '#/components/parameters/ClientPlatform' };
      if (route.platformExempt) expect(op.parameters, key).not.toContainEqual(platform);
      else expect(op.parameters, key).toContainEqual(platform);
      const inPath = op.parameters.filter((p): p is { name: string; in: string; required: boolean } => 'in' in p && p.in === 'path');
      expect(inPath.map((p) => p.name), key).toEqual(pathParams(route.path));
      const status = String(route.status ?? 200);
      if (isRaw(route.output)) {
        const document = op.responses[status]?.content?.[route.output.contentType]?.schema;
        // A JSON document of its own media type is described (the manifest); any other is a string.
        if (route.output.schema) expect(document, key).toMatchObject({ type: 'object', properties: expect.any(Object) });
        else expect(document, key).toEqual({ type: 'string' });
      } else {
        const success = op.responses[status]?.content?.['application/json']?.schema;
        expect(success, `${key} answers ${status}`).toMatchObject({ properties: { status: { const: 'success' }, data: {} }, required: ['status', 'data'] });
      }
      expect(op.responses.default, key).toEqual({ $ref: '#/components/responses/Error' });
      if (route.method === 'GET') expect(op.requestBody, key).toBeUndefined();
      else {
        const body = op.requestBody!.content['application/json']!.schema;
        expect(Object.keys(body.properties).some((name) => pathParams(route.path).includes(name)), `${key}: path parameters stay out of the body`).toBe(false);
        expect('csrf_token' in body.properties, `${key} csrf_token`).toBe(!route.csrfExempt);
      }
    }
  });

  it('holds a real raw route exempt from client-platform (the web app manifest), its document described as the object it is', () => {
    expect(table.some((r) => r.platformExempt && isRaw(r.output))).toBe(true);
    const manifest = new Map(operations(doc)).get('GET /api/site-settings/manifest')!.responses['200']!.content!['application/manifest+json']!.schema as { type: string; properties: Record<string, unknown>; required: string[] };
    expect(manifest.type).toBe('object');
    expect(manifest.required).toEqual(expect.arrayContaining(['name', 'short_name', 'start_url', 'display', 'icons']));
  });

  it('describes a raw route (a calendar file) by its content type, without the client-platform header', async () => {
    const ics = defineRoute({
      method: 'GET', path: '/api/events/{id}/ics', access: 'public', platformExempt: true,
      input: z.strictObject({ id: z.string() }), output: rawAnswer('text/calendar'), summary: 'A calendar file.',
    });
    const spec = (await buildOpenApi([...(await contractRoutes()), { route: ics, domain: 'events', name: 'eventIcs' }])) as typeof doc;
    await validate(spec);
    const op = spec.paths['/api/events/{id}/ics']!.get!;
    expect(op.responses['200']!.content).toEqual({ 'text/calendar': { schema: { type: 'string' } } });
    expect(op.parameters).not.toContainEqual({ $ref: '#/components/parameters/ClientPlatform' });
    expect(op.responses.default).toEqual({ $ref: '#/components/responses/Error' });
  });

  it('lists each operation\'s error statuses, its own and its access level\'s, each with its reason and the error envelope', () => {
    const byKey = new Map(operations(doc));
    const envelope = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } };
    for (const route of table) {
      const key = routeKey(route);
      const op = byKey.get(key)!;
      const errors = Object.keys(op.responses).filter((code) => /^[45]\d\d$/.test(code));
      expect(errors, key).toEqual(Object.keys(declaredErrors(route)));
      for (const code of errors) {
        expect(op.responses[code]!.content, `${key} ${code}`).toEqual(envelope);
        expect(op.responses[code]!.description, `${key} ${code}`).toMatch(/^[A-Z0-9].+\.$/);
      }
      expect(errors, key).toContain('400');
      if (route.access !== 'public') expect(errors, key).toContain('401');
      if (route.method !== 'GET') expect(errors, key).toEqual(expect.arrayContaining(['413', '415', '503', ...(route.csrfExempt ? [] : ['403'])]));
    }
    // What an outside fuzzer found answered but not described.
    expect(byKey.get('DELETE /api/iam/authn/delete')!.responses['409']!.description).toMatch(/only admin of a page/);
    expect(byKey.get('PUT /api/iam/authn/confirm-phone-and-record')!.responses['409']!.description).toMatch(/code was already used/);
    expect(byKey.get('GET /api/health')!.responses).not.toHaveProperty('401');
  });

  it('adds a route\'s own errors to those of its access level and method', async () => {
    const route = defineRoute({
      method: 'PUT', path: '/api/iam/widgets', access: 'page-staff', errors: { 404: 'no such widget', 403: 'the widget is locked' },
      input: z.strictObject({ id: z.string() }), output: z.strictObject({ ok: z.boolean() }), summary: 'Change a widget.',
    });
    const spec = (await buildOpenApi([...(await contractRoutes()), { route, domain: 'widgets', name: 'changeWidget' }])) as typeof doc;
    await validate(spec);
    const op = spec.paths['/api/iam/widgets']!.put!;
    expect(Object.keys(op.responses)).toEqual(['200', '400', '401', '403', '404', '413', '415', '503', 'default']);
    expect(op.responses['403']!.description).toBe('The widget is locked; the csrf_token is missing or not the session\'s; the role in the page falls short.');
    expect(op.responses['404']!.description).toBe('No such widget.');
  });

  it('the run\'s check names each status a route answered but does not declare, and only those', () => {
    const log = [
      'GET /api/health\t200', // a success: the test client checks those
      'GET /api/health\t409', // not declared
      'GET /api/health\t500', // a fault: never declared
      'DELETE /api/iam/authn/delete\t409', // declared
      'DELETE /api/iam/authn/delete\t401', // its access level's
      'GET /api/no/such/route\t404', // no route: the $default answer
      'GET /api/health\t409',
    ].join('\n');
    expect(undeclaredStatuses(log, table)).toEqual(['GET /api/health answered 409', 'GET /api/health answered 500']);
  });

  it('is served as a static file next to the SPA, the same as docs/openapi.json', async () => {
    const res = await fetch(`${hostUrl()}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(doc);
  });
});
