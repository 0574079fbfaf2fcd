/** The tab's socket against a real `ws` server: tickets, frames, pings, reconnecting with backoff, and stopping. */
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { backoffMs, createRealtime, type Realtime } from './realtime';

interface Server {
  url: string;
  wss: WebSocketServer;
  tickets: string[];
  received: string[];
  close(): Promise<void>;
}

async function server(): Promise<Server> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const port = (wss.address() as { port: number }).port;
  const tickets: string[] = [];
  const received: string[] = [];
  wss.on('connection', (ws, req) => {
    tickets.push(new URL(req.url ?? '/', 'http://x').searchParams.get('ticket') ?? '');
    ws.on('message', (data) => {
      received.push(String(data));
      if (String(data) === '{"type":"ping"}') ws.send('{"type":"pong"}');
    });
  });
  return {
    url: `ws://127.0.0.1:${port}/ws`,
    wss,
    tickets,
    received,
    close: () => new Promise((r) => {
      for (const c of wss.clients) c.terminate();
      wss.close(() => r());
    }),
  };
}

const until = async (test: () => boolean, ms = 3000) => {
  const started = Date.now();
  while (!test()) {
    if (Date.now() - started > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

let running: Realtime[] = [];
let servers: Server[] = [];
afterEach(async () => {
  for (const r of running) r.stop();
  for (const s of servers) await s.close();
  running = [];
  servers = [];
});

function client(s: Server, extra: Partial<Parameters<typeof createRealtime>[0]> = {}): Realtime {
  let n = 0;
  const r = createRealtime({
    getUrl: async () => `${s.url}?ticket=t${++n}`,
    createSocket: (url) => new WebSocket(url) as unknown as globalThis.WebSocket,
    baseBackoffMs: 20,
    maxBackoffMs: 100,
    ...extra,
  });
  running.push(r);
  return r;
}

describe('backoff', () => {
  it('doubles from the base up to the cap, with jitter between half and all of it', () => {
    expect(backoffMs(0, () => 0, 1000, 30_000)).toBe(500);
    expect(backoffMs(0, () => 1, 1000, 30_000)).toBe(1000);
    expect(backoffMs(3, () => 1, 1000, 30_000)).toBe(8000);
    expect(backoffMs(10, () => 1, 1000, 30_000)).toBe(30_000);
    expect(backoffMs(10, () => 0, 1000, 30_000)).toBe(15_000);
    expect(backoffMs(1000, () => 0.5, 1000, 30_000)).toBe(22_500);
  });
});

describe('the socket', () => {
  it('connects with a fresh ticket, hands frames to listeners, pings and reports itself live', async () => {
    const s = await server();
    servers.push(s);
    const r = client(s, { pingMs: 30 });
    const frames: unknown[] = [];
    r.subscribe((f) => frames.push(f));
    r.start();
    await until(() => r.live());
    expect(s.tickets).toEqual(['t1']);
    await until(() => s.received.includes('{"type":"ping"}'));
    await until(() => frames.some((f) => (f as { type: string }).type === 'pong'));
    for (const c of s.wss.clients) c.send(JSON.stringify({ type: 'messages-tally', data: { unreadMsgsTally: 4 } }));
    await until(() => frames.some((f) => (f as { type: string }).type === 'messages-tally'));
    // Garbage is ignored, not thrown.
    for (const c of s.wss.clients) c.send('not json');
    await new Promise((r2) => setTimeout(r2, 30));
    expect(r.live()).toBe(true);
  });

  it('reconnects with a new ticket after the server drops it, and tells reconnect listeners', async () => {
    const s = await server();
    servers.push(s);
    const r = client(s);
    let reconnects = 0;
    const statuses: string[] = [];
    r.onReconnect(() => reconnects++);
    r.onStatus(() => statuses.push(r.status()));
    r.start();
    await until(() => r.live());
    expect(reconnects).toBe(0);
    for (const c of s.wss.clients) c.terminate();
    await until(() => !r.live());
    await until(() => r.live());
    expect(s.tickets).toEqual(['t1', 't2']);
    expect(reconnects).toBe(1);
    expect(statuses).toEqual(['connecting', 'open', 'closed', 'connecting', 'open']);
  });

  it('a stop and a start while a ticket is on its way leave exactly one socket', async () => {
    const s = await server();
    servers.push(s);
    let release = () => undefined as void;
    const gate = new Promise<void>((r) => (release = r));
    let n = 0;
    const r = client(s, {
      getUrl: async () => {
        const k = ++n;
        if (k === 1) await gate;
        return `${s.url}?ticket=t${k}`;
      },
    });
    r.start();
    r.stop();
    r.start();
    await until(() => r.live());
    release();
    await new Promise((r2) => setTimeout(r2, 150));
    expect(s.tickets).toEqual(['t2']);
    expect(s.wss.clients.size).toBe(1);
  });

  it('keeps trying while the ticket cannot be had, and stops for good when stopped', async () => {
    const s = await server();
    servers.push(s);
    let failures = 3;
    const r = client(s, {
      getUrl: async () => {
        failures--;
        if (failures === 2) throw new Error('offline');
        // An answer without an address is a failure too, not a crash.
        if (failures === 1) return undefined as unknown as string;
        if (failures === 0) return 'http://not-a-socket.test/';
        return `${s.url}?ticket=ok`;
      },
    });
    r.start();
    await until(() => r.live());
    expect(s.tickets).toEqual(['ok']);
    r.stop();
    expect(r.status()).toBe('idle');
    await new Promise((r2) => setTimeout(r2, 200));
    expect(s.tickets).toEqual(['ok']);
    expect(r.live()).toBe(false);
  });
});
