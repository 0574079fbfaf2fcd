/**
 * The cloud's way a frame reaches a socket: API Gateway's management API (PostToConnection) on
 * the WebSocket stage's callback URL (`https://<api>.execute-api.<region>.amazonaws.com/<stage>`,
 * REALTIME_CALLBACK_URL). A connection API Gateway no longer knows answers 410 (GoneException):
 * that is 'gone', and the fan-out removes its item. Any other error is thrown.
 * The stream's dispatcher also closes connections whose item was deleted (DeleteConnection);
 * no request handler holds this client.
 */
import { ApiGatewayManagementApiClient, DeleteConnectionCommand, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { FrameSink } from './fanout';

/** Anything that sends the management API's commands (the SDK client, or a fake in tests). */
export interface ManagementApi {
  send(command: PostToConnectionCommand | DeleteConnectionCommand): Promise<unknown>;
}

/** The environment variable that names the stage's callback URL. */
export const CALLBACK_URL_ENV = 'REALTIME_CALLBACK_URL';

/** Whether an error of the management API says the connection no longer exists. */
export function isGone(err: unknown): boolean {
  const e = err as { name?: unknown; $metadata?: { httpStatusCode?: unknown } } | null;
  return e?.name === 'GoneException' || e?.$metadata?.httpStatusCode === 410;
}

/** The stage's callback URL, or an error naming the variable that is missing. */
export function callbackUrl(): string {
  const url = process.env[CALLBACK_URL_ENV];
  if (!url) throw new Error(`${CALLBACK_URL_ENV} is not set: the WebSocket stage's callback URL`);
  return url;
}

let client: ManagementApi | undefined;

/** One client per container, made on first use. */
function defaultClient(): ManagementApi {
  client ??= new ApiGatewayManagementApiClient({ endpoint: callbackUrl() });
  return client;
}

/** Sends one text frame to one connection; 'gone' for a connection that no longer exists. */
export async function postFrame(connectionId: string, frame: string, api: ManagementApi = defaultClient()): Promise<'sent' | 'gone'> {
  try {
    await api.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode(frame) }));
    return 'sent';
  } catch (err) {
    if (isGone(err)) return 'gone';
    throw err;
  }
}

/** Closes one connection; one API Gateway no longer knows is already closed. */
export async function closeConnection(connectionId: string, api: ManagementApi = defaultClient()): Promise<void> {
  try {
    await api.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
  } catch (err) {
    if (!isGone(err)) throw err;
  }
}

/** A sink that posts every frame, and closes connections, through `api` (default: the stage's management API). */
export function cloudSink(api?: ManagementApi): FrameSink {
  return {
    send: (connectionId, frame) => postFrame(connectionId, frame, api ?? defaultClient()),
    close: (connectionId) => closeConnection(connectionId, api ?? defaultClient()),
  };
}
