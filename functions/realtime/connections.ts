/**
 * The open sockets of each member: one item per connection, found by member in one Query. An item
 * lives 2 hours at most, and never past the end of the session the socket was opened in.
 *
 * Deleting an item closes its socket: in the cloud the table's stream carries the removal to the
 * dispatcher, which closes the connection (functions/system/stream-dispatch.ts); locally every
 * delete here tells the host in-process (functions/db/committed.ts `removed`), which closes it.
 */
import { batchDelete } from '../db/batch';
import { removed } from '../db/committed';
import { connectionKey } from '../db/entities/realtime';
import { db } from '../db/service';
import type { TicketHolder } from './tickets';

export const CONNECTION_SECONDS = 2 * 60 * 60;

/** When a connection opened at `nowMs` ends (seconds): 2 hours on, or the session's end if sooner. */
export function connectionEnd(nowMs: number, sessionEndsAt: number): number {
  return Math.min(Math.floor(nowMs / 1000) + CONNECTION_SECONDS, sessionEndsAt);
}

export async function addConnection(connectionId: string, holder: TicketHolder, expiresAt: number, nowMs = Date.now()): Promise<void> {
  await db().entities.realtimeConnection.put({
    connectionId, userId: holder.userId, familyId: holder.familyId, connectedAt: new Date(nowMs).toISOString(), expiresAt,
  }).go();
}

/**
 * Removes the member's connections (those opened in session `familyId`, or all of them), which
 * closes their sockets. Called when a session is revoked (logout, a password reset, suspension)
 * and when the account is deleted.
 */
export async function dropConnections(userId: string, familyId?: string): Promise<number> {
  const { data } = await db().entities.realtimeConnection.query.byUser({ userId }).go({ pages: 'all' });
  const gone = data.filter((c) => familyId === undefined || c.familyId === familyId);
  if (gone.length) {
    // Unprocessed deletes are retried: a connection left behind would keep its socket open.
    const keys = gone.map((c) => connectionKey(c.connectionId));
    await batchDelete(keys);
    removed(keys);
  }
  return gone.length;
}

export async function removeConnection(connectionId: string): Promise<void> {
  await db().entities.realtimeConnection.delete({ connectionId }).go();
  removed([connectionKey(connectionId)]);
}

/** A member's unexpired connections with the session each was opened in (every handshake records it). */
export async function connectionsWithSessions(userId: string, nowMs = Date.now()): Promise<{ connectionId: string; familyId?: string }[]> {
  const { data } = await db().entities.realtimeConnection.query.byUser({ userId }).go({ pages: 'all' });
  return data.filter((c) => c.expiresAt * 1000 > nowMs).map(({ connectionId, familyId }) => ({ connectionId, familyId }));
}

/** A member's live connections (expired ones are left out: the emulator never runs the TTL). */
export async function connectionsOf(userId: string, nowMs = Date.now()): Promise<string[]> {
  const { data } = await db().entities.realtimeConnection.query.byUser({ userId }).go({ pages: 'all' });
  return data.filter((c) => c.expiresAt * 1000 > nowMs).map((c) => c.connectionId);
}
