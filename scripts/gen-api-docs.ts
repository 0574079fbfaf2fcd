/**
 * Generates docs/api.md from the route table and docs/openapi.json (OpenAPI 3.1) from the
 * contracts. `--check` fails (exit 1) when either is stale, which CI runs so that the reference
 * never drifts from the code.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { routes } from '../functions/routes';
import { CSRF_FIELD, type AccessLevel } from '../shared/api';
import type { RouteDef } from '../functions/lib/route-types';
import { buildOpenApi } from './openapi';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'docs', 'api.md');
const OPENAPI_OUT = join(ROOT, 'docs', 'openapi.json');

/** The catalogue's names for the access levels (../shared/handbook/ROUTES.md), and page-staff beside them. */
const ACCESS: Record<AccessLevel, string> = {
  public: 'pub', user: 'user', registered: 'reg', admin: 'admin', self: 'self', 'page-staff': 'page-staff',
};

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

function describeField(s: JsonSchema): string {
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' \\| ');
  if (s.anyOf) return s.anyOf.map(describeField).join(' or ');
  const parts = [Array.isArray(s.type) ? s.type.join('/') : (s.type ?? 'any')];
  if (s.format) parts.push(s.format);
  if (s.minLength !== undefined || s.maxLength !== undefined) parts.push(`${s.minLength ?? 0}–${s.maxLength ?? '∞'} chars`);
  if (s.default !== undefined) parts.push(`default ${JSON.stringify(s.default)}`);
  return parts.join(', ');
}

function inputOf(route: RouteDef): string {
  const schema = z.toJSONSchema(route.input, { unrepresentable: 'any', io: 'input' }) as JsonSchema;
  const props = Object.entries(schema.properties ?? {});
  if (!props.length) return '—';
  const required = new Set(schema.required ?? []);
  return props.map(([name, s]) => `\`${name}\`${required.has(name) ? '' : '?'}: ${describeField(s)}`).join('<br>');
}

/** A route's own error statuses and their reasons (those of its access level and method are in the header). */
function errorsOf(route: RouteDef): string {
  const own = Object.entries(route.errors ?? {});
  return own.length ? own.map(([status, reason]) => `${status} ${reason}`).join('<br>') : '—';
}

export function render(): string {
  const table = routes as readonly RouteDef[];
  const lines = [
    '# HTTP API reference',
    '',
    '<!-- Generated from functions/routes.ts by `npm run docs:api`. Do not edit by hand. -->',
    '',
    'Every route answers `{ "status": "success", "data": … }` or `{ "status": "error", "error": { "code", "message", "field"? } }`.',
    `Every request carries \`client-platform: browser\`; mutating calls with a session carry \`${CSRF_FIELD}\` in the JSON body.`,
    'Checks run in this order: header (400) → route exists (404) → body is JSON (400, 415 for another content type, 413 when too large; the one-click unsubscribe also takes a form or no body) →',
    `session where required (401) → \`${CSRF_FIELD}\` (403) → access level (403) → on admin routes, a live session (401) held by an unsuspended admin (403) →`,
    'input schema (400, naming the field) → ownership, or the role in the page (403/404).',
    'Access: **pub** public (session optional) · **user** signed in · **reg** registration complete · **admin** · **self** signed in and owner (or a site admin) ·',
    '**page-staff** signed in, and an admin (or, where the route says so, an admin or moderator) of the page the input names, acting on the page or on its other members (or a site admin).',
    'GET inputs come from the path and query string; other methods from the path and JSON body. Unknown fields are refused.',
    'Errors: besides those in its row, every route may answer 400 (the header or the input), a signed-in route 401, a route with a session or',
    `access check 403 (\`${CSRF_FIELD}\`, the access level), and a mutating route 413, 415 and 503 (busy; retry). docs/openapi.json lists each operation's statuses with their reasons.`,
    '',
    '| method | path | access | input | handler | what it does | errors |',
    '|---|---|---|---|---|---|---|',
    ...table.map(
      (r) =>
        `| ${r.method} | \`${r.path}\` | ${ACCESS[r.access]}${r.csrfExempt ? ' (no csrf)' : ''} | ${inputOf(r)} | \`functions/${r.handler}.ts\` | ${r.summary} | ${errorsOf(r)} |`,
    ),
    '| any | anything else (`$default`) | pub | — | `functions/system/not-found.ts` | 404 envelope | 404 |',
    '',
    '## Real time',
    '',
    'The URL from `POST /api/iam/realtime/ticket` opens a WebSocket (locally `/ws` on the gateway\'s port; in the cloud the WebSocket API\'s stage).',
    'Any ticket that is not live (malformed, used, expired after 60 s, forged), or whose session has ended, is refused with 401 at the handshake;',
    'a handshake whose `Origin` is not the site\'s is refused with 403 (a client that sends no `Origin` is authenticated by its ticket alone).',
    'The server closes the socket when its session ends (logout, a password reset, suspension, account deletion), after 2 hours at the latest. The socket carries JSON text',
    'frames `{ type, data }` (types in `shared/realtime.ts`):',
    '',
    '| type | to whom | data |',
    '|---|---|---|',
    '| `message` | the open sockets of every participant (a page\'s admins and moderators), the sender\'s other tabs included | `{ conversationId, message: { id, content, senderId, asPageId?, createdAt } }`; `asPageId` when a page\'s staff answered as the page |',
    '| `notification` | the recipient | `{ notification, tally }`: an item of `GET /api/iam/notifications/all` and the unseen tally |',
    '| `messages-tally` | a member whose tally changed | `{ unreadMsgsTally }` |',
    '| `changed` | for an event, the members with an answer on any of its dates and its staff; for a page\'s membership, the member and the page\'s staff; for a thread (a post), its author and its commenters (at most 500 members each) | `{ kind: "event" \\| "page" \\| "thread", id }`: something an open screen shows has changed, refetch it (an event by its randomId, a page by its id, a thread by its post\'s id). Never repeats what `message`, `notification` or `messages-tally` carry |',
    '| `pong` | the client that sent `{"type":"ping"}` | — |',
    '',
    'After a reconnect, clients fetch over REST what they missed: frames are not replayed.',
    '',
  ];
  return lines.join('\n');
}

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const outputs: [string, string][] = [
  [OUT, render()],
  [OPENAPI_OUT, `${JSON.stringify(await buildOpenApi(undefined, pkg.version), null, 2)}\n`],
];
if (process.argv.includes('--check')) {
  let stale = false;
  for (const [file, text] of outputs) {
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      /* missing counts as stale */
    }
    if (current !== text) {
      console.error(`${relative(ROOT, file)} is stale: run npm run docs:api and commit it`);
      stale = true;
    }
  }
  if (stale) process.exit(1);
  console.log('docs/api.md and docs/openapi.json are up to date');
} else {
  for (const [file, text] of outputs) writeFileSync(file, text);
  console.log(`wrote docs/api.md and docs/openapi.json (${(routes as readonly RouteDef[]).length} routes)`);
}
