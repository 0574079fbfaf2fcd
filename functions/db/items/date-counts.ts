/**
 * A date's attendance counts (E4d): a raw item beside the date, in no index, created by the first
 * `ADD` and changed only by `ADD`, so a change of attendance rewrites one small item:
 * `{ pk: 'event#<eventId>', sk: 'count#<dateKey>', going?, maybe?, notGoing?, waiting? }`.
 */
import { addItem } from '../add';
import { absent, and, gt, lt, not, or } from '../condition';
import { eventPk } from '../entities/event';
import type { TxItem } from '../transact';
import { deleteItem, type ItemKey } from '../write';

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
  return addItem(dateCountsKey(eventId, dateKey), adds, goingBelow === undefined ? undefined : or(absent('going'), lt('going', goingBelow)));
}

/** Deletes the counter while it counts at most these (a negative bound: the counter holds at least that much less). */
export function dateCountsDelete(eventId: string, dateKey: string, atMost?: Record<'going' | 'maybe' | 'waiting', number>): TxItem {
  return deleteItem(
    dateCountsKey(eventId, dateKey),
    atMost && and(not(gt('going', atMost.going)), not(gt('maybe', atMost.maybe)), not(gt('waiting', atMost.waiting))),
  );
}
