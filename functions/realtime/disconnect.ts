/** The WebSocket API's `$disconnect` route: the connection's item goes (API Gateway sends this at most once, best effort; the item's TTL is the backstop). */
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { removeConnection } from './connections';

export async function handler(event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> {
  await removeConnection(event.requestContext.connectionId);
  return { statusCode: 200 };
}
