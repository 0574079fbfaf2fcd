/**
 * The unread index (M5b) and its backfill (functions/db/migrations/unread-index.ts), run
 * in-process against the test host's table: conversations are made and read over HTTP; one is
 * then stripped back to how an older version stored it (no unread keys on the participant, the
 * unread sets on the tally); the backfill runs cut short, then to the end, then again (writing
 * nothing), and the inbox's unread collections hold the conversation again.
 */
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InboxAnswer } from '../../shared/answers/messages';
import { as, member, type Member } from '../support/accounts';
import { getItem } from '../support/db';
import { useHostTable } from '../support/host-env';

beforeAll(() => useHostTable());

const doc = async () => (await import('../../functions/db/client')).documentClient();
const table = async () => (await import('../../functions/db/client')).tableName();

async function conversationOf(a: Member, b: Member): Promise<string> {
  const res = await as<{ convnId: string }>(a.browser, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [a.profile.uuid, b.profile.uuid] });
  return res.data.convnId;
}
const send = async (from: Member, conv: string) =>
  expect((await as(from.browser, 'POST', '/api/iam/messages/new', { id: randomUUID(), conversation_id: conv, content: 'hello' })).status).toBe(201);
const inbox = async (m: Member) => (await as<InboxAnswer>(m.browser, 'GET', '/api/iam/messages/all')).data;

describe('the unread index', () => {
  it('files exactly the unread, unmuted conversations; the backfill files older ones once and takes the old sets off the tally', async () => {
    const { backfillUnreadIndex, runUnreadIndexBackfill } = await import('../../functions/db/migrations/unread-index');
    const { isMigrationWrite } = await import('../../functions/db/migrations/marker');
    // The test host's table was new: marked done at start, never run.
    expect(await getItem('migration#unread-index', 'progress')).toMatchObject({ done: true });
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    const [ab, cb] = [await conversationOf(a, b), await conversationOf(c, b)];
    await send(a, ab);
    await send(a, ab);
    await send(c, cb);
    const part = (conv: string) => getItem(`conv#${conv}`, `part#user#${b.profile.uuid}`);
    expect(await part(ab)).toMatchObject({ unread: 2, gsi3pk: `unread#user#${b.profile.uuid}`, gsi3sk: ab });
    expect((await inbox(b)).unread).toEqual({ conversationsNotOnMyPages: [ab, cb].sort(), conversationsOnMyPages: [], users: [a.profile.uuid, c.profile.uuid].sort(), pages: [] });
    // Muted: out of the index (and the collections); unmuted: back.
    expect((await as(b.browser, 'PUT', '/api/iam/messages/conversation/mute', { convnId: cb, muted: true })).status).toBe(200);
    expect((await part(cb))?.gsi3pk).toBeUndefined();
    expect((await inbox(b)).unread.conversationsNotOnMyPages).toEqual([ab]);
    // The tally holds the count alone.
    const tally = await getItem(`user#${b.profile.uuid}`, 'msg-tally');
    expect(tally).toMatchObject({ unread: 2 });
    expect(tally?.convs).toBeUndefined();

    // As an older version stored it: no unread keys, the sets on the tally.
    await (await doc()).send(new UpdateCommand({ TableName: await table(), Key: { pk: `conv#${ab}`, sk: `part#user#${b.profile.uuid}` }, UpdateExpression: 'REMOVE gsi3pk, gsi3sk' }));
    await (await doc()).send(new UpdateCommand({
      TableName: await table(), Key: { pk: `user#${b.profile.uuid}`, sk: 'msg-tally' },
      UpdateExpression: 'ADD convs :c, #u :u', ExpressionAttributeNames: { '#u': 'users' }, ExpressionAttributeValues: { ':c': new Set([ab]), ':u': new Set([a.profile.uuid]) },
    }));
    expect((await inbox(b)).unread.conversationsNotOnMyPages).toEqual([]);

    // Cut short: one page, then its cursor, to the end.
    const first = await backfillUnreadIndex({ cursor: null, deadline: 0, pageSize: 5 });
    expect(first.done).toBe(false);
    let cursor = first.cursor;
    let written = first.written;
    while (cursor) {
      const next = await backfillUnreadIndex({ cursor, deadline: Date.now() + 60_000 });
      written += next.written;
      cursor = next.cursor;
    }
    expect(written).toBeGreaterThanOrEqual(2);
    const filed = await part(ab);
    expect(filed).toMatchObject({ gsi3pk: `unread#user#${b.profile.uuid}`, gsi3sk: ab });
    expect(isMigrationWrite(filed!)).toBe(true);
    const cleared = await getItem(`user#${b.profile.uuid}`, 'msg-tally');
    expect(cleared).toMatchObject({ unread: 2 });
    expect([cleared?.convs, cleared?.users]).toEqual([undefined, undefined]);
    expect(isMigrationWrite(cleared!)).toBe(true);
    // The muted one stays out.
    expect((await part(cb))?.gsi3pk).toBeUndefined();
    expect((await inbox(b)).unread).toEqual({ conversationsNotOnMyPages: [ab], conversationsOnMyPages: [], users: [a.profile.uuid], pages: [] });

    // Again from the start: nothing left to write; the job's progress is kept.
    expect(await backfillUnreadIndex({ cursor: null, deadline: Date.now() + 60_000 })).toMatchObject({ done: true, written: 0 });
    expect(await runUnreadIndexBackfill({ deadline: Date.now() + 60_000 })).toMatchObject({ done: true, scanned: 0 });

    // Read: out of the index.
    const latest = (await as<{ messages: { id: string }[] }>(b.browser, 'GET', `/api/iam/messages/conversation/${a.profile.uuid}/${b.profile.uuid}`)).data.messages[0]!;
    expect((await as(b.browser, 'PUT', '/api/messages/mark-as-seen', { msgsArr: [latest.id] })).status).toBe(200);
    expect((await part(ab))?.gsi3pk).toBeUndefined();
    expect((await inbox(b)).unread.conversationsNotOnMyPages).toEqual([]);
  });
});
