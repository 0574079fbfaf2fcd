/** Creating an event with its first dates (one dated specific, several, or a series), its place and its cover. */
import { siteCountItem } from '../db/items/feed-counter';
import { eventSearchItems } from '../db/items/search-index';
import { randomBytes } from 'node:crypto';
import { type NewEventInput, type SpecificInput } from '../../shared/schemas/events';
import { SERIES_DONE, type EventDateItem, type EventItem } from '../db/entities/event';
import { failedChecks, named, txEntities, writeItems, type TxItem } from '../db/transact';
import { badRequest, conflict, forbidden, serviceUnavailable } from '../lib/errors';
import type { Session } from '../lib/session/token';
import { actOnPage, assertRoleKept, roleCheck } from '../pages/pages';
import { accountGone, accountSuspended, assertAuthorWasLive, authorLiveCheck } from '../users/author-live';
import { getUser } from '../users/users';
import { hasPermission, loadPermissionSettings } from '../users/permission-rules';
import type { CoverOps } from './event-images';
import { getEvent } from './events';
import { getLocation, locationIdOf, ownerPkOf, snapshotOf, useLocation } from './locations';
import { checkRrule, normaliseRrule } from './recurrence';
import { ATTEMPTS, COVER_CLAIM, COVER_LOST, DATES_PER_TX, type ZoneAt, checkWhen, dateCreate, eventPut, iso, newDate, seriesDates, seriesEnd } from './event-writes';

function randomIdNew(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
}

export interface NewEventDeps {
  zoneAt: ZoneAt;
  beforeCreate?: () => Promise<void>;
  /** Needed for a cover (the claim of its upload): handed in by the route, so others need no bucket grants. */
  claimCover?: CoverOps['claim'];
}


/** Creates an event with its first dates (a series: those of its first 8 weeks); a retry with the same id answers the first. */
export async function createEvent(session: Session, input: NewEventInput, deps: NewEventDeps): Promise<{ event: EventItem; created: boolean }> {
  const earlier = await getEvent(input.id, true);
  if (earlier) {
    if (earlier.createdBy !== session.userId || earlier.deletedAt) throw conflict('This id belongs to another event; generate a new one', 'id');
    return { event: earlier, created: false };
  }
  if (session.suspended) throw forbidden('Your account is suspended');
  const nowMs = Date.now();
  checkWhen(input.specifics, 'specifics', nowMs);
  const [first, ...others] = input.specifics as [SpecificInput, ...SpecificInput[]];
  if (input.recurrence) {
    const why = checkRrule(input.recurrence.rrule);
    if (why) throw badRequest(why, 'recurrence.rrule');
  }
  const user = await getUser(session.userId);
  if (!user || user.deletedAt) throw accountGone();
  if (user.suspended) throw accountSuspended();
  if (!hasPermission(user, 'create-event', await loadPermissionSettings())) throw forbidden('You may not create events');
  const pageActor = input.pageId ? (await actOnPage(session, input.pageId, 'moderator', 'Only the page\'s admins and moderators may create its events')).actor : null;
  await deps.beforeCreate?.();
  if (input.cover && !deps.claimCover) throw new Error('createEvent: a cover needs claimCover');
  const claims = input.cover ? [named(COVER_CLAIM, await deps.claimCover!(session.userId, input.id, input.cover))] : [];

  const now = iso(nowMs);
  const timeZone = await deps.zoneAt(input.location.latitude, input.location.longitude);
  const locationId = locationIdOf(input.location);
  const event: EventItem = {
    id: input.id,
    randomId: randomIdNew(),
    title: input.title,
    description: input.description,
    privacy: input.privacy,
    ownerType: input.pageId ? 'page' : 'user',
    ownerId: input.pageId ?? session.userId,
    createdBy: session.userId,
    ...snapshotOf(input.location, locationId),
    timeZone,
    tags: input.tags ?? [],
    ...(input.capacity ? { capacity: input.capacity } : {}),
    ...(input.cover ? { cover: input.cover } : {}),
    materialisedUntil: SERIES_DONE,
    dateCount: 0,
    version: 0,
    createdAt: now,
    updatedAt: now,
  };
  const starts = new Map<string, EventDateItem>();
  const add = (startsAt: string, endsAt: string) => {
    const d = newDate(event, startsAt, endsAt, now);
    if (!starts.has(d.dateKey)) starts.set(d.dateKey, d);
  };
  if (input.recurrence) {
    event.rrule = normaliseRrule(input.recurrence.rrule);
    event.seriesStart = first.startsAt;
    event.durationMs = Date.parse(first.endsAt) - Date.parse(first.startsAt);
    event.seriesUntil = seriesEnd(input.recurrence.until, first.startsAt, nowMs, 'recurrence.until');
    const series = seriesDates(event, Date.parse(first.startsAt), nowMs).slice(0, DATES_PER_TX - others.length);
    add(first.startsAt, first.endsAt);
    for (const s of series) add(s.toISOString(), iso(s.getTime() + event.durationMs));
    const last = series.at(-1);
    event.materialisedUntil = last ? last.toISOString() : first.startsAt;
  } else {
    add(first.startsAt, first.endsAt);
  }
  for (const s of others) add(s.startsAt, s.endsAt);
  event.dateCount = starts.size;

  for (let attempt = 1; ; attempt++) {
    const existing = await getLocation(locationId);
    const { eventRandomId } = txEntities();
    const [location, ...locationRest] = useLocation(input.location, existing, timeZone, ownerPkOf(event), now);
    const items: TxItem[] = [
      named('event-id-free', eventPut(null, event)),
      named('random-id-free', eventRandomId.create({ randomId: event.randomId, eventId: event.id }).commit()),
      authorLiveCheck(session.userId),
      named('location-as-read', location!),
      ...locationRest,
      ...(pageActor ? roleCheck(event.ownerId, pageActor, 'moderator') : []),
      ...[...starts.values()].map(dateCreate),
      ...claims,
      ...eventSearchItems(null, event),
      siteCountItem('events', 1),
    ];
    const out = await writeItems(items);
    if (!out.canceled) return { event, created: true };
    const failed = failedChecks(out, items);
    if (failed.has('event-id-free')) {
      const raced = await getEvent(input.id, true);
      if (raced && raced.createdBy === session.userId && !raced.deletedAt) return { event: raced, created: false };
      throw conflict('This id belongs to another event; generate a new one', 'id');
    }
    await assertAuthorWasLive(out, items, session.userId);
    if (failed.has(COVER_CLAIM)) throw badRequest(COVER_LOST, 'cover');
    assertRoleKept(out, items);
    // A random id taken meanwhile is drawn again; a location changed meanwhile is read again.
    if (failed.has('random-id-free')) event.randomId = randomIdNew();
    if (attempt >= ATTEMPTS) throw serviceUnavailable('The site is busy; please try again');
  }
}
