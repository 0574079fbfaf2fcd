/**
 * A date's attendance counts (E4d): a raw item beside the date, in no index, created by the first
 * `ADD` and changed only by `ADD`, so a change of attendance rewrites one small item:
 * `{ pk: 'event#<eventId>', sk: 'count#<dateKey>', __edb_e__: 'eventDateCounts', going?, maybe?, notGoing?, waiting? }`.
 * The marker names no ElectroDB entity (no read parses it as one): it lets the table's stream pass
 * a change of attendance on to the open event pages (functions/realtime/fanout.ts), through the
 * fan-out's entity filter, while a reminder's or a notice's flag on an attendance passes nothing.
 */
import { absent, and, gt, lt, not, or } from '../condition';
import { eventPk } from '../entities/event';
import type { TxItem } from '../transact';
import { deleteItem, updateItem, type ItemKey } from '../write';

/** The `__edb_e__` marker of a date's counts. */
export const DATE_COUNTS_MARKER = 'eventDateCounts';

/** Whether a key is a date's counts' (the local host reads a changed one back for the fan-out). */
export const isDateCountsKey = (key: ItemKey): boolean => key.pk.startsWith('event#') && key.sk.startsWith('count#');

export const dateCountsKey = (eventId: string, dateKey: string): ItemKey => ({ pk: eventPk(eventId), sk: `count#${dateKey}` });

export type CountBucket = 'going' | 'maybe' | 'notGoing' | 'waiting';

export interface DateCountsItem extends ItemKey, Partial<Record<CountBucket, number>> {}

/**
 * The date's counts moved by `deltas` (at least one attribute is written: `going` by 0 when
 * nothing moves). With `goingBelow`, the write lands only while the counter's GOING is below it.
 */
export function dateCountsAdd(eventId: string, dateKey: string, deltas: Partial<Record<CountBucket, number>>, goingBelow?: number): TxItem {
  const moved = Object.entries(deltas).filter(([, v]) => v !== 0);
  const adds = moved.length ? Object.fromEntries(moved) : { going: 0 };
  return updateItem({
    key: dateCountsKey(eventId, dateKey),
    set: { __edb_e__: DATE_COUNTS_MARKER },
    add: adds,
    ...(goingBelow === undefined ? {} : { condition: or(absent('going'), lt('going', goingBelow)) }),
  });
}

/** Deletes the counter while it counts at most these (a negative bound: the counter holds at least that much less). */
export function dateCountsDelete(eventId: string, dateKey: string, atMost?: Record<'going' | 'maybe' | 'waiting', number>): TxItem {
  return deleteItem(
    dateCountsKey(eventId, dateKey),
    atMost && and(not(gt('going', atMost.going)), not(gt('maybe', atMost.maybe)), not(gt('waiting', atMost.waiting))),
  );
}
