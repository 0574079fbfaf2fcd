/**
 * The load run's HTTP side: a member's cookie jar and CSRF token, requests timed and filed under
 * the route table's key they match (`GET /api/post/{id}`), and the sign-up of members the way a
 * person signs up (the e-mailed link read from the local host's outbox).
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { matchRoute } from '../../infra/local/match';

export interface Actor {
  uuid: string;
  email: string;
  cookies: Map<string, string>;
  csrf: string;
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  data: T;
  /** The error envelope, when the request was refused. */
  error?: { code?: string; message?: string; field?: string };
  /** Retry-After (seconds), when the answer has one. */
  retryAfter?: number;
}

/** Latencies and refusals per route key. */
export class Recorder {
  readonly byRoute = new Map<string, { ms: number[]; errors5xx: number; errors429: number }>();
  /** How many requests answered each status. */
  readonly statuses = new Map<number, number>();
  /** The slowest answer (ms). */
  maxMs = 0;
  requests = 0;
  active = true;

  add(route: string, ms: number, status: number): void {
    if (!this.active) return;
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    this.maxMs = Math.max(this.maxMs, ms);
    const r = this.byRoute.get(route) ?? { ms: [], errors5xx: 0, errors429: 0 };
    r.ms.push(ms);
    if (status >= 500) r.errors5xx += 1;
    if (status === 429) r.errors429 += 1;
    this.byRoute.set(route, r);
    this.requests += 1;
  }
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (n: number) => Math.round(n * 10) / 10;

export function routeSummary(rec: Recorder): Record<string, { requests: number; p50Ms: number; p99Ms: number; errors5xx: number; errors429: number }> {
  const out: Record<string, { requests: number; p50Ms: number; p99Ms: number; errors5xx: number; errors429: number }> = {};
  for (const [key, r] of [...rec.byRoute].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...r.ms].sort((a, b) => a - b);
    out[key] = { requests: sorted.length, p50Ms: round(pct(sorted, 50)), p99Ms: round(pct(sorted, 99)), errors5xx: r.errors5xx, errors429: r.errors429 };
  }
  return out;
}

export interface Client {
  base: string;
  recorder: Recorder;
  /**
   * How many times a 503 is tried again, after its Retry-After, as a careful client does (the SPA
   * tries reads again itself; a person tries a failed write again): a 503 says the outcome is
   * unknown, and the same body again is safe (client ids make a create answer its first
   * success). Each try is recorded.
   */
  retries503?: number;
}

/** The route table's key of a request; refuses a path the table does not have (a typo in the mix). */
export function routeKeyOf(method: string, path: string): string {
  const match = matchRoute(method, path.split('?')[0]!);
  if (!match) throw new Error(`no route for ${method} ${path}`);
  return `${match.route.method} ${match.route.path}`;
}

/** One request, as `who` (a guest when null): timed and filed under its route; a 503 tried again as `client.retries503` says. */
export async function send<T = Record<string, unknown>>(client: Client, who: Actor | null, method: string, path: string, body?: Record<string, unknown>): Promise<Answer<T>> {
  for (let tries = 0; ; tries++) {
    const answer = await sendOnce<T>(client, who, method, path, body);
    if (answer.status !== 503 || tries >= (client.retries503 ?? 0)) return answer;
    await new Promise((r) => setTimeout(r, (answer.retryAfter ?? 1) * 1000));
  }
}

async function sendOnce<T>(client: Client, who: Actor | null, method: string, path: string, body?: Record<string, unknown>): Promise<Answer<T>> {
  const route = routeKeyOf(method, path);
  const headers: Record<string, string> = { 'client-platform': 'browser' };
  if (who?.cookies.size) headers.cookie = [...who.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  let payload: string | undefined;
  if (method !== 'GET') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(who?.csrf ? { csrf_token: who.csrf, ...body } : body ?? {});
  }
  const t0 = performance.now();
  let status: number;
  let text = '';
  let retryAfter: number | undefined;
  try {
    const res = await fetch(client.base + path, { method, headers, ...(payload === undefined ? {} : { body: payload }), signal: AbortSignal.timeout(30_000) });
    status = res.status;
    text = await res.text();
    if (res.headers.has('retry-after')) retryAfter = Number(res.headers.get('retry-after')) || 1;
    if (who) absorb(who, res.headers.getSetCookie());
  } catch {
    // A connection that failed or hung is the site's failure, as a 5xx is.
    status = 599;
  }
  client.recorder.add(route, performance.now() - t0, status);
  let json: { data?: T; error?: Answer['error'] } = {};
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    // not JSON (a 599, or a raw answer): no data
  }
  return { status, data: (json.data ?? {}) as T, ...(json.error ? { error: json.error } : {}), ...(retryAfter === undefined ? {} : { retryAfter }) };
}

function absorb(who: Actor, lines: string[]): void {
  for (const line of lines) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    const name = pair!.slice(0, at);
    const value = pair!.slice(at + 1);
    if (/max-age=0/i.test(line) || value === '') who.cookies.delete(name);
    else who.cookies.set(name, value);
  }
}

/** The token of the newest verification link e-mailed to `to` (the local host's outbox), waiting up to 10 s. */
async function verificationToken(outboxDir: string, to: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const text = await readFile(join(outboxDir, 'outbox.jsonl'), 'utf8').catch(() => '');
    for (const line of text.split('\n').reverse()) {
      if (!line.includes(to)) continue;
      const token = /\/auth\/verifyemail\?token=([A-Za-z0-9_-]{43})/.exec(line)?.[1];
      if (token) return token;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no verification e-mail to ${to}`);
}

/** A member made as a person makes one: sign up, open the e-mailed link with the password, register near `at`. */
export async function signUpMember(client: Client, outboxDir: string, at: { latitude: number; longitude: number }): Promise<Actor> {
  const tag = randomUUID().replace(/-/g, '').slice(0, 10);
  const email = `load-${tag}@example.com`;
  const password = 'Load-run-2026';
  const who: Actor = { uuid: '', email, cookies: new Map(), csrf: '' };
  const up = await send(client, null, 'POST', '/api/iam/authn/signup', { email, password });
  if (up.status !== 200) throw new Error(`sign-up answered ${up.status}`);
  const verified = await send<{ csrf_token: string }>(client, who, 'POST', '/api/iam/authn/verifyemailtoken', { token: await verificationToken(outboxDir, email), password });
  if (verified.status !== 200) throw new Error(`verification answered ${verified.status}`);
  who.csrf = verified.data.csrf_token;
  const reg = await send<{ uuid: string }>(client, who, 'POST', '/api/iam/authn/register', {
    username: `load_${tag}`, first_name: 'Load', last_name: 'Member', motivations: ['swap'],
    suburb_city: 'Newtown', state: 'NSW', country: 'Australia', ...at,
  });
  if (reg.status !== 200) throw new Error(`registration answered ${reg.status}: ${JSON.stringify(reg.error)}`);
  who.uuid = reg.data.uuid;
  return who;
}
