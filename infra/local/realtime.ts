/**
 * The local host's sockets: `/ws` on the gateway's own port, with the `ws` package. A handshake
 * passes the same checks as the cloud's `$connect` (functions/realtime/handshake.ts: the origin,
 * the one-time ticket, the ticket's session) and stores the same connection item; frames come from
 * the same fan-out (functions/realtime/fanout.ts), fed in-process after each write. Only the sink
 * differs: here a frame goes straight to the socket, and a deleted connection item (a revoked
 * session, a deleted account) closes its socket at once, as the stream's REMOVE record does in the
 * cloud. DynamoDB Local runs no TTL, so a timer removes each connection when its item expires.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';

/** Largest frame a client may send (a ping is 15 bytes). */
const MAX_CLIENT_FRAME = 4096;
/** The close code of a socket whose connection was removed (its session ended, or its time ran out). */
export const SESSION_ENDED = 4001;

export interface LocalRealtime {
  /** The open sockets, by connection id. */
  sockets: Map<string, WebSocket>;
  /**
   * Resolves once every fan-out and every socket close begun before the call has finished, so
   * every frame they send is on its socket's one connection, ahead of anything sent after. The
   * fan-out runs after the write has answered (as the stream does in the cloud); the tests wait
   * on this (through test/support/global-host.ts) rather than for a while.
   */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export interface LocalRealtimeOptions {
  /** Origins beyond the gateway's own (localhost and 127.0.0.1 on its port) that may open a socket: the dev server's. */
  extraOrigins?: readonly string[];
}

const REASONS: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 429: 'Too Many Requests' };

function refuse(socket: Duplex, status: number): void {
  socket.end(`HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
}

export function attachRealtime(server: Server, opts: LocalRealtimeOptions = {}): LocalRealtime {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_FRAME });
  const sockets = new Map<string, WebSocket>();
  /** Connections stored whose socket is not open yet, and those of them already removed. */
  const pending = new Set<string>();
  const doomed = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  /** Fan-outs and closes under way. */
  const inFlight = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  const allowedOrigins = (): string[] => {
    const { port } = server.address() as AddressInfo;
    return [`http://localhost:${port}`, `http://127.0.0.1:${port}`, ...(opts.extraOrigins ?? [])];
  };

  // Loaded on first use, like the handlers, so the environment the host sets applies.
  const realtime = Promise.all([
    import('../../functions/realtime/handshake'),
    import('../../functions/realtime/connections'),
    import('../../functions/realtime/local'),
  ]).then(([handshake, connections, local]) => {
    local.fanOutInProcess({
      send: async (id, frame) => {
        const ws = sockets.get(id);
        if (!ws || ws.readyState !== ws.OPEN) return 'gone';
        ws.send(frame);
        return 'sent';
      },
      close: async (id) => {
        const ws = sockets.get(id);
        if (ws) ws.close(SESSION_ENDED, 'session ended');
        else if (pending.has(id)) doomed.add(id);
      },
    }, track);
    return { handshake, connections, local };
  });

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname !== '/ws') return refuse(socket, 404);
    const { handshake, connections } = await realtime;
    const id = randomUUID();
    pending.add(id);
    const settle = () => {
      pending.delete(id);
      doomed.delete(id);
    };
    const result = await handshake.handshake(id, { ticket: url.searchParams.get('ticket'), origin: req.headers.origin }, allowedOrigins()).catch((err: unknown) => {
      settle();
      throw err;
    });
    if (result.status !== 200) {
      settle();
      return refuse(socket, result.status);
    }
    if (socket.destroyed) {
      // The client went away during the checks.
      settle();
      return connections.removeConnection(id);
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      pending.delete(id);
      sockets.set(id, ws);
      // Removed while the upgrade was under way: closed at once.
      if (doomed.delete(id)) ws.close(SESSION_ENDED, 'session ended');
      // The item's TTL: removing it closes the socket.
      const expiry = setTimeout(() => {
        timers.delete(expiry);
        connections.removeConnection(id).catch(() => ws.terminate());
      }, Math.max(0, result.expiresAt * 1000 - Date.now()));
      expiry.unref();
      timers.add(expiry);
      ws.on('message', (data, isBinary) => {
        if (isBinary) return ws.close(1003, 'text frames only');
        let frame: unknown;
        try {
          frame = JSON.parse(String(data));
        } catch {
          return;
        }
        if ((frame as { type?: unknown } | null)?.type === 'ping') ws.send(JSON.stringify({ type: 'pong' }));
      });
      ws.on('close', () => {
        clearTimeout(expiry);
        timers.delete(expiry);
        sockets.delete(id);
        void connections.removeConnection(id).catch(() => undefined);
      });
      ws.on('error', () => ws.terminate());
    });
  }

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgrade(req, socket, head).catch((err: unknown) => {
      console.error('socket handshake failed', err);
      refuse(socket, 500);
    });
  });

  return {
    sockets,
    settled: async () => {
      await Promise.allSettled([...inFlight]);
    },
    stop: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const ws of sockets.values()) ws.terminate();
      wss.close();
      (await realtime.catch(() => null))?.local.fanOutInProcess(null);
    },
  };
}
