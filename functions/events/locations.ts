/**
 * Event locations (E5): places events happen at, reused across events. A location's id comes
 * from its normalised address (or, without one, its name, state and ~150 m cell), so two events
 * at the same address share one location without a lookup, and two creations at once converge on
 * the same item. Each template or date pointing to a location counts in its `eventCount`, and in
 * its owner's link to the location (a page's `event_locations`), in the same transaction.
 */
import { createHash } from 'node:crypto';
import type { EventLocationView } from '../../shared/answers/events';
import { encodeGeohash } from '../../shared/geohash';
import type { EventLocationInput } from '../../shared/schemas/events';
import { partitionPage } from '../db/batch';
import { type EventItem, type EventLocationItem } from '../db/entities/event';
import { ownerPk } from '../db/entities/owner';
import { locationUses, ownerLocationUses } from '../db/items/event-location';
import { db } from '../db/service';
import { txEntities, type TxItem } from '../db/transact';
import { badRequest, forbidden } from '../lib/errors';
import { nearestPlace } from '../location/gazetteer';
import type { Viewer } from '../lib/session/viewer';

/**
 * The IANA zone of a position: the nearest populated place's, from the gazetteer (400 on `field`
 * when no place is near). Only the routes that set a place call it, so only they carry the index.
 */
export async function zoneAt(latitude: number, longitude: number, field = 'location'): Promise<string> {
  const place = await nearestPlace(latitude, longitude);
  if (!place) throw badRequest('is too far from any known place to know its time zone', field);
  return place.timeZone;
}

/** Lower case, accents and punctuation removed, spaces collapsed: "12 Main St." and "12 main st" are one key. */
export function normaliseKey(text: string | undefined): string {
  return (text ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/ +/g, '-');
}

/** The lookup key of an address: street, suburb or city, state. */
export function addressKeyOf(p: Pick<EventLocationInput, 'address' | 'suburbCity' | 'state'>): string | undefined {
  if (!p.address?.trim()) return undefined;
  return [p.address, p.suburbCity, p.state].map(normaliseKey).join('|');
}

function uuidFrom(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The location's id: from its address, else from its name, state and ~150 m cell. */
export function locationIdOf(p: EventLocationInput): string {
  const addressKey = addressKeyOf(p);
  if (addressKey) return uuidFrom(`addr|${addressKey}`);
  return uuidFrom(`name|${normaliseKey(p.name)}|${normaliseKey(p.state)}|${encodeGeohash(p).slice(0, 7)}`);
}

/** The place fields an event or a date stores (a snapshot of the location). */
export interface PlaceSnapshot {
  locationId: string;
  placeName: string;
  address?: string;
  suburbCity?: string;
  state?: string;
  country?: string;
  latitude: number;
  longitude: number;
  geohash: string;
}

export function snapshotOf(p: EventLocationInput, locationId = locationIdOf(p)): PlaceSnapshot {
  return {
    locationId,
    placeName: p.name,
    ...(p.address ? { address: p.address } : {}),
    ...(p.suburbCity ? { suburbCity: p.suburbCity } : {}),
    ...(p.state ? { state: p.state } : {}),
    ...(p.country ? { country: p.country } : {}),
    latitude: p.latitude,
    longitude: p.longitude,
    geohash: encodeGeohash(p),
  };
}

export async function getLocation(id: string): Promise<EventLocationItem | null> {
  const { data } = await db().entities.eventLocation.get({ id }).go({ consistent: true });
  return (data as EventLocationItem | null) ?? null;
}

/**
 * The transaction items that make one more template or date point to the location: create it
 * when `existing` is null (the transaction fails if another creation won: read again and retry),
 * else count one more use. And the owner's link.
 */
export function useLocation(p: EventLocationInput, existing: EventLocationItem | null, timeZone: string, ownerPk: string, now: string): TxItem[] {
  const id = existing?.id ?? locationIdOf(p);
  const { eventLocation } = txEntities();
  const location = existing
    ? eventLocation.update({ id }).add({ eventCount: 1 }).commit()
    : eventLocation
        .create({
          id,
          name: p.name,
          ...(p.address ? { address: p.address, addressKey: addressKeyOf(p) } : {}),
          ...(p.suburbCity ? { suburbCity: p.suburbCity } : {}),
          ...(p.state ? { state: p.state } : {}),
          ...(p.country ? { country: p.country } : {}),
          latitude: p.latitude,
          longitude: p.longitude,
          geohash: encodeGeohash(p),
          timeZone,
          nameKey: normaliseKey(p.name),
          stateKey: normaliseKey(p.state),
          eventCount: 1,
          createdAt: now,
        })
        .commit();
  return [location, ownerLocationUses(ownerPk, id, 1)];
}

/**
 * The lookups by name and by address find every location, including those only members-only
 * events use: like those events, they are for members, not for an unfinished sign-up or a
 * suspended member.
 */
export function assertMayLookUpPlaces(viewer: Viewer): void {
  if (!viewer.member && !viewer.admin) throw forbidden(viewer.suspended ? 'Your account is suspended' : 'Complete your registration to look up event places');
}

/** The partition of an event's owner, where its links to the locations it uses are kept. */
export const ownerPkOf = (o: Pick<EventItem, 'ownerType' | 'ownerId'>): string => ownerPk({ type: o.ownerType, id: o.ownerId });

/** One use fewer of a location (a template or date moved away or was deleted), and of the owner's link. */
export function releaseLocation(locationId: string, ownerPk: string): TxItem[] {
  return [
    locationUses(locationId, -1),
    ownerLocationUses(ownerPk, locationId, -1),
  ];
}

export function locationViewOf(l: EventLocationItem): EventLocationView {
  return {
    id: l.id,
    name: l.name,
    address: l.address ?? null,
    suburbCity: l.suburbCity ?? null,
    state: l.state ?? null,
    country: l.country ?? null,
    latitude: l.latitude,
    longitude: l.longitude,
    timeZone: l.timeZone,
    eventCount: Math.max(0, l.eventCount),
  };
}

/** Live locations by id (one BatchGet each 100), merged ones followed to where they went. */
export async function locationsById(ids: string[]): Promise<EventLocationItem[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const { data } = await db().entities.eventLocation.get(unique.map((id) => ({ id }))).go();
  const found = (data as EventLocationItem[]).filter((l) => !l.mergedInto);
  const order = new Map(unique.map((id, i) => [id, i]));
  return found.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

export async function locationsByName(name: string, state: string): Promise<EventLocationItem[]> {
  const { data } = await db().entities.eventLocation.query.byName({ nameKey: normaliseKey(name), stateKey: normaliseKey(state === '-' ? '' : state) }).go({ limit: 50 });
  return data as EventLocationItem[];
}

export async function locationsByAddress(street: string, suburb: string, state: string): Promise<EventLocationItem[]> {
  const part = (s: string) => (s === '-' ? '' : s);
  const key = addressKeyOf({ address: part(street), suburbCity: part(suburb), state: part(state) });
  if (!key) return [];
  const { data } = await db().entities.eventLocation.query.byAddress({ addressKey: key }).go({ limit: 50 });
  return data as EventLocationItem[];
}

/** The locations an owner's events use, most used first (the owner's links; at most 100). */
export async function ownerLocationIds(ownerPk: string): Promise<string[]> {
  const { items } = await partitionPage(ownerPk, 'evloc#', { limit: 100 });
  return items
    .filter((i) => Number(i.uses ?? 0) > 0)
    .sort((a, b) => Number(b.uses ?? 0) - Number(a.uses ?? 0))
    .map((i) => String(i.locationId));
}
