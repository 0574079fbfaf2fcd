/**
 * The admins' clean-ups of event locations (E5c), in bounded, resumable batches: each call walks
 * at most BATCH locations by id (one Query of the sparse list of all locations) and at most
 * MAX_MOVES re-pointed events or dates, and answers the cursor to go on from. Every step is
 * idempotent, so a call cut short (or two at once) leaves nothing half done that the next call
 * does not finish.
 *
 * - Duplicates: the same normalised address, or the same name (and state) within 50 m. The
 *   location with the smallest id of a group is kept; the others' events and dates are re-pointed
 *   to it (each in a transaction with both locations' counts and their owner's links), then the
 *   emptied location is deleted. The dates that follow an event's place move with it (first, so
 *   a call cut short finds the event at the old place and finishes them).
 * - Orphans: a location with no use counted and none found pointing to it is deleted.
 */
import { distanceKm } from '../../shared/geohash';
import { type EventDateItem, type EventItem, type EventLocationItem } from '../db/entities/event';
import { locationUses, ownerLocationUses, unusedLocationDelete } from '../db/items/event-location';
import { db } from '../db/service';
import { txEntities, writeItems, type TxItem } from '../db/transact';
import { logger } from '../lib/logger';
import { encodeCursor, onePage } from '../lib/paging';
import { datesOf } from './events';
import { locationsByAddress, locationsByName, ownerPkOf, releaseLocation } from './locations';

const BATCH = 25;
const MAX_MOVES = 50;
const SAME_PLACE_KM = 0.05;

export interface Cleanup {
  checked: number;
  merged: number;
  removed: number;
  repointed: number;
  cursorId: string | null;
}

async function batchOf(cursorId: string | undefined) {
  return onePage(cursorId, { field: 'gsi3pk', value: 'evlocs' }, async (cursor) => {
    const { data, cursor: next } = await db().entities.eventLocation.query.all({}).go({ cursor, limit: BATCH });
    return { data: data as EventLocationItem[], cursor: next };
  });
}

/** The other live locations that are the same place as `l`. */
async function duplicatesOf(l: EventLocationItem): Promise<EventLocationItem[]> {
  const byName = (await locationsByName(l.name, l.state ?? '-')).filter((o) => distanceKm(o, l) <= SAME_PLACE_KM);
  const byAddress = l.address ? await locationsByAddress(l.address, l.suburbCity ?? '-', l.state ?? '-') : [];
  const all = new Map([...byName, ...byAddress].filter((o) => o.id !== l.id && !o.mergedInto).map((o) => [o.id, o]));
  return [...all.values()];
}


/** `item` at the keeper's place: its place fields replaced whole (none of the old address kept). */
function atKeeper<T extends EventItem | EventDateItem>(item: T, keeper: EventLocationItem): T {
  const out = { ...item };
  delete out.address;
  delete out.suburbCity;
  delete out.state;
  delete out.country;
  return Object.assign(out, snapshot(keeper));
}

function snapshot(keeper: EventLocationItem) {
  return {
    locationId: keeper.id, placeName: keeper.name, latitude: keeper.latitude, longitude: keeper.longitude, geohash: keeper.geohash,
    ...(keeper.address ? { address: keeper.address } : {}), ...(keeper.suburbCity ? { suburbCity: keeper.suburbCity } : {}),
    ...(keeper.state ? { state: keeper.state } : {}), ...(keeper.country ? { country: keeper.country } : {}),
  };
}

function oneUseMore(keeper: EventLocationItem, ownerPk: string): TxItem[] {
  return [
    locationUses(keeper.id, 1),
    ownerLocationUses(ownerPk, keeper.id, 1),
  ];
}

/**
 * Re-points the dates of `t` that follow its place (no place of their own) and still point to
 * `from`: they count in no location, so only the date changes. Done before the template, so a
 * call cut short finds the template at `from` again and finishes its dates.
 */
async function repointFollowers(t: EventItem, from: EventLocationItem, keeper: EventLocationItem, max: number): Promise<{ moved: number; more: boolean }> {
  const { eventDate } = txEntities();
  const followers = (await datesOf(t.id, true)).filter((d) => !d.ownPlace && d.locationId === from.id);
  let moved = 0;
  for (const d of followers) {
    if (moved >= max) return { moved, more: true };
    const { eventId, dateKey, version, ...rest } = atKeeper(d, keeper);
    const put = eventDate.put({ eventId, dateKey, ...rest, version: version + 1 }).where((a, op) => op.eq(a.version, version)).commit();
    const out = await writeItems([put]);
    // A date changed meanwhile (an attendance) is left at `from`: the template stays until it moves.
    if (out.canceled) return { moved, more: true };
    moved++;
  }
  return { moved, more: false };
}

/** Re-points up to `max` events and dates from `from` to `keeper`; answers how many moved and whether any remain. */
async function repoint(from: EventLocationItem, keeper: EventLocationItem, max: number): Promise<{ moved: number; more: boolean }> {
  const { event, eventDate } = txEntities();
  const [templates, dates] = await Promise.all([
    db().entities.event.query.atLocation({ locationId: from.id }).go({ limit: max }),
    db().entities.eventDate.query.atLocation({ locationId: from.id }).go({ limit: max }),
  ]);
  let moved = 0;
  const owners = new Map<string, EventItem>();
  for (const t of templates.data as EventItem[]) {
    if (moved >= max) return { moved, more: true };
    owners.set(t.id, t);
    const followers = await repointFollowers(t, from, keeper, max - moved);
    moved += followers.moved;
    if (followers.more || moved >= max) return { moved, more: true };
    const { id, version, ...rest } = atKeeper(t, keeper);
    const put = event.put({ id, ...rest, version: version + 1 }).where((a, op) => op.eq(a.version, version)).commit();
    const out = await writeItems([put, ...releaseLocation(from.id, ownerPkOf(t)), ...oneUseMore(keeper, ownerPkOf(t))]);
    if (!out.canceled) moved++;
  }
  for (const d of dates.data as EventDateItem[]) {
    if (moved >= max) return { moved, more: true };
    const owner = owners.get(d.eventId) ?? ((await db().entities.event.get({ id: d.eventId }).go()).data as EventItem | null);
    if (!owner) continue;
    const { eventId, dateKey, version, ...rest } = atKeeper(d, keeper);
    const put = eventDate.put({ eventId, dateKey, ...rest, version: version + 1 }).where((a, op) => op.eq(a.version, version)).commit();
    const out = await writeItems([put, ...releaseLocation(from.id, ownerPkOf(owner)), ...oneUseMore(keeper, ownerPkOf(owner))]);
    if (!out.canceled) moved++;
  }
  return { moved, more: !!templates.cursor || !!dates.cursor };
}

/** Deletes a location when nothing points to it (its count, and a look at the indexes of users). */
async function removeIfOrphan(l: EventLocationItem): Promise<boolean> {
  if (l.eventCount > 0) return false;
  const [t, d] = await Promise.all([
    db().entities.event.query.atLocation({ locationId: l.id }).go({ limit: 1 }),
    db().entities.eventDate.query.atLocation({ locationId: l.id }).go({ limit: 1 }),
  ]);
  if (t.data.length || d.data.length) return false;
  const out = await writeItems([
    unusedLocationDelete(l.id),
  ]);
  return !out.canceled;
}

export async function mergeDuplicates(cursorId: string | undefined): Promise<Cleanup> {
  const batch = await batchOf(cursorId);
  const result: Cleanup = { checked: 0, merged: 0, removed: 0, repointed: 0, cursorId: batch.cursorId };
  let before = cursorId ?? keyBefore(null);
  for (const l of batch.items) {
    const resume = before;
    before = keyBefore(l);
    if (l.mergedInto) continue;
    result.checked++;
    const others = await duplicatesOf(l);
    if (!others.length) continue;
    // The smallest id of a group is kept: every walk picks the same one.
    const keeper = [l, ...others].sort((a, b) => a.id.localeCompare(b.id))[0]!;
    if (keeper.id === l.id) continue;
    const { moved, more } = await repoint(l, keeper, MAX_MOVES - result.repointed);
    result.repointed += moved;
    if (more) {
      // Out of moves for this call: the next call starts again at this location.
      logger.info('location merge continues in the next call', { from: l.id, to: keeper.id });
      return { ...result, cursorId: resume };
    }
    const fresh = (await db().entities.eventLocation.get({ id: l.id }).go({ consistent: true })).data as EventLocationItem | null;
    if (fresh && (await removeIfOrphan(fresh))) result.merged++;
  }
  return result;
}

/** The cursor of the walk just after `l` (null: before every location). */
function keyBefore(l: EventLocationItem | null): string {
  const id = l?.id ?? '0';
  return encodeCursor(JSON.stringify({ pk: `evloc#${id}`, sk: 'evloc', gsi3pk: 'evlocs', gsi3sk: id }));
}

export async function removeOrphans(cursorId: string | undefined): Promise<Cleanup> {
  const batch = await batchOf(cursorId);
  const result: Cleanup = { checked: 0, merged: 0, removed: 0, repointed: 0, cursorId: batch.cursorId };
  for (const l of batch.items) {
    result.checked++;
    if (await removeIfOrphan(l)) result.removed++;
  }
  return result;
}
