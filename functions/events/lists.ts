/**
 * Dates as lists read them (E2, E3): an owner's dates and everyone's, upcoming or past, and dates
 * near a point. Every index of dates sorts by `endsAt`, so "upcoming" is a key condition
 * (`endsAt >= now`): a date leaves these lists when it ends, with no job and no filter.
 */
import type { EventDateCard, NearbyEvent } from '../../shared/answers/events';
import type { GeoIndexPrecision } from '../../shared/geohash';
import type { GeoPoint } from '../../shared/site';
import type { EventDateItem } from '../db/entities/event';
import { ownerDatesPartition, type OwnerRef } from '../db/entities/owner';
import type { PageMemberItem } from '../db/entities/page';
import { db } from '../db/service';
import { nearest } from '../lib/geo-search';
import { onePage, type Page } from '../lib/paging';
import type { Viewer } from '../lib/session/viewer';
import { dateCards, eventsById, maySee } from './events';
import { ownerLocationIds, ownerPkOf } from './locations';

export const LIST_SIZE = 20;
/** Dates read from one geo cell at most: the soonest first, so a dense cell keeps its next dates. */
const CELL_MAX = 200;

export type When = 'upcoming' | 'past';

/** An owner's dates (a member's or a page's), upcoming soonest first or past latest first, cursor paged. */
export async function ownerDates(owner: OwnerRef, when: When, viewer: Viewer, cursorId: string | undefined): Promise<Page<EventDateCard>> {
  const now = new Date().toISOString();
  const page = await onePage(cursorId, ownerDatesPartition(owner), async (cursor) => {
    const q = db().entities.eventDate.query.byOwner({ ownerType: owner.type, ownerId: owner.id });
    const options = { cursor, limit: LIST_SIZE, ...(when === 'past' ? { order: 'desc' as const } : {}) };
    const { data, cursor: next } = when === 'upcoming' ? await q.gte({ endsAt: now }).go(options) : await q.lt({ endsAt: now }).go(options);
    return { data: data as EventDateItem[], cursor: next };
  });
  return { items: await dateCards(page.items, viewer), cursorId: page.cursorId };
}

/** Pages whose dates `pagesDates` reads, at most, and dates read per page and answered in all. */
const MY_PAGES = 25;
const PER_PAGE = 20;
const MY_PAGES_DATES = 60;

/**
 * The upcoming dates of the pages a member belongs to, soonest first: one Query for the
 * memberships, then one per page in parallel (each from "now" on its owner index), merged.
 */
export async function pagesDates(userId: string, viewer: Viewer): Promise<EventDateCard[]> {
  const now = new Date().toISOString();
  const { data: memberships } = await db().entities.pageMember.query.byUser({ userId }).begins({ status: 'member' }).go({ limit: MY_PAGES });
  const perPage = await Promise.all(
    (memberships as PageMemberItem[]).map(async (m) => (await db().entities.eventDate.query.byOwner({ ownerType: 'page', ownerId: m.pageId }).gte({ endsAt: now }).go({ limit: PER_PAGE })).data as EventDateItem[]),
  );
  const soonest = perPage.flat().sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.eventId.localeCompare(b.eventId)).slice(0, MY_PAGES_DATES);
  return dateCards(soonest, viewer);
}

/** Everyone's upcoming dates, soonest first: public ones for guests, members' too for members. */
export async function upcomingDates(viewer: Viewer, cursorId: string | undefined): Promise<Page<EventDateCard>> {
  const now = new Date().toISOString();
  const members = viewer.member || viewer.admin;
  const partition = members ? { field: 'mempk', value: 'evdates#all' } : { field: 'pubpk', value: 'evdates#all' };
  const page = await onePage(cursorId, partition, async (cursor) => {
    const q = db().entities.eventDate.query;
    const { data, cursor: next } = members
      ? await q.upcomingMembers({}).gte({ endsAt: now }).go({ cursor, limit: LIST_SIZE })
      : await q.upcomingPublic({}).gte({ endsAt: now }).go({ cursor, limit: LIST_SIZE });
    return { data: data as EventDateItem[], cursor: next };
  });
  return { items: await dateCards(page.items, viewer), cursorId: page.cursorId };
}

function cellReader(viewer: Viewer) {
  const now = new Date().toISOString();
  const members = viewer.member || viewer.admin;
  return async (precision: GeoIndexPrecision, cell: string): Promise<EventDateItem[]> => {
    const q = db().entities.eventDate.query;
    const query = precision === 5 ? q.nearby5({ geoCell5: cell }) : precision === 4 ? q.nearby4({ geoCell4: cell }) : q.nearby3({ geoCell3: cell });
    // Guests: members-only dates are read and dropped by the filter (a bounded over-read, E3).
    const ranged = query.gte({ endsAt: now });
    const { data } = members ? await ranged.go({ limit: CELL_MAX }) : await ranged.where((a, op) => op.eq(a.privacy, 'public')).go({ limit: CELL_MAX });
    return data as EventDateItem[];
  };
}

/** Upcoming dates near a point (at most 9 Queries), with their distance. */
async function datesNear(point: GeoPoint, wantedKm: number, viewer: Viewer, max: number) {
  return nearest<EventDateItem>(
    {
      readCell: cellReader(viewer),
      positionOf: (d) => (d.latitude !== undefined && d.longitude !== undefined ? { latitude: d.latitude, longitude: d.longitude } : null),
      idOf: (d) => `${d.startsAt}#${d.eventId}#${d.dateKey}`,
    },
    point,
    wantedKm,
    max,
  );
}

async function withDistance(found: { item: EventDateItem; km: number }[], viewer: Viewer): Promise<NearbyEvent[]> {
  const cards = await dateCards(found.map((f) => f.item), viewer);
  const km = new Map(found.map((f) => [`${f.item.eventId}.${f.item.dateKey}`, f.km]));
  return cards.map((c) => ({ ...c, distance_km: Math.round(km.get(c.date.id) ?? 0) }));
}

/** Events near a point, one entry per event (its next date there), soonest first, then nearest. */
export async function eventsNear(point: GeoPoint, wantedKm: number, viewer: Viewer, max: number): Promise<{ events: NearbyEvent[]; radiusKm: number }> {
  const { found, radiusKm } = await datesNear(point, wantedKm, viewer, 9 * CELL_MAX);
  const next = new Map<string, { item: EventDateItem; km: number }>();
  for (const f of found) {
    const seen = next.get(f.item.eventId);
    if (!seen || f.item.startsAt < seen.item.startsAt) next.set(f.item.eventId, f);
  }
  const chosen = [...next.values()].sort((a, b) => a.item.startsAt.localeCompare(b.item.startsAt) || a.km - b.km).slice(0, max);
  return { events: await withDistance(chosen, viewer), radiusKm };
}

/** Every upcoming date near a point, soonest first (the month view), at most `max`. */
export async function allDatesNear(point: GeoPoint, wantedKm: number, viewer: Viewer, max: number): Promise<{ dates: NearbyEvent[]; radiusKm: number }> {
  const { found, radiusKm } = await datesNear(point, wantedKm, viewer, 9 * CELL_MAX);
  const soonest = found.sort((a, b) => a.item.startsAt.localeCompare(b.item.startsAt) || a.km - b.km).slice(0, max);
  return { dates: await withDistance(soonest, viewer), radiusKm };
}

/**
 * An owner's upcoming events as a profile shows them: how many events have an upcoming date the
 * viewer may see, the first few dates as cards, and the places of those the viewer may see. One
 * Query of at most 100 dates (a count past that reads "100 dates' worth"), then the cards' BatchGets.
 */
export async function upcomingOf(owner: OwnerRef, viewer: Viewer, shown = 5): Promise<{ count: number; dates: EventDateCard[]; locationIds: string[] }> {
  const visible = await upcomingVisible(owner, viewer);
  const count = new Set(visible.map((d) => d.eventId)).size;
  return { count, dates: await dateCards(visible.slice(0, shown), viewer), locationIds: placesOf(visible) };
}

/** An owner's upcoming, uncancelled dates the viewer may see (members-only ones for members). */
async function upcomingVisible(owner: OwnerRef, viewer: Viewer): Promise<EventDateItem[]> {
  const now = new Date().toISOString();
  const { data } = await db().entities.eventDate.query.byOwner({ ownerType: owner.type, ownerId: owner.id }).gte({ endsAt: now }).go({ limit: 100 });
  const members = viewer.member || viewer.admin;
  const dates = (data as EventDateItem[]).filter((d) => !d.cancelled && (members || d.privacy === 'public'));
  // The events as they are now: one an admin hid is the viewer's only as its creator or an admin;
  // for guests, the event's own privacy too (a date its last change has not rewritten yet is not theirs).
  const events = await eventsById(dates.map((d) => d.eventId));
  return dates.filter((d) => {
    const e = events.get(d.eventId);
    return !!e && maySee(e, viewer) && (members || e.privacy === 'public');
  });
}

const placesOf = (dates: EventDateItem[]): string[] => [...new Set(dates.flatMap((d) => (d.locationId ? [d.locationId] : [])))];

/**
 * The places of an owner's events the viewer may know of: every place its events use, most used
 * first, for members; for guests and unfinished sign-ups only those of its upcoming public
 * events (a members-only event's place is not theirs to see).
 */
export async function ownerPlaceIds(owner: OwnerRef, viewer: Viewer): Promise<string[]> {
  if (viewer.member || viewer.admin) return ownerLocationIds(ownerPkOf({ ownerType: owner.type, ownerId: owner.id }));
  return placesOf(await upcomingVisible(owner, viewer));
}
