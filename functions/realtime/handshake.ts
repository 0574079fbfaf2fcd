/**
 * A socket's handshake, the same on both hosts (the cloud's `$connect`, functions/realtime/connect.ts,
 * and the local host's `/ws`, infra/local/realtime.ts), in this order:
 *   1. an `Origin` that is present must be one of the site's (403 otherwise): a page of another site
 *      cannot open a member's socket; a handshake without one (a client that is not a browser) is
 *      authenticated by its ticket alone;
 *   2. the one-time ticket is used up; a ticket that is not live is refused (401);
 *   3. the ticket's session must still be live and its account neither deleted nor suspended (401):
 *      a ticket made before a logout opens nothing;
 *   4. a member may hold at most MAX_SOCKETS_PER_MEMBER open sockets (429 past it): checked before
 *      the connection is stored, and counted again after, so two handshakes at once rarely both
 *      take the last place (the member index is eventually consistent: a burst within its lag can
 *      pass the cap briefly, and the stage's throttle of `$connect` bounds such bursts);
 *      the connection is stored, ending with its session if that comes before 2 hours;
 *   5. the session and the account are read again: a revocation, suspension or deletion that
 *      landed between 3 and 4 did not see the new connection, so the handshake removes it and
 *      refuses (401).
 * From then on, revoking the session or deleting the account deletes the connection's item, and
 * that closes the socket (functions/realtime/connections.ts).
 */
import { sessionNow, usableAccount, usableFamily } from '../lib/session/live';
import { addConnection, connectionEnd, connectionsOf, removeConnection } from './connections';

/** Open sockets one member may hold (tabs and devices): past it the handshake answers 429. */
export const MAX_SOCKETS_PER_MEMBER = 10;
import { consumeTicket, type TicketHolder } from './tickets';

/** Whether a handshake's `Origin` may open a socket: absent, or one of `allowed`. */
export function originAllowed(origin: string | undefined, allowed: readonly string[]): boolean {
  return origin === undefined || allowed.includes(origin);
}

export type Handshake = { status: 200; holder: TicketHolder; expiresAt: number } | { status: 401 | 403 | 429 };

/** Checks a handshake and, when it passes, stores connection `connectionId` (see above). */
export async function handshake(
  connectionId: string,
  request: { ticket: string | null | undefined; origin: string | undefined },
  allowedOrigins: readonly string[],
  nowMs = Date.now(),
): Promise<Handshake> {
  if (!originAllowed(request.origin, allowedOrigins)) return { status: 403 };
  const holder = await consumeTicket(request.ticket, nowMs);
  if (!holder) return { status: 401 };
  const { family, user } = await sessionNow(holder);
  if (!usableFamily(family) || !usableAccount(user)) return { status: 401 };
  if ((await connectionsOf(holder.userId, nowMs)).length >= MAX_SOCKETS_PER_MEMBER) return { status: 429 };
  const expiresAt = connectionEnd(nowMs, family.expiresAt);
  await addConnection(connectionId, holder, expiresAt, nowMs);
  if ((await connectionsOf(holder.userId, nowMs)).length > MAX_SOCKETS_PER_MEMBER) {
    await removeConnection(connectionId);
    return { status: 429 };
  }
  const again = await sessionNow(holder);
  if (!usableFamily(again.family) || !usableAccount(again.user)) {
    await removeConnection(connectionId);
    return { status: 401 };
  }
  return { status: 200, holder, expiresAt };
}
