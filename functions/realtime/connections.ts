/** The open sockets of each member: one item per connection, 2-hour TTL, found by member in one Query. */
import { db } from '../db/service';

export const CONNECTION_SECONDS = 2 * 60 * 60;

export async function addConnection(connectionId: string, userId: string, nowMs = Date.now()): Promise<void> {
  await db().entities.realtimeConnection.put({ connectionId, userId, connectedAt: new Date(nowMs).toISOString(), expiresAt: Math.floor(nowMs / 1000) + CONNECTION_SECONDS }).go();
}

export async function removeConnection(connectionId: string): Promise<void> {
  await db().entities.realtimeConnection.delete({ connectionId }).go();
}

/** A member's live connections (expired ones are left out: the emulator never runs the TTL). */
export async function connectionsOf(userId: string, nowMs = Date.now()): Promise<string[]> {
  const { data } = await db().entities.realtimeConnection.query.byUser({ userId }).go({ pages: 'all' });
  return data.filter((c) => c.expiresAt * 1000 > nowMs).map((c) => c.connectionId);
}
