/**
 * Cursor paging over one ElectroDB Query per page. A cursor is ElectroDB's (the last key read,
 * base64url JSON); one that this list did not hand out answers 400 naming cursorId, before it
 * can reach the table as an ExclusiveStartKey.
 */
import { badRequest } from './errors';

export const PAGE_SIZE = 20;

/** The index partition a list reads: its key attribute and value (e.g. gsi1pk = users#complete). */
export interface ListPartition {
  field: string;
  value: string;
}

const badCursor = () => badRequest('cursorId is not a cursor of this list; start again from the first page', 'cursorId');

/** The cursor to pass to ElectroDB, or null for the first page; 400 when it belongs to no page of this list. */
export function checkCursor(cursorId: string | undefined, partition: ListPartition): string | null {
  if (cursorId === undefined || cursorId === '') return null;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursorId, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  const fine =
    typeof key === 'object' && key !== null && !Array.isArray(key) &&
    Object.keys(key).length <= 6 &&
    Object.values(key).every((v) => typeof v === 'string') &&
    (key as Record<string, unknown>)[partition.field] === partition.value;
  if (!fine) throw badCursor();
  return cursorId;
}

export interface Page<T> {
  items: T[];
  cursorId: string | null;
}

/** Runs one page; a cursor the table refuses (a forged key of the right partition) is a 400 too. */
export async function onePage<T>(
  cursorId: string | undefined,
  partition: ListPartition,
  run: (cursor: string | null) => Promise<{ data: T[]; cursor: string | null }>,
): Promise<Page<T>> {
  const cursor = checkCursor(cursorId, partition);
  try {
    const { data, cursor: next } = await run(cursor);
    return { items: data, cursorId: next };
  } catch (err) {
    const e = err as { name?: string; cause?: { name?: string } };
    if (cursor && (e.name === 'ValidationException' || e.cause?.name === 'ValidationException')) throw badCursor();
    throw err;
  }
}
