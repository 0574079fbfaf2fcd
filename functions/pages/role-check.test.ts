/**
 * A page write's role check is read by its name: a cancelled transaction says "your role changed"
 * only when the actor's role item failed, never for another item's condition (which once
 * answered the same 403 through a catch-all).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { conditionCheck } from '../db/write';
import { eq } from '../db/condition';
import type { TxOutcome } from '../db/transact';
import { roleCheck, roleLost, type PageActor } from './pages';

const PAGE = '11111111-1111-4111-8111-111111111111';
const actor: PageActor = { userId: '22222222-2222-4222-8222-222222222222', siteAdmin: false, membership: null, role: 'moderator' };
const outcome = (codes: string[]): TxOutcome => ({ canceled: true, data: codes.map((code) => ({ rejected: code !== 'None', code })) });

beforeAll(() => {
  process.env.TABLE_NAME = 'unit-table';
});

describe('roleLost', () => {
  it("is true when the actor's role item failed, wherever it sits", () => {
    const other = conditionCheck({ pk: 'page#x', sk: 'page' }, eq('version', 3));
    const items = [other, ...roleCheck(PAGE, actor, 'moderator')];
    expect(roleLost(outcome(['None', 'ConditionalCheckFailed']), items)).toBe(true);
  });

  it("is false when another item's condition failed", () => {
    const other = conditionCheck({ pk: 'page#x', sk: 'page' }, eq('version', 3));
    const items = [other, ...roleCheck(PAGE, actor, 'moderator')];
    expect(roleLost(outcome(['ConditionalCheckFailed', 'None']), items)).toBe(false);
  });

  it('is false when the write needed no role check (a site admin without a role)', () => {
    const items = roleCheck(PAGE, { ...actor, siteAdmin: true, role: null }, 'admin');
    expect(items).toEqual([]);
    expect(roleLost(outcome([]), items)).toBe(false);
  });
});
