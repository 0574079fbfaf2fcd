/**
 * The cloud's socket handlers and the stream dispatcher's fan-out, in-process against the test
 * host's table (there is no API Gateway here: a recording sink stands in for the management API).
 * `$connect` opens a socket only with a live one-time ticket and stores the connection under its
 * member; `$disconnect` forgets it; a changed message tally on the stream reaches the member's
 * sockets, and a socket the sink finds gone is forgotten.
 */
import { randomUUID } from 'node:crypto';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { APIGatewayProxyWebsocketEventV2, DynamoDBRecord } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FrameSink } from '../../functions/realtime/fanout';
import { useHostTable } from '../support/host-env';

beforeAll(() => useHostTable());

const socketEvent = (connectionId: string, ticket?: string) =>
  ({ requestContext: { connectionId, routeKey: '$connect', eventType: 'CONNECT' }, queryStringParameters: ticket === undefined ? undefined : { ticket } }) as unknown as APIGatewayProxyWebsocketEventV2;

async function connected(userId: string): Promise<string> {
  const { issueTicket } = await import('../../functions/realtime/tickets');
  const { handler } = await import('../../functions/realtime/connect');
  const connectionId = `c-${randomUUID()}`;
  expect(await handler(socketEvent(connectionId, await issueTicket(userId)))).toEqual({ statusCode: 200 });
  return connectionId;
}

describe('$connect and $disconnect', () => {
  it('open a socket for the ticket\'s member once, refuse a used, missing or forged ticket, and forget the socket on disconnect', async () => {
    const { issueTicket } = await import('../../functions/realtime/tickets');
    const { connectionsOf } = await import('../../functions/realtime/connections');
    const connect = (await import('../../functions/realtime/connect')).handler;
    const disconnect = (await import('../../functions/realtime/disconnect')).handler;
    const userId = randomUUID();
    const ticket = await issueTicket(userId);
    expect(await connect(socketEvent('c-first', ticket))).toEqual({ statusCode: 200 });
    expect(await connectionsOf(userId)).toEqual(['c-first']);

    expect(await connect(socketEvent('c-again', ticket))).toEqual({ statusCode: 401 });
    expect(await connect(socketEvent('c-none'))).toEqual({ statusCode: 401 });
    expect(await connect(socketEvent('c-forged', 'A'.repeat(43)))).toEqual({ statusCode: 401 });
    expect(await connectionsOf(userId)).toEqual(['c-first']);

    expect(await disconnect(socketEvent('c-first'))).toEqual({ statusCode: 200 });
    expect(await connectionsOf(userId)).toEqual([]);
  });
});

describe('the stream dispatcher\'s fan-out', () => {
  it('sends a changed message tally to the member\'s sockets through its sink, and forgets a socket the sink finds gone', async () => {
    const { dispatch } = await import('../../functions/system/stream-dispatch');
    const { connectionsOf } = await import('../../functions/realtime/connections');
    const userId = randomUUID();
    const open = await connected(userId);
    const closed = await connected(userId);
    const sent: { connectionId: string; frame: unknown }[] = [];
    const sink: FrameSink = {
      send: async (connectionId, frame) => {
        if (connectionId === closed) return 'gone';
        sent.push({ connectionId, frame: JSON.parse(frame) });
        return 'sent';
      },
    };
    const tally = { __edb_e__: 'messageTally', __edb_v__: '1', pk: `user#${userId}`, sk: 'msg-tally', ownerPk: `user#${userId}`, unread: 0 };
    const record: DynamoDBRecord = {
      eventID: randomUUID(),
      eventName: 'MODIFY',
      dynamodb: { Keys: marshall({ pk: tally.pk, sk: tally.sk }) as never, NewImage: marshall(tally) as never, SequenceNumber: '000000000000000000001', StreamViewType: 'NEW_IMAGE' },
    };
    expect(await dispatch({ Records: [record] }, { shortOfTime: () => false, sink })).toEqual({ batchItemFailures: [] });
    expect(sent).toEqual([{ connectionId: open, frame: { type: 'messages-tally', data: { unreadMsgsTally: 0 } } }]);
    expect(await connectionsOf(userId)).toEqual([open]);
  });
});
