/**
 * One-time tickets for opening a socket: 32 random bytes, handed to the member once; the table
 * keeps only their SHA-256. The handshake consumes a ticket with a conditional delete, so a ticket
 * opens one socket at most, and only within TICKET_SECONDS of being made.
 */
import { createHash, randomBytes } from 'node:crypto';
import { db } from '../db/service';
import { isConditionFailure } from '../db/transact';

export const TICKET_SECONDS = 60;
const TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (ticket: string): string => createHash('sha256').update(ticket).digest('hex');

/** Who a ticket was made for: the member, and the session it was made in (the socket ends with it). */
export interface TicketHolder {
  userId: string;
  familyId: string;
}

export async function issueTicket(holder: TicketHolder, opts: { nowMs?: number } = {}): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  const validUntil = (opts.nowMs ?? Date.now()) + TICKET_SECONDS * 1000;
  await db().entities.realtimeTicket.create({ hash: hashOf(ticket), userId: holder.userId, familyId: holder.familyId, validUntil, expiresAt: Math.ceil(validUntil / 1000) + 60 }).go();
  return ticket;
}

/**
 * Who a live ticket was made for, using it up; null for any ticket that is not live (malformed,
 * used, expired, forged, or made before tickets named their session).
 */
export async function consumeTicket(ticket: string | null | undefined, nowMs = Date.now()): Promise<TicketHolder | null> {
  if (!ticket || !TICKET_PATTERN.test(ticket)) return null;
  try {
    const { data } = await db().entities.realtimeTicket.delete({ hash: hashOf(ticket) }).where((a, op) => op.exists(a.hash)).go({ response: 'all_old' });
    if (!data || data.validUntil < nowMs || !data.familyId) return null;
    return { userId: data.userId, familyId: data.familyId };
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}
