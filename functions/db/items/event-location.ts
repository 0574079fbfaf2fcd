/**
 * The uses of an event location, outside the `eventLocation` entity's own writes:
 * - its `eventCount` (templates and dates pointing to it), moved by `ADD` when one moves away or
 *   moves to it, and its removal once nothing counts on it;
 * - the owner's link to a location its events use: a raw item in the owner's partition (no
 *   index), `{ pk: <owner pk>, sk: 'evloc#<locationId>', locationId, uses }`, moved by `ADD`.
 */
import { addItem } from '../add';
import { absent, exists, le, or } from '../condition';
import { eventLocationKey } from '../entities/event';
import type { TxItem } from '../transact';
import { deleteItem, updateItem, type ItemKey } from '../write';

/** The owner's link to a location its events use (`pk` is the owner's partition), with a use count. */
export const ownerLocationKey = (ownerPk: string, locationId: string): ItemKey => ({ pk: ownerPk, sk: `evloc#${locationId}` });

export interface OwnerLocationItem extends ItemKey {
  locationId: string;
  uses: number;
}

/** The location counts `delta` more uses (fewer when negative); it must exist. */
export function locationUses(locationId: string, delta: number): TxItem {
  return addItem(eventLocationKey(locationId), { eventCount: delta }, exists());
}

/** The owner's link counts `delta` more uses (made by its first use). */
export function ownerLocationUses(ownerPk: string, locationId: string, delta: number): TxItem {
  return updateItem({ key: ownerLocationKey(ownerPk, locationId), set: { locationId }, add: { uses: delta } });
}

/** Deletes the location while nothing counts on it. */
export function unusedLocationDelete(locationId: string): TxItem {
  return deleteItem(eventLocationKey(locationId), or(absent('eventCount'), le('eventCount', 0)));
}
