/**
 * The tab's one socket to the server (the "Real time" frames of docs/api.md). It asks for a
 * one-time ticket, connects, pings every PING_MS, and when the socket drops it reconnects after a
 * backoff that doubles up to MAX_BACKOFF_MS, with jitter, so a server restart is not met by every
 * tab at once. Listeners get each frame; `onReconnect` listeners run when a socket opens after an
 * earlier one closed, so screens fetch over REST what arrived while it was down. `live()` says
 * whether frames are flowing: while not, the tallies fall back to polling.
 */
import type { ServerFrame } from '@shared/realtime';
import { api } from '@/lib/api';

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed';

/** Keeps idle proxies from closing the socket; API Gateway's own idle limit is 10 minutes. */
export const PING_MS = 4 * 60_000;
export const BASE_BACKOFF_MS = 1_000;
export const MAX_BACKOFF_MS = 30_000;

export interface RealtimeOptions {
  /** The socket URL with a fresh ticket (POST /api/iam/realtime/ticket). */
  getUrl: () => Promise<string>;
  createSocket?: (url: string) => WebSocket;
  random?: () => number;
  pingMs?: number;
  baseBackoffMs?: number;
  maxBackoffMs?: number;
}

export interface Realtime {
  start(): void;
  stop(): void;
  status(): RealtimeStatus;
  live(): boolean;
  subscribe(listener: (frame: ServerFrame) => void): () => void;
  onStatus(listener: () => void): () => void;
  onReconnect(listener: () => void): () => void;
}

/** The wait before reconnect attempt `attempt` (0-based): doubling, capped, with equal jitter. */
export function backoffMs(attempt: number, random: () => number, base = BASE_BACKOFF_MS, max = MAX_BACKOFF_MS): number {
  const ceiling = Math.min(max, base * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** The socket's URL, with a one-use ticket (POST /api/iam/realtime/ticket). */
export const realtimeUrl = async (): Promise<string> => (await api.call('POST /api/iam/realtime/ticket', {})).url;

export function createRealtime(opts: RealtimeOptions): Realtime {
  const random = opts.random ?? Math.random;
  const create = opts.createSocket ?? ((url: string) => new WebSocket(url));
  const frameListeners = new Set<(frame: ServerFrame) => void>();
  const statusListeners = new Set<() => void>();
  const reconnectListeners = new Set<() => void>();
  let state: RealtimeStatus = 'idle';
  let socket: WebSocket | null = null;
  let running = false;
  let attempt = 0;
  let openedBefore = false;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let ping: ReturnType<typeof setInterval> | null = null;
  /** Bumped by start and stop: a connect begun before either gives up when it resumes. */
  let generation = 0;

  const setStatus = (next: RealtimeStatus) => {
    if (next === state) return;
    state = next;
    for (const l of statusListeners) l();
  };

  const clearTimers = () => {
    if (retry) clearTimeout(retry);
    if (ping) clearInterval(ping);
    retry = null;
    ping = null;
  };

  const scheduleReconnect = () => {
    if (!running || retry) return;
    const wait = backoffMs(attempt++, random, opts.baseBackoffMs, opts.maxBackoffMs);
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, wait);
  };

  async function connect(): Promise<void> {
    if (!running) return;
    const mine = generation;
    setStatus('connecting');
    let ws: WebSocket;
    try {
      const url = await opts.getUrl();
      if (!running || mine !== generation) return;
      if (typeof url !== 'string' || !/^wss?:\/\//.test(url)) throw new Error('the ticket answered no socket address');
      ws = create(url);
    } catch {
      if (mine !== generation) return;
      setStatus('closed');
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      if (socket !== ws) return;
      attempt = 0;
      setStatus('open');
      if (openedBefore) for (const l of reconnectListeners) l();
      openedBefore = true;
      ping = setInterval(() => {
        if (ws.readyState === ws.OPEN) ws.send('{"type":"ping"}');
      }, opts.pingMs ?? PING_MS);
    };
    ws.onmessage = (event: MessageEvent) => {
      if (socket !== ws || typeof event.data !== 'string') return;
      let frame: ServerFrame;
      try {
        frame = JSON.parse(event.data) as ServerFrame;
      } catch {
        return;
      }
      if (!frame || typeof frame.type !== 'string') return;
      for (const l of frameListeners) l(frame);
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      if (ping) clearInterval(ping);
      ping = null;
      setStatus('closed');
      scheduleReconnect();
    };
    ws.onerror = () => ws.close();
  }

  const onOnline = () => {
    if (running && state !== 'open' && state !== 'connecting') {
      if (retry) clearTimeout(retry);
      retry = null;
      attempt = 0;
      void connect();
    }
  };

  return {
    start() {
      if (running) return;
      running = true;
      generation++;
      if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
      void connect();
    },
    stop() {
      running = false;
      generation++;
      clearTimers();
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      const ws = socket;
      socket = null;
      ws?.close();
      setStatus('idle');
    },
    status: () => state,
    live: () => state === 'open',
    subscribe(listener) {
      frameListeners.add(listener);
      return () => frameListeners.delete(listener);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
  };
}
