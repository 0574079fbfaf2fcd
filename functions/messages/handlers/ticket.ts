/**
 * POST /api/iam/realtime/ticket: { url } of the socket with a one-time ticket, valid 60 s, for a
 * live session of a usable account only (a socket outlives the request: a kept access cookie of an
 * ended session, a deleted or a suspended account gets none).
 */
import type { ticket as route } from '../../../shared/contract/messages';
import { hitRateLimit } from '../../lib/rate-limit';
import { assertLiveAccount } from '../../lib/session/live';
import type { Main } from '../../lib/route-types';
import { issueTicket } from '../../realtime/tickets';

/** The socket's address: REALTIME_URL in the cloud (the WebSocket API's stage); locally the gateway's own host, path /ws. */
function socketUrl(host: string | undefined, forwardedProto: string | undefined): string {
  if (process.env.REALTIME_URL) return process.env.REALTIME_URL;
  const secure = forwardedProto === 'https';
  return `${secure ? 'wss' : 'ws'}://${host ?? 'localhost'}/ws`;
}

export const main: Main<typeof route> = async ({ session, event }) => {
  await assertLiveAccount(session);
  await hitRateLimit('REALTIME_TICKET_USER', session.userId);
  const ticket = await issueTicket({ userId: session.userId, familyId: session.familyId });
  const url = new URL(socketUrl(event.headers.host, event.headers['x-forwarded-proto']));
  url.searchParams.set('ticket', ticket);
  return { url: url.toString() };
};
