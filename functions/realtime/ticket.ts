/** POST /api/iam/realtime/ticket: { url } of the socket with a one-time ticket, valid 60 s. */
import type { ticket as route } from '../../shared/contract/messages';
import { hitRateLimit } from '../lib/rate-limit';
import type { Main } from '../lib/route-types';
import { issueTicket } from './tickets';

/** The socket's address: REALTIME_URL in the cloud (the WebSocket API's stage); locally the gateway's own host, path /ws. */
function socketUrl(host: string | undefined, forwardedProto: string | undefined): string {
  if (process.env.REALTIME_URL) return process.env.REALTIME_URL;
  const secure = forwardedProto === 'https';
  return `${secure ? 'wss' : 'ws'}://${host ?? 'localhost'}/ws`;
}

export const main: Main<typeof route> = async ({ session, event }) => {
  await hitRateLimit('REALTIME_TICKET_USER', session.userId);
  const ticket = await issueTicket(session.userId, { familyId: session.familyId });
  const url = new URL(socketUrl(event.headers.host, event.headers['x-forwarded-proto']));
  url.searchParams.set('ticket', ticket);
  return { url: url.toString() };
};
