import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { checkCursor, onePage } from './paging';

const partition = { field: 'gsi1pk', value: 'users#complete' };
const cursorOf = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
const goodKey = { pk: 'user#1', sk: 'profile', gsi1pk: 'users#complete', gsi1sk: '2026-01-01#1' };

describe('checkCursor', () => {
  it('passes no cursor (first page) and a cursor of this list', () => {
    expect(checkCursor(undefined, partition)).toBeNull();
    expect(checkCursor('', partition)).toBeNull();
    expect(checkCursor(cursorOf(goodKey), partition)).toBe(cursorOf(goodKey));
  });

  it.each([
    ['garbage', 'not a cursor'],
    ['another list', cursorOf({ ...goodKey, gsi1pk: 'users#incomplete' })],
    ['another partition key shape', cursorOf({ pk: 'user#1', sk: 'profile' })],
    ['non-string values', cursorOf({ ...goodKey, sk: { S: 'x' } })],
    ['an array', cursorOf([goodKey])],
    ['JSON null', cursorOf(null)],
  ])('refuses %s with 400 naming cursorId', (_what, cursor) => {
    try {
      checkCursor(cursor, partition);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(HttpError);
      expect(err).toMatchObject({ status: 400, field: 'cursorId' });
    }
  });
});

describe('onePage', () => {
  it('answers the items and the next cursor', async () => {
    await expect(onePage(undefined, partition, async (c) => ({ data: [c], cursor: 'next' }))).resolves.toEqual({ items: [null], cursorId: 'next' });
  });

  it('turns a key the table refuses into 400, and leaves other failures alone', async () => {
    const refused = Object.assign(new Error('x'), { cause: { name: 'ValidationException' } });
    await expect(onePage(cursorOf(goodKey), partition, () => Promise.reject(refused))).rejects.toMatchObject({ status: 400, field: 'cursorId' });
    await expect(onePage(cursorOf(goodKey), partition, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });
});
