/**
 * The WebSocket API's `$connect` route: the handshake carries a one-time ticket
 * (`?ticket=…`, from POST /api/iam/realtime/ticket) and, from a browser, its page's `Origin`,
 * which must be the site's (SITE_ORIGIN). The checks (functions/realtime/handshake.ts) are the
 * local host's `/ws` ones: a refused handshake answers 403 or 401 before the socket opens.
 */
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { logger } from '../lib/logger';
import { siteOrigin } from '../lib/site-origin';
import { handshake } from './handshake';

/** `$connect` events also carry the handshake's query string and headers (the v2 WebSocket type leaves them out). */
export type ConnectEvent = APIGatewayProxyWebsocketEventV2 & {
  queryStringParameters?: Record<string, string | undefined> | null;
  headers?: Record<string, string | undefined> | null;
};

/** A header's value, whatever the case of its name. */
function headerOf(event: ConnectEvent, name: string): string | undefined {
  const found = Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === name);
  return found?.[1];
}

export async function handler(event: ConnectEvent): Promise<APIGatewayProxyResultV2> {
  const { connectionId } = event.requestContext;
  const result = await handshake(connectionId, { ticket: event.queryStringParameters?.ticket, origin: headerOf(event, 'origin') }, [siteOrigin()]);
  if (result.status !== 200) return { statusCode: result.status };
  logger.info('socket connected', { userId: result.holder.userId, connectionId });
  return { statusCode: 200 };
}
