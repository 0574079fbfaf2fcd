/**
 * The WebSocket API's `$connect` route: the handshake carries a one-time ticket
 * (`?ticket=…`, from POST /api/iam/realtime/ticket). A live ticket is used up and the connection
 * stored under its member; anything else is refused with 401 before the socket opens. The local
 * host's `/ws` (infra/local/realtime.ts) makes the same check.
 */
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { logger } from '../lib/logger';
import { addConnection } from './connections';
import { consumeTicket } from './tickets';

/** `$connect` events also carry the handshake's query string (the v2 WebSocket type leaves it out). */
export type ConnectEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> | null };

export async function handler(event: ConnectEvent): Promise<APIGatewayProxyResultV2> {
  const holder = await consumeTicket(event.queryStringParameters?.ticket);
  if (!holder) return { statusCode: 401 };
  await addConnection(event.requestContext.connectionId, holder);
  logger.info('socket connected', { userId: holder.userId, connectionId: event.requestContext.connectionId });
  return { statusCode: 200 };
}
