/**
 * `npm start` as a person runs it: stdin closed, the site's URL is the first http URL printed,
 * data persists across restarts, and SIGINT stops everything (Java included) and frees the ports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/local/host';
import { freePort } from '../../infra/local/ports';
import { DEMO_EVENTS, eventWhen } from '../../infra/local/demo-events';
import { demoId } from '../../infra/local/demo-places';
import { DEMO_USERS } from '../../infra/local/seed';

mkdirSync(join(REPO_ROOT, '.tmp'), { recursive: true });
const dataDir = mkdtempSync(join(REPO_ROOT, '.tmp', 'start-'));
/** Every npm start this file spawns, so that a failing assertion never leaves one running. */
const started = new Set<ChildProcess>();
afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
});

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

async function startOnce(ports: { site: number; dynamo: number; s3: number }): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts', '--no-build'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(ports.site), DYNAMODB_PORT: String(ports.dynamo), S3_PORT: String(ports.s3) },
  });
  started.add(child);
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL printed within 120 s:\n${out}`)), 120_000);
    const check = () => {
      const m = /https?:\/\/[^\s]+/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[0]);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${out}`)));
  });
  return { child, url, output: () => out };
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGINT');
  return exited;
}

describe('npm start', () => {
  it('prints the site URL first, serves the API, persists data and stops cleanly on SIGINT', async () => {
    const ports = { site: await freePort(), dynamo: await freePort(), s3: await freePort() };
    const first = await startOnce(ports);
    expect(first.url).toBe(`http://localhost:${ports.site}`);
    const res = await fetch(`${first.url}/api/site-settings/get-site`, { headers: { 'client-platform': 'browser' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { name: string } }).data.name).toBe('Leafline');
    // The demo admin printed at start can sign in and is an admin.
    const admin = DEMO_USERS[0];
    expect(first.output()).toContain(admin.email);
    const login = await fetch(`${first.url}/api/iam/authn/login`, {
      method: 'POST',
      headers: { 'client-platform': 'browser', 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { data: { is_admin: boolean; registration_complete: boolean } }).data).toMatchObject({ is_admin: true, registration_complete: true });
    // The demo member Fern has conversations waiting: one unread, from Ivy.
    const fern = DEMO_USERS.find((u) => u.email === 'fern@example.com')!;
    const fernLogin = await fetch(`${first.url}/api/iam/authn/login`, {
      method: 'POST',
      headers: { 'client-platform': 'browser', 'content-type': 'application/json' },
      body: JSON.stringify({ email: fern.email, password: fern.password }),
    });
    expect(fernLogin.status).toBe(200);
    const cookie = fernLogin.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const inbox = await fetch(`${first.url}/api/iam/messages/all`, { headers: { 'client-platform': 'browser', cookie } });
    const { data } = (await inbox.json()) as { data: { conversations: { with: { handle: string }; unread: number }[]; unreadMsgsTally: number } };
    expect(data.conversations.map((c) => c.with.handle).sort()).toEqual(['cuttings_swap_club', 'ivy_climbs', 'rosa_thorne']);
    expect(data.unreadMsgsTally).toBe(1);
    // The demo site has a history: the feed's posts are spread over weeks, with comments and likes.
    const feed = await fetch(`${first.url}/api/iam/posts/init-recent`, { headers: { 'client-platform': 'browser', cookie } });
    const posts = ((await feed.json()) as { data: { posts: { createdAt: string; commentCount: number; reactionCount: number }[] } }).data.posts;
    const ages = posts.map((p) => (Date.now() - Date.parse(p.createdAt)) / 86_400_000);
    expect(Math.max(...ages) - Math.min(...ages)).toBeGreaterThan(14);
    expect(posts.filter((p) => p.commentCount > 0).length).toBeGreaterThanOrEqual(4);
    expect(posts.filter((p) => p.reactionCount > 0).length).toBeGreaterThanOrEqual(6);
    // A post announcing an event names the seeded event's first date, in the event's zone.
    for (const e of DEMO_EVENTS) {
      const got = await fetch(`${first.url}/api/events/${demoId(`event:${e.key}`)}`, { headers: { 'client-platform': 'browser' } });
      const { event } = ((await got.json()) as { data: { event: { timeZone: string; specifics: { startsAt: string }[] } } }).data;
      const post = await fetch(`${first.url}/api/post/${demoId(`event-post:${e.key}`)}`, { headers: { 'client-platform': 'browser' } });
      const { text } = ((await post.json()) as { data: { post: { text: string } } }).data.post;
      expect(text, e.key).toBe(e.announce.text(eventWhen(event.specifics[0]!.startsAt, event.timeZone)));
    }
    expect(await stop(first.child)).toBe(0);
    for (const port of Object.values(ports)) expect(await portOpen(port)).toBe(false);

    // Second run: the data folder is reused and nothing is seeded twice or lost.
    const second = await startOnce(ports);
    const again = await fetch(`${second.url}/api/site-settings/get-site`, { headers: { 'client-platform': 'browser' } });
    expect(again.status).toBe(200);
    expect(await stop(second.child)).toBe(0);
    for (const port of Object.values(ports)) expect(await portOpen(port)).toBe(false);
  }, 300_000);

  it('fails with a clear message when a port is taken', async () => {
    const { createServer } = await import('node:net');
    const blocker = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    const taken = (blocker.address() as { port: number }).port;
    const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts', '--no-build'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(taken), DYNAMODB_PORT: String(await freePort()), S3_PORT: String(await freePort()) },
    });
    let err = '';
    child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    blocker.close();
    expect(code).toBe(1);
    expect(err).toContain(`Port ${taken} for the site is already in use`);
  }, 60_000);
});
