/** Deleting an event (cancelled for its attendees, then swept), and the events of an owner who leaves. */
import { siteCountItem } from '../db/items/feed-counter';
import { eventNoticeText } from '../../shared/event-notice';
import { eventDateKey, type EventItem } from '../db/entities/event';
import type { OwnerRef } from '../db/entities/owner';
import { db } from '../db/service';
import { dateCountsDelete } from '../db/items/date-counts';
import { dateWorkDelete } from '../db/items/event-work';
import { eventSearchItems } from '../db/items/search-index';
import { failedChecks, named, txEntities, writeItems, type TxItem, type TxOutcome } from '../db/transact';
import { deleteItem } from '../db/write';
import { conflict, serviceUnavailable } from '../lib/errors';
import { sweepsDeferred } from '../lib/deferred';
import { deleteImage } from '../lib/images';
import { notificationWrite } from '../notifications/notifications';
import { assertEditorKept, datesOf, getEvent } from './events';
import { ownerPkOf, releaseLocation } from './locations';
import { ATTEMPTS, attendeesOf, eventPut } from './event-writes';

/**
 * Deletes an event: the caller removed its stored image first. One transaction marks the template
 * deleted, frees its random id and releases its location; then its dates and attendance are
 * removed, and attendees of upcoming dates are told.
 */
export async function deleteEvent(event: EventItem, actorId: string | undefined, guard: TxItem[] = []): Promise<void> {
  const now = new Date().toISOString();
  const after: EventItem = { ...event, deletedAt: now, updatedAt: now, ...(actorId ? { deletedBy: actorId } : {}) };
  const items = [
    eventPut(event, after),
    txEntities().eventRandomId.delete({ randomId: event.randomId }).commit(),
    ...releaseLocation(event.locationId, ownerPkOf(event)),
    // A hidden event left the count when it was hidden.
    ...(event.deletedAt || event.hiddenAt ? [] : [siteCountItem('events', -1)]),
    ...guard,
  ];
  const out = await writeItems(items);
  assertEditorKept(out, items);
  if (out.canceled) throw conflict('The event changed meanwhile; reload and try again');
  // In the cloud the table's stream runs the sweep (functions/system/sweep-deleted.ts): an event
  // with thousands of attendees is not swept within a request.
  if (!sweepsDeferred()) await sweepEvent(after, actorId);
}

const EVENT_UNCHANGED = 'event-unchanged';

/**
 * Hides an event after a report (an admin's action): the template marked hidden, which every list,
 * calendar and page judges by `maySee` (its creator and admins alone), its search tokens gone,
 * its reminders stopped, the site's events count one less. `extra` (the case's close, the
 * creator's notice) lands in the same transaction; a template that changed meanwhile is read
 * again. Answers the event as hidden (null: gone or hidden already).
 */
export async function hideEvent(eventId: string, adminId: string, extra: (hidden: EventItem | null) => TxItem[]): Promise<{ event: EventItem | null; out: TxOutcome; items: TxItem[] }> {
  for (let attempt = 1; ; attempt++) {
    const event = await getEvent(eventId, true);
    let hidden: EventItem | null = null;
    let own: TxItem[] = [];
    if (event && !event.deletedAt && !event.hiddenAt) {
      hidden = { ...event, hiddenAt: new Date().toISOString(), hiddenBy: adminId };
      own = [named(EVENT_UNCHANGED, eventPut(event, hidden)), ...eventSearchItems(event, hidden), siteCountItem('events', -1)];
    }
    const items = [...own, ...extra(hidden)];
    const out = await writeItems(items);
    if (!out.canceled || !failedChecks(out, items).has(EVENT_UNCHANGED)) return { event: hidden, out, items };
    if (attempt >= ATTEMPTS) throw serviceUnavailable('The event is changing; please try again');
  }
}

/** Removes a deleted event's dates and attendance, telling attendees of upcoming dates. Idempotent. */
export async function sweepEvent(event: EventItem, actorId: string | undefined): Promise<void> {
  const nowMs = Date.now();
  const dates = await datesOf(event.id, true);
  for (const d of dates) {
    const people = await attendeesOf(event.id, d.dateKey);
    const upcoming = Date.parse(d.endsAt) >= nowMs && !d.cancelled;
    for (const a of people) {
      const told = upcoming && (a.status === 'GOING' || a.status === 'MAYBE') ? notificationWrite(a.userId, { kind: 'event-cancelled', ...(actorId ? { actorId } : {}), targetType: 'event', targetId: event.randomId, text: eventNoticeText({ title: event.title, at: d.startsAt, timeZone: event.timeZone }) }, { mailAbout: { kind: 'event', id: event.id } }) : [];
      await writeItems([txEntities().eventAttendance.delete({ eventId: a.eventId, dateKey: a.dateKey, userId: a.userId }).commit(), ...told]);
    }
    const release = d.ownPlace && d.locationId ? releaseLocation(d.locationId, ownerPkOf(event)) : [];
    await writeItems([
      deleteItem(eventDateKey(d.eventId, d.dateKey)),
      dateCountsDelete(d.eventId, d.dateKey),
      dateWorkDelete(d.eventId, d.dateKey),
      ...release,
    ]);
  }
}

/**
 * Deletes every live event of an owner (a deleted page or account): each as `deleteEvent` does.
 * Attendees' notices name `actorId` (the member deleting their account), or nobody (a page is
 * not a member, and its sweep may run long after whoever deleted it). Idempotent; answers how many.
 */
export async function deleteEventsOf(owner: OwnerRef, actorId?: string): Promise<number> {
  const { data } = await db().entities.event.query.byOwner({ ownerType: owner.type, ownerId: owner.id }).go({ pages: 'all' });
  let deleted = 0;
  for (const stale of data as EventItem[]) {
    const e = await getEvent(stale.id, true);
    if (!e) continue;
    if (e.deletedAt) {
      // Deleted already (by its own route, or by a run of this sweep that failed part-way): the
      // attendees not yet told are told as the others were, naming whoever deleted it.
      await sweepEvent(e, e.deletedBy);
      continue;
    }
    if (e.cover) await deleteImage(e.cover);
    await deleteEvent(e, actorId);
    deleted++;
  }
  return deleted;
}
