/** The open sockets of each member: one item per connection, 2-hour TTL, found by member in one Query. */
import { db } from '../db/service';
import type { TicketHolder } from './tickets';

export const CONNECTION_SECONDS = 2 * 60 * 60;

export async function addConnection(connectionId: string, holder: TicketHolder, nowMs = Date.now()): Promise<void> {
  await db().entities.realtimeConnection.put({
    connectionId, userId: holder.userId, ...(holder.familyId ? { familyId: holder.familyId } : {}), connectedAt: new Date(nowMs).toISOString(), expiresAt: Math.floor(nowMs / 1000) + CONNECTION_SECONDS,
  }).go();
}

/**
 * Removes the member's connections (those opened in session `familyId`, or all of them): no frame
 * reaches them from then on. Called when a session is revoked (logout, a password reset,
 * suspension) and when the account is deleted.
 */
export async function dropConnections(userId: string, familyId?: string): Promise<number> {
  const { data } = await db().entities.realtimeConnection.query.byUser({ userId }).go({ pages: 'all' });
  const gone = data.filter((c) => familyId === undefined || c.familyId === familyId);
  if (gone.length) await db().entities.realtimeConnection.delete(gone.map((c) => ({ connectionId: c.connectionId }))).go();
  return gone.length;
}

export async function removeConnection(connectionId: string): Promise<void> {
  await db().entities.realtimeConnection.delete({ connectionId }).go();
}

/** A member's live connections (expired ones are left out: the emulator never runs the TTL). */
export async function connectionsOf(userId: string, nowMs = Date.now()): Promise<string[]> {
  const { data } = await db().entities.realtimeConnection.query.byUser({ userId }).go({ pages: 'all' });
  return data.filter((c) => c.expiresAt * 1000 > nowMs).map((c) => c.connectionId);
}
