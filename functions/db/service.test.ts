/**
 * `db()` builds an entity when a route first reads it, once, over the shared client and table:
 * a route pays for the models it touches (docs/budgets.md), and every reader of an entity shares
 * one instance.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from './client';
import { db, threadCollection } from './service';

describe('db()', () => {
  beforeAll(() => {
    process.env.TABLE_NAME ??= 'unit-table';
  });

  it('builds no entity before one is read', () => {
    const descriptor = Object.getOwnPropertyDescriptor(db().entities, 'user');
    expect(descriptor?.get).toBeTypeOf('function');
    expect(descriptor && 'value' in descriptor).toBe(false);
  });

  it('builds each entity once, with the shared client and table', () => {
    const { user } = db().entities;
    expect(db().entities.user).toBe(user);
    expect((user.client as { client?: unknown }).client).toBe(documentClient());
    expect(user.get({ uuid: 'u-1' }).params<{ TableName: string }>().TableName).toBe(process.env.TABLE_NAME);
  });

  it('lists every entity, so transactions and sweeps can reach each by name', () => {
    expect(Object.keys(db().entities)).toEqual(expect.arrayContaining(['user', 'post', 'comment', 'commentReaction', 'pendingUpload', 'notificationTally']));
  });

  it('reads a thread through the thread collection over the same entities', () => {
    const params = threadCollection()({ postId: 'p-1', path: '' }).params<{ TableName: string; KeyConditionExpression: string }>();
    expect(params.TableName).toBe(process.env.TABLE_NAME);
    expect(params.KeyConditionExpression).toBe('#pk = :pk and begins_with(#sk1, :sk1)');
  });
});
