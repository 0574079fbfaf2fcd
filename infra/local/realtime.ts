/**
 * The local host's sockets: `/ws` on the gateway's own port, with the `ws` package. A handshake
 * passes the same ticket check as the cloud's `$connect` (functions/realtime/tickets.ts) and stores
 * the same connection item; frames come from the same fan-out (functions/realtime/fanout.ts), fed
 * in-process after each write. Only the sink differs: here a frame goes straight to the socket.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';

/** Largest frame a client may send (a ping is 15 bytes). */
const MAX_CLIENT_FRAME = 4096;

export interface LocalRealtime {
  /** The open sockets, by connection id. */
  sockets: Map<string, WebSocket>;
  stop(): Promise<void>;
}

function refuse(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
}

export function attachRealtime(server: Server): LocalRealtime {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_FRAME });
  const sockets = new Map<string, WebSocket>();
  // Loaded on first use, like the handlers, so the environment the host sets applies.
  const realtime = Promise.all([
    import('../../functions/realtime/tickets'),
    import('../../functions/realtime/connections'),
    import('../../functions/realtime/local'),
  ]).then(([tickets, connections, local]) => {
    local.fanOutInProcess({
      send: async (id, frame) => {
        const ws = sockets.get(id);
        if (!ws || ws.readyState !== ws.OPEN) return 'gone';
        ws.send(frame);
        return 'sent';
      },
    });
    return { tickets, connections, local };
  });

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname !== '/ws') return refuse(socket, 404, 'Not Found');
    const { tickets, connections } = await realtime;
    const holder = await tickets.consumeTicket(url.searchParams.get('ticket'));
    if (!holder) return refuse(socket, 401, 'Unauthorized');
    wss.handleUpgrade(req, socket, head, (ws) => {
      const id = randomUUID();
      sockets.set(id, ws);
      const stored = connections.addConnection(id, holder);
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
        sockets.delete(id);
        void stored.then(() => connections.removeConnection(id)).catch(() => undefined);
      });
      ws.on('error', () => ws.terminate());
    });
  }

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgrade(req, socket, head).catch((err: unknown) => {
      console.error('socket handshake failed', err);
      refuse(socket, 500, 'Internal Server Error');
    });
  });

  return {
    sockets,
    stop: async () => {
      for (const ws of sockets.values()) ws.terminate();
      wss.close();
      (await realtime.catch(() => null))?.local.fanOutInProcess(null);
    },
  };
}
