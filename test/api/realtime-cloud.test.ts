/**
 * The cloud's socket handlers and the stream dispatcher, in-process against the test host's table
 * (there is no API Gateway here: a recording sink stands in for the management API). `$connect`
 * opens a socket only from the site's origin (or none) with a live one-time ticket of a live
 * session, and stores the connection under its member until its session ends at the latest;
 * `$disconnect` forgets it; a changed message tally on the stream reaches the member's sockets, a
 * socket the sink finds gone is forgotten, and removing a connection's item (revoking its
 * session) closes the connection.
 */
import { randomUUID } from 'node:crypto';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { APIGatewayProxyWebsocketEventV2, DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameSink } from '../../functions/realtime/fanout';
import type { TicketHolder } from '../../functions/realtime/tickets';
import { member } from '../support/accounts';
import { setAttributes } from '../support/db';
import { useHostTable } from '../support/host-env';

const SITE = 'https://leafline.example';
const siteBefore = process.env.SITE_ORIGIN;
beforeAll(() => {
  useHostTable();
  process.env.SITE_ORIGIN = SITE;
});
afterAll(() => {
  if (siteBefore === undefined) delete process.env.SITE_ORIGIN;
  else process.env.SITE_ORIGIN = siteBefore;
});

const socketEvent = (connectionId: string, ticket?: string, headers: Record<string, string> = {}) =>
  ({ requestContext: { connectionId, routeKey: '$connect', eventType: 'CONNECT' }, headers, queryStringParameters: ticket === undefined ? undefined : { ticket } }) as unknown as APIGatewayProxyWebsocketEventV2;

/** A signed-in member's session, as a ticket names it. */
async function liveSession(): Promise<TicketHolder> {
  const m = await member();
  const { db } = await import('../../functions/db/service');
  const { data } = await db().entities.session.query.byUser({ userId: m.profile.uuid }).go();
  expect(data).toHaveLength(1);
  return { userId: m.profile.uuid, familyId: data[0]!.familyId };
}

async function connected(holder: TicketHolder): Promise<string> {
  const { issueTicket } = await import('../../functions/realtime/tickets');
  const { handler } = await import('../../functions/realtime/connect');
  const connectionId = `c-${randomUUID()}`;
  expect(await handler(socketEvent(connectionId, await issueTicket(holder)))).toEqual({ statusCode: 200 });
  return connectionId;
}

function recordingSink(gone: string[] = []): FrameSink & { sent: { connectionId: string; frame: unknown }[]; closed: string[] } {
  const sent: { connectionId: string; frame: unknown }[] = [];
  const closed: string[] = [];
  return {
    sent,
    closed,
    send: async (connectionId, frame) => {
      if (gone.includes(connectionId)) return 'gone';
      sent.push({ connectionId, frame: JSON.parse(frame) });
      return 'sent';
    },
    close: async (connectionId) => void closed.push(connectionId),
  };
}

describe('$connect and $disconnect', () => {
  it('open a socket for the ticket\'s member once, refuse a used, missing or forged ticket, and forget the socket on disconnect', async () => {
    const { issueTicket } = await import('../../functions/realtime/tickets');
    const { connectionsOf } = await import('../../functions/realtime/connections');
    const connect = (await import('../../functions/realtime/connect')).handler;
    const disconnect = (await import('../../functions/realtime/disconnect')).handler;
    const holder = await liveSession();
    const ticket = await issueTicket(holder);
    expect(await connect(socketEvent('c-first', ticket))).toEqual({ statusCode: 200 });
    expect(await connectionsOf(holder.userId)).toEqual(['c-first']);

    expect(await connect(socketEvent('c-again', ticket))).toEqual({ statusCode: 401 });
    expect(await connect(socketEvent('c-none'))).toEqual({ statusCode: 401 });
    expect(await connect(socketEvent('c-forged', 'A'.repeat(43)))).toEqual({ statusCode: 401 });
    expect(await connectionsOf(holder.userId)).toEqual(['c-first']);

    expect(await disconnect(socketEvent('c-first'))).toEqual({ statusCode: 200 });
    expect(await connectionsOf(holder.userId)).toEqual([]);
  });

  it('checks the ticket\'s session and account again: a revoked session, a suspended or deleted account opens nothing', async () => {
    const { issueTicket } = await import('../../functions/realtime/tickets');
    const { connectionsOf } = await import('../../functions/realtime/connections');
    const { revokeFamily } = await import('../../functions/auth/sessions');
    const connect = (await import('../../functions/realtime/connect')).handler;
    const [revoked, suspended, deleted] = await Promise.all([liveSession(), liveSession(), liveSession()]);
    const tickets = await Promise.all([revoked, suspended, deleted].map((h) => issueTicket(h)));
    await revokeFamily(revoked.userId, revoked.familyId);
    await setAttributes(`user#${suspended.userId}`, 'profile', { suspended: true });
    await setAttributes(`user#${deleted.userId}`, 'profile', { deletedAt: new Date().toISOString() });
    for (const [i, holder] of [revoked, suspended, deleted].entries()) {
      expect(await connect(socketEvent(`c-${randomUUID()}`, tickets[i]))).toEqual({ statusCode: 401 });
      expect(await connectionsOf(holder.userId)).toEqual([]);
    }
  });

  it('refuses a browser on another site (403) without using the ticket up; accepts the site\'s origin and a handshake with none', async () => {
    const { issueTicket } = await import('../../functions/realtime/tickets');
    const { connectionsOf } = await import('../../functions/realtime/connections');
    const connect = (await import('../../functions/realtime/connect')).handler;
    const holder = await liveSession();
    const ticket = await issueTicket(holder);
    expect(await connect(socketEvent('c-evil', ticket, { Origin: 'https://evil.example' }))).toEqual({ statusCode: 403 });
    expect(await connect(socketEvent('c-null', ticket, { origin: 'null' }))).toEqual({ statusCode: 403 });
    expect(await connect(socketEvent('c-local', ticket, { Origin: 'http://localhost:8787' }))).toEqual({ statusCode: 403 });
    expect(await connectionsOf(holder.userId)).toEqual([]);
    expect(await connect(socketEvent('c-site', ticket, { Origin: SITE }))).toEqual({ statusCode: 200 });
    expect(await connect(socketEvent('c-bare', await issueTicket(holder)))).toEqual({ statusCode: 200 });
    expect((await connectionsOf(holder.userId)).sort()).toEqual(['c-bare', 'c-site']);
  });

  it('stores a connection until its session ends, when that comes before 2 hours', async () => {
    const { db } = await import('../../functions/db/service');
    const holder = await liveSession();
    const endsAt = Math.floor(Date.now() / 1000) + 600;
    await db().entities.session.patch(holder).set({ expiresAt: endsAt }).go();
    const id = await connected(holder);
    const { data } = await db().entities.realtimeConnection.get({ connectionId: id }).go();
    expect(data?.expiresAt).toBe(endsAt);
    const later = await connected(await liveSession());
    const { data: long } = await db().entities.realtimeConnection.get({ connectionId: later }).go();
    expect(long!.expiresAt - Date.now() / 1000).toBeGreaterThan(2 * 3600 - 60);
  });
});

describe('the stream dispatcher', () => {
  it('sends a changed message tally to the member\'s sockets through its sink, and forgets a socket the sink finds gone', async () => {
    const { dispatch } = await import('../../functions/system/stream-dispatch');
    const { connectionsOf } = await import('../../functions/realtime/connections');
    const holder = await liveSession();
    const { userId } = holder;
    const open = await connected(holder);
    const closed = await connected(holder);
    const sink = recordingSink([closed]);
    const tally = { __edb_e__: 'messageTally', __edb_v__: '1', pk: `user#${userId}`, sk: 'msg-tally', ownerPk: `user#${userId}`, unread: 0 };
    const record: DynamoDBRecord = {
      eventID: randomUUID(),
      eventName: 'MODIFY',
      dynamodb: { Keys: marshall({ pk: tally.pk, sk: tally.sk }) as never, NewImage: marshall(tally) as never, SequenceNumber: '000000000000000000001', StreamViewType: 'NEW_IMAGE' },
    };
    expect(await dispatch({ Records: [record] }, { shortOfTime: () => false, sink })).toEqual({ batchItemFailures: [] });
    expect(sink.sent).toEqual([{ connectionId: open, frame: { type: 'messages-tally', data: { unreadMsgsTally: 0 } } }]);
    expect(await connectionsOf(userId)).toEqual([open]);
  });

  it('closes the connections of a revoked session: revoking deletes their items, and each removal closes its connection', async () => {
    const { dispatch } = await import('../../functions/system/stream-dispatch');
    const { connectionsOf } = await import('../../functions/realtime/connections');
    const { revokeFamily } = await import('../../functions/auth/sessions');
    const holder = await liveSession();
    const [a, b] = [await connected(holder), await connected(holder)];
    await revokeFamily(holder.userId, holder.familyId);
    expect(await connectionsOf(holder.userId)).toEqual([]);
    // The stream's records of those deletions (keys only: the stream carries new images).
    const removal = (id: string, n: number): DynamoDBRecord => ({
      eventID: randomUUID(),
      eventName: 'REMOVE',
      dynamodb: { Keys: marshall({ pk: `wsconn#${id}`, sk: 'wsconn' }) as never, SequenceNumber: String(n).padStart(21, '0'), StreamViewType: 'NEW_IMAGE' },
    });
    const sink = recordingSink();
    expect(await dispatch({ Records: [removal(a, 1), removal(b, 2)] }, { shortOfTime: () => false, sink })).toEqual({ batchItemFailures: [] });
    expect(sink.closed.sort()).toEqual([a, b].sort());
    expect(sink.sent).toEqual([]);
  });
});
