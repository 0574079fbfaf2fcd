/**
 * The WebSocket API's `$default` route: every frame a client sends. A `{"type":"ping"}` text
 * frame is answered `{"type":"pong"}` on the same connection (through the management API, as
 * the fan-out sends); anything else is ignored. No table access.
 */
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import type { ServerFrame } from '../../shared/realtime';
import { postFrame, type ManagementApi } from './cloud-sink';

/** Largest client frame looked at (a ping is 15 bytes), as the local host's limit. */
const MAX_CLIENT_FRAME = 4096;

const PONG = JSON.stringify({ type: 'pong' } satisfies ServerFrame);

/** Whether a client's frame is a ping. */
export function isPing(body: string | undefined, isBase64Encoded = false): boolean {
  if (!body || isBase64Encoded || body.length > MAX_CLIENT_FRAME) return false;
  try {
    return (JSON.parse(body) as { type?: unknown } | null)?.type === 'ping';
  } catch {
    return false;
  }
}

/** Answers one client frame, posting through `api` (default: the stage's management API). */
export async function answerFrame(event: APIGatewayProxyWebsocketEventV2, api?: ManagementApi): Promise<APIGatewayProxyResultV2> {
  if (isPing(event.body, event.isBase64Encoded)) await postFrame(event.requestContext.connectionId, PONG, api);
  return { statusCode: 200 };
}

export async function handler(event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> {
  return answerFrame(event);
}
