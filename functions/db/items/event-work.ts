/**
 * Attendee work left to the scheduled job (E9): raw items in one partition (`evwork`), in no index.
 * - `date#<eventId>#<dateKey>`: a date's change to pass on to its attendees (`DateWorkItem`);
 * - `promote#<eventId>`: an event's waiting members to move up;
 * - `follow#<eventId>`: an event whose dates still follow a change of its privacy or place.
 * The event markers carry the change that wrote them (`changedAt`): a job clears one only while no
 * later change wrote it again.
 */
import { absent, eq, or } from '../condition';
import type { TxItem } from '../transact';
import { deleteItem, putItem, type ItemKey } from '../write';

export const EVENT_WORK_PK = 'evwork';
export const dateWorkKey = (eventId: string, dateKey: string): ItemKey => ({ pk: EVENT_WORK_PK, sk: `date#${eventId}#${dateKey}` });
export const promoteWorkKey = (eventId: string): ItemKey => ({ pk: EVENT_WORK_PK, sk: `promote#${eventId}` });
export const followWorkKey = (eventId: string): ItemKey => ({ pk: EVENT_WORK_PK, sk: `follow#${eventId}` });

export type EventMarker = 'promote' | 'follow';
const markerKey = (marker: EventMarker, eventId: string): ItemKey => (marker === 'promote' ? promoteWorkKey(eventId) : followWorkKey(eventId));

export interface EventMarkerItem extends ItemKey {
  eventId: string;
  changedAt: string;
}

export interface DateWorkItem extends ItemKey {
  eventId: string;
  dateKey: string;
  sequence: number;
  tellSeq: number;
  tell?: 'moved' | 'cancelled';
  actorId?: string;
  createdAt: string;
}

/** The marker of an event's work, tagged with the change that wrote it. */
export function eventMarkerPut(marker: EventMarker, eventId: string, changedAt: string): TxItem {
  const item: EventMarkerItem = { ...markerKey(marker, eventId), eventId, changedAt };
  return putItem(item);
}

/** Removes the marker, unless a later change wrote it again. */
export function eventMarkerClear(marker: EventMarker, eventId: string, changedAt: string): TxItem {
  return deleteItem(markerKey(marker, eventId), eq('changedAt', changedAt));
}

/** A date's work, written in the transaction of the change. */
export function dateWorkPut(work: Omit<DateWorkItem, 'pk' | 'sk'>): TxItem {
  const item: DateWorkItem = { ...dateWorkKey(work.eventId, work.dateKey), ...work };
  return putItem(item);
}

/** Removes the date's work once done, unless a later change (a higher `sequence`) wrote it again. */
export function dateWorkClear(eventId: string, dateKey: string, sequence: number): TxItem {
  return deleteItem(dateWorkKey(eventId, dateKey), or(absent(), eq('sequence', sequence)));
}

/** Removes the date's work whatever it holds (the date is gone). */
export function dateWorkDelete(eventId: string, dateKey: string): TxItem {
  return deleteItem(dateWorkKey(eventId, dateKey));
}
