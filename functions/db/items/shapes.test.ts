/**
 * The stored shapes of the raw kinds (functions/db/items/) and of the builders every domain uses:
 * each key, item and expression spelled out for a sample id, so that a change to what is stored
 * fails here first. The expressions may be re-spelled; the keys and items may not.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addItem } from '../add';
import { and, eq, live, oneOf } from '../condition';
import type { TxItem } from '../transact';
import { conditionCheck } from '../write';
import { memberFeedKey, tokenLookupKey, tokenRotation } from './calendar-token';
import { dateCountsAdd, dateCountsDelete, dateCountsKey } from './date-counts';
import { locationUses, ownerLocationKey, ownerLocationUses, unusedLocationDelete } from './event-location';
import { dateWorkClear, dateWorkDelete, dateWorkKey, dateWorkPut, eventMarkerClear, eventMarkerPut, followWorkKey, promoteWorkKey } from './event-work';
import { counterAdd, counterKey } from './feed-counter';
import { tallyChange } from './message-tally';

const T = 'unit-table';
const EVENT = '11111111-1111-4111-8111-111111111111';
const USER = '22222222-2222-4222-8222-222222222222';
const LOCATION = '33333333-3333-4333-8333-333333333333';
const TOKEN = 'sample-token';
const TOKEN_HASH = '0f35d0ae14518b96bd6d3fec3ca15801fd58c9e048b1ccdea11a71378f2acdc9';

beforeAll(() => {
  process.env.TABLE_NAME = T;
});

describe('keys of the raw kinds', () => {
  it('hold their stored shape', () => {
    expect(dateCountsKey(EVENT, '2026-05-01T10:00')).toEqual({ pk: `event#${EVENT}`, sk: 'count#2026-05-01T10:00' });
    expect(dateWorkKey(EVENT, '2026-05-01T10:00')).toEqual({ pk: 'evwork', sk: `date#${EVENT}#2026-05-01T10:00` });
    expect(promoteWorkKey(EVENT)).toEqual({ pk: 'evwork', sk: `promote#${EVENT}` });
    expect(followWorkKey(EVENT)).toEqual({ pk: 'evwork', sk: `follow#${EVENT}` });
    expect(ownerLocationKey(`user#${USER}`, LOCATION)).toEqual({ pk: `user#${USER}`, sk: `evloc#${LOCATION}` });
    expect(tokenLookupKey(TOKEN)).toEqual({ pk: `icstoken#${TOKEN_HASH}`, sk: 'icstoken' });
    expect(memberFeedKey(USER)).toEqual({ pk: `user#${USER}`, sk: 'icsfeed' });
    expect(counterKey('global', 'public', 3)).toEqual({ pk: 'counter#global', sk: 'public#3' });
    expect(counterKey(`user#${USER}`, 'owner')).toEqual({ pk: `counter#user#${USER}`, sk: 'owner' });
  });
});

describe('items the builders write', () => {
  it('date counts: an ADD, held below a capacity; a delete bounded by what an older date counts', () => {
    expect(dateCountsAdd(EVENT, 'd1', { going: 1, waiting: 0 }, 5)).toEqual({
      Update: {
        TableName: T, Key: { pk: `event#${EVENT}`, sk: 'count#d1' },
        UpdateExpression: 'SET #n0 = :v0 ADD #n1 :v1', ConditionExpression: '(attribute_not_exists(#n1)) OR (#n1 < :v2)',
        ExpressionAttributeNames: { '#n0': '__edb_e__', '#n1': 'going' }, ExpressionAttributeValues: { ':v0': 'eventDateCounts', ':v1': 1, ':v2': 5 },
      },
    });
    expect(dateCountsAdd(EVENT, 'd1', {})).toEqual({
      Update: { TableName: T, Key: { pk: `event#${EVENT}`, sk: 'count#d1' }, UpdateExpression: 'SET #n0 = :v0 ADD #n1 :v1', ExpressionAttributeNames: { '#n0': '__edb_e__', '#n1': 'going' }, ExpressionAttributeValues: { ':v0': 'eventDateCounts', ':v1': 0 } },
    });
    expect(dateCountsDelete(EVENT, 'd1', { going: -2, maybe: 0, waiting: 0 })).toEqual({
      Delete: {
        TableName: T, Key: { pk: `event#${EVENT}`, sk: 'count#d1' },
        ConditionExpression: '(NOT (#n0 > :v0)) AND (NOT (#n1 > :v1)) AND (NOT (#n2 > :v2))',
        ExpressionAttributeNames: { '#n0': 'going', '#n1': 'maybe', '#n2': 'waiting' }, ExpressionAttributeValues: { ':v0': -2, ':v1': 0, ':v2': 0 },
      },
    });
    expect(dateCountsDelete(EVENT, 'd1')).toEqual({ Delete: { TableName: T, Key: { pk: `event#${EVENT}`, sk: 'count#d1' } } });
  });

  it('work markers: the event markers carry their change, a date\'s work its sequence and notice', () => {
    expect(eventMarkerPut('promote', EVENT, '2026-01-01T00:00:00.000Z')).toEqual({
      Put: { TableName: T, Item: { pk: 'evwork', sk: `promote#${EVENT}`, eventId: EVENT, changedAt: '2026-01-01T00:00:00.000Z' } },
    });
    expect(eventMarkerPut('follow', EVENT, 'c')).toEqual({ Put: { TableName: T, Item: { pk: 'evwork', sk: `follow#${EVENT}`, eventId: EVENT, changedAt: 'c' } } });
    expect(eventMarkerClear('follow', EVENT, 'c')).toEqual({
      Delete: { TableName: T, Key: { pk: 'evwork', sk: `follow#${EVENT}` }, ConditionExpression: '#n0 = :v0', ExpressionAttributeNames: { '#n0': 'changedAt' }, ExpressionAttributeValues: { ':v0': 'c' } },
    });
    expect(dateWorkPut({ eventId: EVENT, dateKey: 'd1', sequence: 3, tellSeq: 3, tell: 'moved', actorId: USER, createdAt: 'now' })).toEqual({
      Put: { TableName: T, Item: { pk: 'evwork', sk: `date#${EVENT}#d1`, eventId: EVENT, dateKey: 'd1', sequence: 3, tellSeq: 3, tell: 'moved', actorId: USER, createdAt: 'now' } },
    });
    expect(dateWorkClear(EVENT, 'd1', 3)).toEqual({
      Delete: {
        TableName: T, Key: { pk: 'evwork', sk: `date#${EVENT}#d1` }, ConditionExpression: '(attribute_not_exists(#n0)) OR (#n1 = :v0)',
        ExpressionAttributeNames: { '#n0': 'pk', '#n1': 'sequence' }, ExpressionAttributeValues: { ':v0': 3 },
      },
    });
    expect(dateWorkDelete(EVENT, 'd1')).toEqual({ Delete: { TableName: T, Key: { pk: 'evwork', sk: `date#${EVENT}#d1` } } });
  });

  it('location uses: the location\'s count, the owner\'s link, and the removal of an unused location', () => {
    expect(locationUses(LOCATION, -1)).toEqual({
      Update: {
        TableName: T, Key: { pk: `evloc#${LOCATION}`, sk: 'evloc' }, UpdateExpression: 'ADD #n0 :v0', ConditionExpression: 'attribute_exists(#n1)',
        ExpressionAttributeNames: { '#n0': 'eventCount', '#n1': 'pk' }, ExpressionAttributeValues: { ':v0': -1 },
      },
    });
    expect(ownerLocationUses(`page#${USER}`, LOCATION, 1)).toEqual({
      Update: {
        TableName: T, Key: { pk: `page#${USER}`, sk: `evloc#${LOCATION}` }, UpdateExpression: 'SET #n0 = :v0 ADD #n1 :v1',
        ExpressionAttributeNames: { '#n0': 'locationId', '#n1': 'uses' }, ExpressionAttributeValues: { ':v0': LOCATION, ':v1': 1 },
      },
    });
    expect(unusedLocationDelete(LOCATION)).toEqual({
      Delete: {
        TableName: T, Key: { pk: `evloc#${LOCATION}`, sk: 'evloc' }, ConditionExpression: '(attribute_not_exists(#n0)) OR (#n0 <= :v0)',
        ExpressionAttributeNames: { '#n0': 'eventCount' }, ExpressionAttributeValues: { ':v0': 0 },
      },
    });
  });

  it('calendar tokens: a rotation puts the new lookup and the member\'s token (guarded on the one it replaces) and deletes the old lookup', () => {
    const first = tokenRotation(USER, TOKEN, null);
    expect(first.add).toEqual([
      { Put: { TableName: T, Item: { pk: `icstoken#${TOKEN_HASH}`, sk: 'icstoken', userId: USER } } },
      { Put: { TableName: T, Item: { pk: `user#${USER}`, sk: 'icsfeed', token: TOKEN }, ConditionExpression: 'attribute_not_exists(#n0)', ExpressionAttributeNames: { '#n0': 'pk' } } },
    ]);
    expect(first.remove).toEqual([]);
    const next = tokenRotation(USER, 'next', TOKEN);
    expect(next.add[1]).toEqual({
      Put: { TableName: T, Item: { pk: `user#${USER}`, sk: 'icsfeed', token: 'next' }, ConditionExpression: '#n0 = :v0', ExpressionAttributeNames: { '#n0': 'token' }, ExpressionAttributeValues: { ':v0': TOKEN } },
    });
    expect(next.remove).toEqual([{ Delete: { TableName: T, Key: { pk: `icstoken#${TOKEN_HASH}`, sk: 'icstoken' } } }]);
  });

  it('feed counters: an ADD of the counts', () => {
    expect(counterAdd(counterKey('global', 'members', 0), { postsAll: 1, news: -1 })).toEqual({
      Update: {
        TableName: T, Key: { pk: 'counter#global', sk: 'members#0' }, UpdateExpression: 'ADD #n0 :v0, #n1 :v1',
        ExpressionAttributeNames: { '#n0': 'postsAll', '#n1': 'news' }, ExpressionAttributeValues: { ':v0': 1, ':v1': -1 },
      },
    });
  });

  it('message tallies: ElectroDB\'s markers and the owner set, the unread added (the unread conversations are an index, M5b)', () => {
    const base = { Key: { pk: `user#${USER}`, sk: 'msg-tally' }, TableName: T };
    const markers = { '#n0': '__edb_e__', '#n1': '__edb_v__', '#n2': 'ownerPk', '#n3': 'unread' };
    expect(tallyChange({ ownerPk: `user#${USER}`, unread: 2 })).toEqual({
      Update: { ...base, UpdateExpression: 'SET #n0 = :v0, #n1 = :v1, #n2 = :v2 ADD #n3 :v3', ExpressionAttributeNames: markers, ExpressionAttributeValues: { ':v0': 'messageTally', ':v1': '1', ':v2': `user#${USER}`, ':v3': 2 } },
    });
  });

  it('checks and counts of entity items: conditions spelled with placeholders only', () => {
    const check: TxItem = conditionCheck({ pk: `page#${EVENT}`, sk: `member#${USER}` }, and(eq('status', 'member'), oneOf('role', ['creator', 'admin'])));
    expect(check).toEqual({
      ConditionCheck: {
        TableName: T, Key: { pk: `page#${EVENT}`, sk: `member#${USER}` }, ConditionExpression: '(#n0 = :v0) AND (#n1 IN (:v1, :v2))',
        ExpressionAttributeNames: { '#n0': 'status', '#n1': 'role' }, ExpressionAttributeValues: { ':v0': 'member', ':v1': 'creator', ':v2': 'admin' },
      },
    });
    expect(addItem({ pk: `post#${EVENT}`, sk: 'post' }, { commentCount: 1, version: 1 }, live())).toEqual({
      Update: {
        TableName: T, Key: { pk: `post#${EVENT}`, sk: 'post' }, UpdateExpression: 'ADD #n0 :v0, #n1 :v1', ConditionExpression: '(attribute_exists(#n2)) AND (attribute_not_exists(#n3))',
        ExpressionAttributeNames: { '#n0': 'commentCount', '#n1': 'version', '#n2': 'pk', '#n3': 'deletedAt' }, ExpressionAttributeValues: { ':v0': 1, ':v1': 1 },
      },
    });
  });
});
