/**
 * Live delivery (M7 in docs/data-model.md): one-time tickets for opening a socket, and the open
 * sockets ("connections") of each member.
 * - `realtimeTicket` (`wsticket#<sha256 of the ticket>`): made by POST /api/iam/realtime/ticket,
 *   deleted by the handshake that uses it (a conditional delete: single use), dead after 60 s.
 * - `realtimeConnection` (`wsconn#<connection id>`): the member behind a socket, 2-hour TTL, and
 *   by member on `gsi3` (`wsconns#<userId>`), so a fan-out finds a member's sockets in one Query.
 *   Deleting the item closes its socket (both hosts, whatever deleted it: a revoked session, a
 *   deleted account, the TTL): see `connectionIdOfKey`.
 */
import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from '../service-name';

export const RealtimeTicket = () => new Entity({
  model: { entity: 'realtimeTicket', version: '1', service: SERVICE },
  attributes: {
    hash: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    /** The session (refresh-token family) it was made in: the socket ends with that session. */
    familyId: { type: 'string', readOnly: true },
    /** Milliseconds: the ticket is refused from then on (TTL removes it later). */
    validUntil: { type: 'number', required: true, readOnly: true },
    expiresAt: { type: 'number', required: true, readOnly: true },
  },
  indexes: {
    byHash: {
      pk: { field: 'pk', composite: ['hash'], template: 'wsticket#${hash}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'wsticket', casing: 'none' },
    },
  },
});

/** The start of every connection item's `pk`: the cloud's stream filter for removals names it. */
export const CONNECTION_KEY_PREFIX = 'wsconn#';

/** A connection item's primary key (as a stream's REMOVE record carries it). */
export const connectionKey = (connectionId: string) => ({ pk: `${CONNECTION_KEY_PREFIX}${connectionId}`, sk: 'wsconn' });

/** The connection id a connection item's `pk` names; null for any other key. */
export function connectionIdOfKey(pk: unknown): string | null {
  return typeof pk === 'string' && pk.startsWith(CONNECTION_KEY_PREFIX) && pk.length > CONNECTION_KEY_PREFIX.length ? pk.slice(CONNECTION_KEY_PREFIX.length) : null;
}

export const RealtimeConnection = () => new Entity({
  model: { entity: 'realtimeConnection', version: '1', service: SERVICE },
  attributes: {
    connectionId: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    /** The session the socket was opened in: revoking it (logout, a password reset, suspension) removes the connection, which closes the socket. */
    familyId: { type: 'string', readOnly: true },
    connectedAt: { type: 'string', required: true, readOnly: true },
    /** Seconds: 2 hours after the handshake, or the session's own end if sooner (TTL, and the local host's timer). */
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['connectionId'], template: 'wsconn#${connectionId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'wsconn', casing: 'none' },
    },
    byUser: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['userId'], template: 'wsconns#${userId}', casing: 'none' },
      sk: { field: 'gsi3sk', composite: ['connectionId'], template: '${connectionId}', casing: 'none' },
    },
  },
});

export type RealtimeConnectionItem = EntityItem<ReturnType<typeof RealtimeConnection>>;
