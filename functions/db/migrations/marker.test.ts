/**
 * The marks of a migration's writes (./marker.ts): an item read back from the table or from a
 * stream record (sets, numbers, nested maps, in any order) still matches the digest it was written
 * with; any change of its content, or a mark that was not made for it, does not.
 */
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { contentSig, isMigrationWrite, migrationMarks } from './marker';

const AT = '2026-02-01T00:00:00.000Z';
const item = { pk: 'user#u', sk: 'msg-tally', unread: 3, convs: new Set(['c-2', 'c-1']), nums: new Set([2, 1]), place: { b: 1, a: [1, 'x'] }, flag: true };
const roundTrip = (i: Record<string, unknown>) => unmarshall(marshall(i, { removeUndefinedValues: true }));

describe('a migration\'s marks', () => {
  it('match the item as written, however it is read back', () => {
    const written = { ...item, ...migrationMarks(item, AT) };
    expect(isMigrationWrite(written)).toBe(true);
    expect(isMigrationWrite(roundTrip(written))).toBe(true);
    const reordered = { flag: true, place: { a: [1, 'x'], b: 1 }, nums: new Set([1, 2]), convs: new Set(['c-1', 'c-2']), unread: 3, sk: 'msg-tally', pk: 'user#u' };
    expect(contentSig(reordered)).toBe(written.migratedSig);
  });

  it('do not match once the content changes, nor when made for other content, nor when absent', () => {
    const written = { ...item, ...migrationMarks(item, AT) };
    for (const changed of [{ unread: 4 }, { convs: new Set(['c-1']) }, { deletedAt: AT }, { place: { b: 1, a: [1, 'y'] } }]) {
      expect(isMigrationWrite({ ...written, ...changed }), JSON.stringify(Object.keys(changed))).toBe(false);
    }
    expect(isMigrationWrite({ ...item, migratedAt: AT, migratedSig: contentSig({ ...item, unread: 0 }) })).toBe(false);
    expect(isMigrationWrite(item)).toBe(false);
    expect(isMigrationWrite(null)).toBe(false);
  });
});
