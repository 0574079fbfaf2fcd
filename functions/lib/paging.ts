/**
 * Cursors, for every list the API pages. A cursor is opaque to clients: text in base64url (so it
 * travels in a path segment or a query string without escaping), and one that the list did not
 * hand out answers 400 naming the field that carried it, before it can reach the table. The text
 * is one of two things:
 *
 *   - a key (`onePage`): ElectroDB's cursor, the last key a Query read, as JSON; it must lie in
 *     the list's partition (and, where the list says so, pass its sort key test), and a key the
 *     table still refuses (a forged one of the right partition) is a 400 too;
 *   - a bound (`readCursor` with the list's own parser): the last shown item's sort key, for a
 *     list merged from several Queries that all sort by the same key (the feeds).
 */
import { CURSOR_MAX_LENGTH } from '../../shared/constants';
import { badRequest } from './errors';

/** The cursor that carries `text`. */
export function encodeCursor(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

export interface CursorFormat<T> {
  /** The text a cursor of this list carries, or null when it is not one. */
  parse: (text: string) => T | null;
  /** Longest cursor this list hands out, in characters. */
  maxLength: number;
  /** The answer's message (the field is named apart). */
  message: string;
}

/** What a cursor names: null for the first page (none given), else `format.parse` of its text; 400 naming `field` when it is not a cursor of the list. */
export function readCursor<T>(cursor: string | undefined, field: string, format: CursorFormat<T>): T | null {
  if (cursor === undefined || cursor === '') return null;
  const text = cursor.length <= format.maxLength && /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : null;
  const value = text === null ? null : format.parse(text);
  if (value === null) throw badRequest(format.message, field);
  return value;
}

/** The index partition a list reads: its key attribute and value (e.g. gsi1pk = users#complete). */
export interface ListPartition {
  field: string;
  value: string;
  /** The sort key attribute and the test its value passes, when a list holds only part of the partition. */
  sort?: { field: string; test: (value: string) => boolean };
}

/** The key an ElectroDB cursor names, or null for the first page; 400 naming `field` when it belongs to no page of this list. */
export function cursorKey(cursorId: string | undefined, partition: ListPartition, field = 'cursorId'): Record<string, string> | null {
  return readCursor(cursorId, field, {
    maxLength: CURSOR_MAX_LENGTH,
    message: `${field} is not a cursor of this list; start again from the first page`,
    parse: (text) => {
      let key: unknown;
      try {
        key = JSON.parse(text);
      } catch {
        return null;
      }
      if (typeof key !== 'object' || key === null || Array.isArray(key)) return null;
      const values = key as Record<string, unknown>;
      const fine =
        Object.keys(values).length <= 6 &&
        Object.values(values).every((v) => typeof v === 'string') &&
        values[partition.field] === partition.value &&
        (!partition.sort || partition.sort.test(String(values[partition.sort.field])));
      return fine ? (values as Record<string, string>) : null;
    },
  });
}

/** The cursor to pass to ElectroDB, or null for the first page; 400 when it belongs to no page of this list. */
export function checkCursor(cursorId: string | undefined, partition: ListPartition, field = 'cursorId'): string | null {
  return cursorKey(cursorId, partition, field) ? cursorId! : null;
}

export interface Page<T> {
  items: T[];
  cursorId: string | null;
}

/** Runs one page; a cursor the table refuses (a forged key of the right partition) is a 400 too. */
export async function onePage<T>(
  cursorId: string | undefined,
  partition: ListPartition,
  run: (cursor: string | null) => Promise<{ data: T; cursor: string | null }>,
  field = 'cursorId',
): Promise<{ items: T; cursorId: string | null }> {
  const cursor = checkCursor(cursorId, partition, field);
  try {
    const { data, cursor: next } = await run(cursor);
    return { items: data, cursorId: next };
  } catch (err) {
    const e = err as { name?: string; cause?: { name?: string } };
    if (cursor && (e.name === 'ValidationException' || e.cause?.name === 'ValidationException')) throw cursorKeyRefused(field);
    throw err;
  }
}

const cursorKeyRefused = (field: string) => badRequest(`${field} is not a cursor of this list; start again from the first page`, field);
