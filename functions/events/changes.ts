/** Changing an event or one of its dates, and the dates that follow a change of the event's privacy or place. */
import { eventSearchItems } from '../db/items/search-index';
import { MAX_DATES_PER_EVENT, type EventLocationInput, type UpdateEventInput, type UpdateSpecificInput } from '../../shared/schemas/events';
import { partitionPage } from '../db/batch';
import { SERIES_DONE, type EventDateItem, type EventItem } from '../db/entities/event';
import { eventMarkerClear, eventMarkerPut, followWorkKey } from '../db/items/event-work';
import { failedChecks, named, txEntities, writeItems, type TxItem } from '../db/transact';
import { badRequest, conflict, serviceUnavailable } from '../lib/errors';
import { logger } from '../lib/logger';
import { ATTENDEE_BATCH, catchUp, pendingWork, workOf, workPut } from './catch-up';
import { promoteMarkerPut } from './attend';
import type { CoverOps } from './event-images';
import { assertEditorKept, datesOf, getDate, getEvent } from './events';
import { getLocation, ownerPkOf, releaseLocation, snapshotOf, useLocation, type PlaceSnapshot } from './locations';
import { ATTEMPTS, COVER_CLAIM, COVER_LOST, DATES_PER_TX, DAY_MS, type ZoneAt, checkStart, datePut, eventPut, iso, placeFields, seriesEnd, setPlace } from './event-writes';

function moveLocation(before: EventItem, place: PlaceSnapshot, input: EventLocationInput, timeZone: string, existing: Awaited<ReturnType<typeof getLocation>>, now: string): TxItem[] {
  if (before.locationId === place.locationId) return [];
  return [...releaseLocation(before.locationId, ownerPkOf(before)), ...useLocation(input, existing, timeZone, ownerPkOf(before), now)];
}

/** Whether a change of the event gave its dates more room (a larger capacity, or none). */
export const capacityGrew = (before: Pick<EventItem, 'capacity'>, after: Pick<EventItem, 'capacity'>): boolean =>
  before.capacity !== undefined && (after.capacity === undefined || after.capacity > before.capacity);

export interface ChangeEventDeps {
  zoneAt?: ZoneAt;
  /** Needed for a change of cover, with the member making it (whose upload it must be). */
  covers?: CoverOps;
  actorId?: string;
  /** The editor's page role as a condition of each write (`assertMayEdit`). */
  guard?: TxItem[];
}

/**
 * Changes an event's details; dates that follow the event's place and privacy are rewritten with
 * it. A larger capacity lets waiting members in (the caller promotes them after).
 */
export async function changeEvent(first: EventItem, change: UpdateEventInput, deps: ChangeEventDeps = {}): Promise<EventItem> {
  if (change.location && !deps.zoneAt) throw new Error('changeEvent: a change of place needs zoneAt');
  if (change.cover !== undefined && (!deps.covers || !deps.actorId)) throw new Error('changeEvent: a change of cover needs covers and actorId');
  const claims = typeof change.cover === 'string' && change.cover !== first.cover ? [named(COVER_CLAIM, await deps.covers!.claim(deps.actorId!, first.id, change.cover))] : [];
  const nowMs = Date.now();
  let before = first;
  for (let attempt = 1; ; attempt++) {
    const now = iso(nowMs);
    const after: EventItem = { ...before, updatedAt: now };
    if (change.title !== undefined) after.title = change.title;
    if (change.description !== undefined) after.description = change.description;
    if (change.privacy !== undefined) after.privacy = change.privacy;
    if (change.tags !== undefined) after.tags = change.tags;
    if (change.cover === null) delete after.cover;
    else if (change.cover !== undefined) after.cover = change.cover;
    if (change.capacity !== undefined) {
      if (change.capacity === null) delete after.capacity;
      else after.capacity = change.capacity;
    }
    if (change.seriesUntil !== undefined) {
      if (!before.rrule) throw badRequest('applies to a recurring event only', 'seriesUntil');
      after.seriesUntil = change.seriesUntil === null ? (before.materialisedUntil === SERIES_DONE ? before.seriesUntil! : before.materialisedUntil) : seriesEnd(change.seriesUntil, before.seriesStart!, nowMs, 'seriesUntil');
      if (after.seriesUntil !== before.seriesUntil) delete after.endingToldFor;
      // A finished series left the job's index (its mark past any date): back to its last date.
      if (before.materialisedUntil === SERIES_DONE && before.seriesUntil) after.materialisedUntil = before.seriesUntil;
      // An end at or before the dates made so far finishes the series: it leaves the job's index.
      if (after.materialisedUntil !== SERIES_DONE && after.materialisedUntil >= after.seriesUntil) after.materialisedUntil = SERIES_DONE;
    }
    let locationItems: TxItem[] = [];
    if (change.location) {
      const timeZone = await deps.zoneAt!(change.location.latitude, change.location.longitude);
      const place = snapshotOf(change.location);
      const existing = place.locationId === before.locationId ? null : await getLocation(place.locationId);
      locationItems = moveLocation(before, place, change.location, timeZone, existing, now);
      setPlace(after, placeFields(place));
      after.timeZone = timeZone;
    }
    // Dates that follow the event: its privacy and, unless they have their own, its place.
    const follow = change.privacy !== undefined || change.location !== undefined;
    const dates = follow ? await datesOf(before.id, true) : [];
    const following = datesToFollow(dates, after, nowMs, now);
    const dateItems = following.slice(0, DATES_PER_TX).map(({ d, next }) => datePut(d, next));
    // More dates than one transaction takes: a marker in the change, so that the job finishes
    // them should this request end before it has (E9).
    const followMarker = following.length > DATES_PER_TX ? [followMarkerPut(after.id, now)] : [];
    // More room: the waiting members' move up is marked in the change (E9), for the job to finish.
    const promote = capacityGrew(before, after) ? [promoteMarkerPut(after.id, after.updatedAt)] : [];
    // The replaced cover: a record due at once in this transaction, its object deleted right after.
    const retired = before.cover && before.cover !== after.cover ? [before.cover] : [];
    const items = [eventPut(before, after), ...locationItems, ...dateItems, ...followMarker, ...promote, ...retired.map((key) => deps.covers!.retire(deps.actorId!, key)), ...(deps.guard ?? []), ...claims, ...eventSearchItems(before, after)];
    const out = await writeItems(items);
    if (!out.canceled) {
      await Promise.all(retired.map((key) => deps.covers!.remove(key)));
      if (follow) await followRest({ ...after, version: before.version + 1 }, nowMs, now);
      if (followMarker.length) await clearFollowMarker(after.id, now);
      return after;
    }
    assertEditorKept(out, items);
    if (failedChecks(out, items).has(COVER_CLAIM)) throw badRequest(COVER_LOST, 'cover');
    if (attempt >= ATTEMPTS) throw serviceUnavailable('The site is busy; please try again');
    const fresh = await getEvent(before.id, true);
    if (!fresh || fresh.deletedAt) throw conflict('The event was deleted meanwhile');
    before = fresh;
  }
}

/** The event's dates (not over for a day) whose privacy or place differ from the event's. */
function datesToFollow(dates: EventDateItem[], after: EventItem, nowMs: number, now: string): { d: EventDateItem; next: EventDateItem }[] {
  return dates
    .filter((d) => Date.parse(d.endsAt) >= nowMs - DAY_MS)
    .map((d) => {
      const next: EventDateItem = { ...d, privacy: after.privacy, updatedAt: now };
      if (!d.ownPlace) setPlace(next, placeFields(after));
      return { d, next };
    })
    .filter(({ d, next }) => d.privacy !== next.privacy || d.locationId !== next.locationId || d.geohash !== next.geohash || d.placeName !== next.placeName);
}

function followMarkerPut(eventId: string, changedAt: string): TxItem {
  return eventMarkerPut('follow', eventId, changedAt);
}

/** Removes the marker once the dates follow, unless a later change wrote it again. */
async function clearFollowMarker(eventId: string, changedAt: string): Promise<void> {
  await writeItems([eventMarkerClear('follow', eventId, changedAt)]);
}

/**
 * The job's part (hourly): the events whose dates a change of privacy or place left behind (its
 * request ended before they all followed). Each is brought in line with the event as it is now,
 * then its marker goes. Answers how many were finished.
 */
export async function resumeFollows(opts: { deadlineMs?: number } = {}): Promise<number> {
  let finished = 0;
  let startSk: string | undefined;
  do {
    const page = await partitionPage(followWorkKey('').pk, 'follow#', { limit: 25, ...(startSk ? { startSk } : {}) });
    for (const item of page.items) {
      if (opts.deadlineMs && Date.now() > opts.deadlineMs) return finished;
      const event = await getEvent(String(item.eventId), true);
      if (event && !event.deletedAt) {
        const nowMs = Date.now();
        try {
          await followRest(event, nowMs, iso(nowMs));
        } catch (err) {
          logger.warn('an event\'s dates could not follow it yet; the next run tries again', { error: err as Error, eventId: event.id });
          continue;
        }
      }
      await clearFollowMarker(String(item.eventId), String(item.changedAt));
      finished++;
    }
    startSk = page.lastSk ?? undefined;
  } while (startSk);
  return finished;
}

/** Rounds of `followRest` at most: every date an event may hold, in batches, and a retry. */
const FOLLOW_ROUNDS = Math.ceil(MAX_DATES_PER_EVENT / DATES_PER_TX) + 2;

/**
 * The dates a change of privacy or place could not take in its own transaction (it takes
 * DATES_PER_TX): rewritten in bounded batches to follow the event, each on the condition that the
 * event is as it was read; when it changed meanwhile (any write, even one that touches no date),
 * the event is read again and the dates follow it as it is now. A members-only event's dates all
 * leave the guests' lists before the answer. Ends when no date differs from the event.
 */
async function followRest(first: EventItem, nowMs: number, now: string): Promise<void> {
  let event = first;
  for (let round = 0; round < FOLLOW_ROUNDS; round++) {
    const pending = datesToFollow(await datesOf(event.id, true), event, nowMs, now);
    if (!pending.length) return;
    const unchanged = named('event-unchanged', txEntities().event.check({ id: event.id }).where((a, op) => op.eq(a.version, event.version)).commit());
    const items = [unchanged, ...pending.slice(0, DATES_PER_TX).map(({ d, next }) => datePut(d, next))];
    const out = await writeItems(items);
    if (failedChecks(out, items).has('event-unchanged')) {
      const fresh = await getEvent(event.id, true);
      if (!fresh || fresh.deletedAt) return;
      event = fresh;
    }
  }
  throw serviceUnavailable('The event\'s dates are busy; please try again');
}

/** Changes one date by hand (times, cancelled, own place); it is kept when the series is rewritten. */
export async function changeDate(event: EventItem, first: EventDateItem, change: UpdateSpecificInput, actorId: string, deps: ChangeEventDeps = {}): Promise<EventDateItem> {
  if (change.location && !deps.zoneAt) throw new Error('changeDate: a place of its own needs zoneAt');
  let before = first;
  for (let attempt = 1; ; attempt++) {
    const now = new Date().toISOString();
    const after: EventDateItem = { ...before, edited: true, updatedAt: now, sequence: before.sequence + 1 };
    if (change.startsAt !== undefined) after.startsAt = change.startsAt;
    if (change.endsAt !== undefined) after.endsAt = change.endsAt;
    // A date moves only where a new one could be made: not into the past, nor years ahead.
    if (after.startsAt !== before.startsAt) checkStart(after.startsAt, 'startsAt', Date.now());
    if (after.endsAt < after.startsAt) throw badRequest('must not be before startsAt', 'endsAt');
    if (Date.parse(after.endsAt) - Date.parse(after.startsAt) > 14 * DAY_MS) throw badRequest('must be at most 14 days after startsAt', 'endsAt');
    if (change.cancelled !== undefined) after.cancelled = change.cancelled;
    let locationItems: TxItem[] = [];
    if (change.location === null && before.ownPlace) {
      setPlace(after, placeFields(event));
      after.ownPlace = false;
      locationItems = releaseLocation(before.locationId!, ownerPkOf(event));
    } else if (change.location) {
      const place = snapshotOf(change.location);
      if (place.locationId !== before.locationId || !before.ownPlace) {
        // The place's own zone (a date may be held elsewhere than the event, across a zone line).
        const [existing, timeZone] = await Promise.all([getLocation(place.locationId), deps.zoneAt!(change.location.latitude, change.location.longitude)]);
        locationItems = [...(before.ownPlace ? releaseLocation(before.locationId!, ownerPkOf(event)) : []), ...useLocation(change.location, existing, timeZone, ownerPkOf(event), now)];
      }
      setPlace(after, placeFields(place));
      after.ownPlace = true;
    }
    const moved = after.startsAt !== before.startsAt || after.endsAt !== before.endsAt;
    if (after.startsAt !== before.startsAt || after.cancelled !== before.cancelled) after.reminderSent = after.cancelled ? before.reminderSent : false;
    const tell = after.cancelled && !before.cancelled ? 'cancelled' : moved && !after.cancelled ? 'moved' : null;
    // Attendee work (E9) when the start moves or there is news, merged with what an earlier change left.
    const work = after.startsAt !== before.startsAt || tell ? workOf((await pendingWork([before])).get(before.dateKey) ?? null, before, after, tell, actorId) : null;
    const items = [datePut(before, after), ...locationItems, ...(work ? [workPut(after, work, now)] : []), ...(deps.guard ?? [])];
    const out = await writeItems(items);
    if (!out.canceled) {
      if (work) await catchUp(event, after, work, { left: ATTENDEE_BATCH });
      return after;
    }
    assertEditorKept(out, items);
    if (attempt >= ATTEMPTS) throw serviceUnavailable('The site is busy; please try again');
    const fresh = await getDate(event.id, before.dateKey, true);
    if (!fresh || fresh.deletedAt) throw conflict('The date was removed meanwhile', 'specificId');
    before = fresh;
  }
}
