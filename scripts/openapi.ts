/**
 * Builds the OpenAPI 3.1 description of the API from the route contracts (shared/contract/).
 * Named answer shapes (every zod schema exported by shared/answers/) become components, so
 * client generators get one type per concept; inputs are inlined per operation.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as z from 'zod';
import { CSRF_FIELD, CSRF_FIELD_DESCRIPTION } from '../shared/api';
import { ACCESS_COOKIE, CLIENT_PLATFORM_BROWSER, CLIENT_PLATFORM_HEADER } from '../shared/constants';
import { declaredErrors, isRaw, pathParams, type RouteContract } from '../shared/contract/route';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCHEMA_REF = (id: string) => `#/components/schemas/${id}`;

type Json = Record<string, unknown>;

export interface NamedRoute {
  route: RouteContract;
  /** The contract module (shared/contract/<domain>.ts) and the route's export name there. */
  domain: string;
  name: string;
}

/** A zod schema of either API: the input schemas are `zod/mini` ones, which are no `z.ZodType` instances. */
function isSchema(value: unknown): value is z.core.$ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

function isRoute(value: unknown): value is RouteContract {
  const v = value as Partial<RouteContract> | null;
  return typeof v === 'object' && v !== null && typeof v.method === 'string' && typeof v.path === 'string' && isSchema(v.input);
}

async function modulesIn(dir: string, skip: string[] = []): Promise<[string, Record<string, unknown>][]> {
  const files = readdirSync(join(ROOT, dir)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !skip.includes(f)).sort();
  return Promise.all(files.map(async (f) => [f.replace(/\.ts$/, ''), (await import(pathToFileURL(join(ROOT, dir, f)).href)) as Record<string, unknown>] as [string, Record<string, unknown>]));
}

/** Every route of shared/contract/, by domain file and in each file's order. */
export async function contractRoutes(): Promise<NamedRoute[]> {
  const out: NamedRoute[] = [];
  for (const [domain, mod] of await modulesIn('shared/contract', ['route.ts', 'index.ts'])) {
    for (const [name, value] of Object.entries(mod)) if (isRoute(value)) out.push({ route: value, domain, name });
  }
  return out;
}

/** The named answer shapes: every zod schema exported by shared/answers/, named in PascalCase. */
export async function answerSchemas(): Promise<Map<z.ZodType, string>> {
  const named = new Map<z.ZodType, string>();
  for (const [, mod] of await modulesIn('shared/answers')) {
    for (const [name, value] of Object.entries(mod)) {
      if (value instanceof z.ZodType && !named.has(value)) named.set(value, name[0]!.toUpperCase() + name.slice(1));
    }
  }
  return named;
}

function strip(schema: Json): Json {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return rest;
}

const errorEnvelope = {
  type: 'object',
  required: ['status', 'error'],
  additionalProperties: false,
  properties: {
    status: { const: 'error' },
    error: {
      type: 'object',
      required: ['code', 'message'],
      additionalProperties: false,
      properties: {
        code: { type: 'string', description: 'A stable, machine-readable code: bad_request, unauthorized, forbidden, not_found, too_many_requests…' },
        message: { type: 'string', description: 'A sentence for people; names the field that failed.' },
        field: { type: 'string', description: 'The input field (or header) that failed validation, when one did.' },
      },
    },
  },
};

function successEnvelope(data: Json): Json {
  return { type: 'object', required: ['status', 'data'], additionalProperties: false, properties: { status: { const: 'success' }, data } };
}

function operationId(r: NamedRoute, taken: Map<string, number>): string {
  const count = taken.get(r.name) ?? 0;
  return count > 1 ? `${r.domain.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}${r.name[0]!.toUpperCase()}${r.name.slice(1)}` : r.name;
}

export async function buildOpenApi(routes?: NamedRoute[], version = '0.1.0'): Promise<Json> {
  const all = routes ?? (await contractRoutes());
  const named = await answerSchemas();
  const names = new Map<string, number>();
  for (const r of all) names.set(r.name, (names.get(r.name) ?? 0) + 1);

  // One registry: the named shapes, then each JSON route's answer (unless it is a named shape).
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of named) registry.add(schema, { id });
  const answerRef = new Map<RouteContract, string>();
  for (const r of all) {
    if (isRaw(r.route.output)) continue;
    const id = registry.get(r.route.output)?.id ?? `${operationId(r, names)}Answer`.replace(/^./, (c) => c.toUpperCase());
    if (!registry.has(r.route.output)) registry.add(r.route.output, { id });
    answerRef.set(r.route, id);
  }
  const converted = z.toJSONSchema(registry, { uri: SCHEMA_REF, io: 'output', unrepresentable: 'any' }).schemas as Record<string, Json>;
  const schemas: Record<string, Json> = { ErrorEnvelope: errorEnvelope };
  for (const id of Object.keys(converted).sort()) schemas[id] = strip(converted[id]!);

  const paths: Record<string, Record<string, Json>> = {};
  for (const r of all) {
    const { route } = r;
    const input = strip(z.toJSONSchema(route.input, { io: 'input', unrepresentable: 'any' }) as Json);
    const props = { ...((input.properties as Record<string, Json> | undefined) ?? {}) };
    const required = new Set((input.required as string[] | undefined) ?? []);
    const inPath = pathParams(route.path);
    const parameters: Json[] = [];
    if (!route.platformExempt) parameters.push({ $ref: '#/components/parameters/ClientPlatform' });
    for (const name of inPath) {
      parameters.push({ name, in: 'path', required: true, schema: props[name] ?? { type: 'string' } });
      delete props[name];
      required.delete(name);
    }
    const op: Json = {
      operationId: operationId(r, names),
      tags: [r.domain],
      summary: route.summary.split(/(?<=[.:;])\s/)[0]!.replace(/[.:;]$/, '').slice(0, 120),
      description: `${route.summary}\n\nAccess: ${route.access}.`,
      'x-access': route.access,
    };
    if (route.access === 'public') op.security = [{}, { session: [] }];
    else op.security = [{ session: [] }];
    const rest: Json = { ...input, properties: props, required: [...required] };
    if (!(rest.required as string[]).length) delete rest.required;
    if (route.method === 'GET') {
      for (const [name, schema] of Object.entries(props)) parameters.push({ name, in: 'query', required: required.has(name), schema });
    } else {
      // The CSRF middleware takes the field out of every body before validation: no input schema declares it.
      if (!route.csrfExempt) {
        props[CSRF_FIELD] = { type: 'string', description: CSRF_FIELD_DESCRIPTION };
      }
      // A route that takes a form (a mail client's one-click unsubscribe) also takes no body at all.
      op.requestBody = route.formBody
        ? { required: false, content: { 'application/json': { schema: rest }, 'multipart/form-data': { schema: rest }, 'application/x-www-form-urlencoded': { schema: rest } } }
        : { required: true, content: { 'application/json': { schema: rest } } };
    }
    op.parameters = parameters;
    const status = String(route.status ?? 200);
    const responses: Record<string, Json> = {};
    if (isRaw(route.output)) {
      const { contentType, schema } = route.output;
      const document = schema ? strip(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Json) : { type: 'string' };
      responses[status] = { description: `The ${contentType} document.`, content: { [contentType]: { schema: document } } };
    } else {
      const body = { content: { 'application/json': { schema: successEnvelope({ $ref: SCHEMA_REF(answerRef.get(route)!) }) } } };
      responses[status] = { description: status === '201' ? 'Created.' : status === '202' ? 'Accepted: the work goes on after the answer.' : 'Success.', ...body };
      if (route.idempotent && status !== '200') responses['200'] = { description: 'Nothing new was created (a retry with the same client id, or the item already existed); the same answer.', ...body };
    }
    // Each error status the route declares, with its reasons, in the error envelope; default for a fault (500).
    for (const [code, reason] of Object.entries(declaredErrors(route))) {
      responses[code] = { description: `${reason[0]!.toUpperCase()}${reason.slice(1)}.`, content: { 'application/json': { schema: { $ref: SCHEMA_REF('ErrorEnvelope') } } } };
    }
    responses.default = { $ref: '#/components/responses/Error' };
    op.responses = responses;
    (paths[route.path] ??= {})[route.method.toLowerCase()] = op;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Leafline API',
      version,
      description:
        'The HTTP API of Leafline, generated from the route contracts (shared/contract/). Every JSON route answers ' +
        '`{ "status": "success", "data": … }` or the error envelope. Every request carries `client-platform: browser` ' +
        `(except routes marked otherwise); mutating calls with a session carry \`${CSRF_FIELD}\` in the JSON body. See docs/api.md for the order of checks.`,
    },
    servers: [{ url: '/' }],
    tags: [...new Set(all.map((r) => r.domain))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      parameters: {
        ClientPlatform: {
          name: CLIENT_PLATFORM_HEADER,
          in: 'header',
          required: true,
          schema: { const: CLIENT_PLATFORM_BROWSER },
          description: 'Every request names its client; a request without it is refused with 400.',
        },
      },
      responses: {
        Error: { description: 'The error envelope, for any status the operation does not list (a fault of the server answers 500, without internals).', content: { 'application/json': { schema: { $ref: SCHEMA_REF('ErrorEnvelope') } } } },
      },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: ACCESS_COOKIE, description: 'The access token cookie set by sign-in (15 minutes; renewed by POST /api/iam/authn/refresh).' },
      },
    },
  };
}
