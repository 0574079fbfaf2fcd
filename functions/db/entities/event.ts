/**
 * Events (E1–E7 in docs/data-model.md): a template with dated specifics, who attends each date,
 * and the places events happen at.
 *
 * - `event`: the template under `event#<id>` (title, privacy, owner, place and its IANA zone,
 *   capacity, recurrence). Indexes: the templates at a location (merging locations re-points
 *   them), an owner's templates (deleting a page finds them), and the series the scheduled job
 *   must extend (sparse: live recurring events, by how far they are materialised).
 * - `eventDate`: one item per dated specific, beside its template (`date#<original start ms>`:
 *   a series' date is keyed by series and original start, so the job run twice never writes a
 *   date twice). Its indexes all sort by `endsAt`, so a Query from "now" reads upcoming dates only
 *   and past dates leave every list as they pass, with no job: the owner's dates, everyone's
 *   upcoming public (and members') dates, dates near a point, and the dates due a reminder.
 * - date counts: a raw item per date beside it (`count#<date ms>`: going, maybe, notGoing,
 *   waiting), outside every index, so an attendance's `ADD` rewrites one small item, not the
 *   date's copies in its indexes.
 * - `eventAttendance`: one item per member and date (`attend#<date ms>#<userId>`), with a
 *   member's GOING and MAYBE dates by start (their calendar feed), and a date's waitlist in order.
 * - `eventLocation`: a place events happen at, found by normalised address and by name + state,
 *   and reused across events; `eventCount` counts the templates and dates pointing to it.
 * - `ownerLocation`: the locations an owner's events use, with a use count (a page's
 *   `event_locations`).
 */
import { Entity, type EntityItem } from 'electrodb';
import { ATTENDANCE_STATUSES, EVENT_PRIVACIES, type AttendanceStatus } from '../../../shared/constants';
import { SERVICE } from '../service-name';
import { OWNER_TYPES } from './owner';

/** A geohash prefix kept in step with `geohash` (the geo indexes partition by it). */
const cell = (precision: number) => ({
  type: 'string' as const,
  hidden: true,
  watch: ['geohash'] as const,
  set: (_: unknown, item: { geohash?: string }) => item.geohash?.slice(0, precision),
});

/** The mark of a series with nothing left to extend (and of a one-off event). */
export const SERIES_DONE = '9999-12-31T00:00:00.000Z';

/** A member's answer for one date: the statuses are declared once, in shared/constants.ts. */
export type AttendStatus = AttendanceStatus;

/** The place fields an event and a date override carry (a snapshot of their location). */
const placeAttributes = {
  locationId: { type: 'string' as const },
  placeName: { type: 'string' as const },
  address: { type: 'string' as const },
  suburbCity: { type: 'string' as const },
  state: { type: 'string' as const },
  country: { type: 'string' as const },
  latitude: { type: 'number' as const },
  longitude: { type: 'number' as const },
  geohash: { type: 'string' as const },
};

export const Event = () => new Entity({
  model: { entity: 'event', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    randomId: { type: 'string', required: true, readOnly: true },
    title: { type: 'string', required: true },
    description: { type: 'string', required: true, default: '' },
    privacy: { type: EVENT_PRIVACIES, required: true, default: 'public' },
    ownerType: { type: OWNER_TYPES, required: true, readOnly: true },
    ownerId: { type: 'string', required: true, readOnly: true },
    createdBy: { type: 'string', required: true, readOnly: true },
    ...placeAttributes,
    locationId: { type: 'string', required: true },
    /** The IANA zone of the event's place: dates are shown, and series expanded, in it. */
    timeZone: { type: 'string', required: true },
    tags: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    cover: { type: 'string' },
    capacity: { type: 'number' },
    /** A recurring event: its RRULE (normalised), first start, each date's length, and its end. */
    rrule: { type: 'string' },
    seriesStart: { type: 'string' },
    durationMs: { type: 'number' },
    seriesUntil: { type: 'string' },
    /**
     * The series' dates exist up to here; the job extends it, never past `seriesUntil`. A one-off
     * event, or a finished series, holds SERIES_DONE (past every date: the job's query skips it).
     */
    materialisedUntil: { type: 'string', required: true, default: () => SERIES_DONE },
    /** When the owner was told the series runs out (once per end). */
    endingToldFor: { type: 'string' },
    dateCount: { type: 'number', required: true, default: 0 },
    version: { type: 'number', required: true, default: 0 },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
    deletedAt: { type: 'string' },
    /** Who deleted it (their notices to attendees name them), for the sweep that may run later. */
    deletedBy: { type: 'string' },
    /** Hidden by an admin after a report: out of every list, seen by its creator and admins alone. */
    hiddenAt: { type: 'string' },
    hiddenBy: { type: 'string' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], template: 'event#${id}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'event', casing: 'none' },
    },
    /** The live templates at a location (E5b): a merge re-points them. */
    atLocation: {
      index: 'gsi1',
      condition: (a: { deletedAt?: string }) => !a.deletedAt,
      pk: { field: 'gsi1pk', composite: ['locationId'], template: 'evlocuse#${locationId}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['id'], template: 'event#${id}', casing: 'none' },
    },
    /** An owner's templates, newest first (E2b): deleting a page or an account finds them. */
    byOwner: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['ownerType', 'ownerId'], template: 'eventsof#${ownerType}#${ownerId}', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['createdAt', 'id'], template: '${createdAt}#${id}', casing: 'none' },
    },
    /** Live series by how far their dates exist (E6): the job reads those due first. */
    seriesDue: {
      index: 'gsi3',
      condition: (a: { rrule?: string; deletedAt?: string; materialisedUntil?: string }) => !!a.rrule && a.materialisedUntil !== SERIES_DONE && !a.deletedAt,
      pk: { field: 'gsi3pk', composite: [], template: 'series#due', casing: 'none' },
      sk: { field: 'gsi3sk', composite: ['materialisedUntil', 'id'], template: '${materialisedUntil}#${id}', casing: 'none' },
    },
  },
});

export type EventItem = EntityItem<ReturnType<typeof Event>>;

const upcomingPublic = (a: { privacy?: string; cancelled?: boolean; deletedAt?: string }) => a.privacy === 'public' && !a.cancelled && !a.deletedAt;
const upcomingAny = (a: { cancelled?: boolean; deletedAt?: string }) => !a.cancelled && !a.deletedAt;
const nearby = (a: { geohash?: string; cancelled?: boolean; deletedAt?: string }) => !!a.geohash && !a.cancelled && !a.deletedAt;
const byEnd = (field: string) => ({ field, composite: ['endsAt', 'dateKey'] as ['endsAt', 'dateKey'], template: '${endsAt}#${dateKey}', casing: 'none' as const });

export const EventDate = () => new Entity({
  model: { entity: 'eventDate', version: '1', service: SERVICE },
  attributes: {
    eventId: { type: 'string', required: true, readOnly: true },
    /** The original start in ms, 13 digits: the key (with the event id) and the id's second part. */
    dateKey: { type: 'string', required: true, readOnly: true },
    startsAt: { type: 'string', required: true },
    endsAt: { type: 'string', required: true },
    /** Copied from the template: the lists filter and group by them without reading it. */
    ownerType: { type: OWNER_TYPES, required: true, readOnly: true },
    ownerId: { type: 'string', required: true, readOnly: true },
    privacy: { type: EVENT_PRIVACIES, required: true },
    /** The date's place: the template's, or its own override (`ownPlace`). */
    ...placeAttributes,
    geoCell5: cell(5),
    geoCell4: cell(4),
    geoCell3: cell(3),
    ownPlace: { type: 'boolean', required: true, default: false },
    cancelled: { type: 'boolean', required: true, default: false },
    /** Changed by hand (update-specific): a rewrite of the series' future dates keeps it. */
    edited: { type: 'boolean', required: true, default: false },
    /**
     * Counts a date held itself before they moved to its counter item (`count#<dateKey>`, E4d):
     * new dates leave them out, and readers add what an older date still holds to its counter's.
     */
    going: { type: 'number' },
    maybe: { type: 'number' },
    notGoing: { type: 'number' },
    waiting: { type: 'number' },
    /** The UTC day of the start (the reminder index's partition) and whether reminders went out. */
    startDay: {
      type: 'string',
      hidden: true,
      watch: ['startsAt'] as const,
      set: (_: unknown, item: { startsAt?: string }) => item.startsAt?.slice(0, 10),
    },
    reminderSent: { type: 'boolean', required: true, default: false },
    /** Grows with every change of the date: calendar files carry it as SEQUENCE. */
    sequence: { type: 'number', required: true, default: 0 },
    version: { type: 'number', required: true, default: 0 },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
    deletedAt: { type: 'string' },
  },
  indexes: {
    byEvent: {
      pk: { field: 'pk', composite: ['eventId'], template: 'event#${eventId}', casing: 'none' },
      sk: { field: 'sk', composite: ['dateKey'], template: 'date#${dateKey}', casing: 'none' },
    },
    /** Dates with their own place at a location (E5b). */
    atLocation: {
      index: 'gsi1',
      condition: (a: { ownPlace?: boolean; locationId?: string }) => !!a.ownPlace && !!a.locationId,
      pk: { field: 'gsi1pk', composite: ['locationId'], template: 'evlocuse#${locationId}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['eventId', 'dateKey'], template: 'date#${eventId}#${dateKey}', casing: 'none' },
    },
    /** An owner's dates by end (E2): from now on, upcoming first; before now, the past. */
    byOwner: {
      index: 'gsi2',
      condition: (a: { deletedAt?: string }) => !a.deletedAt,
      pk: { field: 'gsi2pk', composite: ['ownerType', 'ownerId'], template: 'evdates#${ownerType}#${ownerId}', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['endsAt', 'eventId', 'dateKey'], template: '${endsAt}#${eventId}#${dateKey}', casing: 'none' },
    },
    /** Dates due a reminder, by start, one partition per UTC day (E7): sparse, until it is sent. */
    reminders: {
      index: 'gsi3',
      condition: (a: { reminderSent?: boolean; cancelled?: boolean; deletedAt?: string }) => !a.reminderSent && !a.cancelled && !a.deletedAt,
      pk: { field: 'gsi3pk', composite: ['startDay'], template: 'reminders#${startDay}', casing: 'none' },
      sk: { field: 'gsi3sk', composite: ['startsAt', 'eventId', 'dateKey'], template: '${startsAt}#${eventId}#${dateKey}', casing: 'none' },
    },
    /** Everyone's public dates by end (E3b, guests). */
    upcomingPublic: {
      index: 'feedPublic',
      condition: upcomingPublic,
      pk: { field: 'pubpk', composite: [], template: 'evdates#all', casing: 'none' },
      sk: { field: 'pubsk', composite: ['endsAt', 'eventId', 'dateKey'], template: '${endsAt}#${eventId}#${dateKey}', casing: 'none' },
    },
    /** Everyone's public and members' dates by end (E3b, members). */
    upcomingMembers: {
      index: 'feedMembers',
      condition: upcomingAny,
      pk: { field: 'mempk', composite: [], template: 'evdates#all', casing: 'none' },
      sk: { field: 'memsk', composite: ['endsAt', 'eventId', 'dateKey'], template: '${endsAt}#${eventId}#${dateKey}', casing: 'none' },
    },
    /** Dates near a point (E3): by cell, sorted by end, so a Query from now reads upcoming ones only. */
    nearby5: { index: 'geo5', condition: nearby, pk: { field: 'geo5pk', composite: ['geoCell5'], template: 'event#${geoCell5}', casing: 'none' }, sk: byEnd('geo5sk') },
    nearby4: { index: 'geo4', condition: nearby, pk: { field: 'geo4pk', composite: ['geoCell4'], template: 'event#${geoCell4}', casing: 'none' }, sk: byEnd('geo4sk') },
    nearby3: { index: 'geo3', condition: nearby, pk: { field: 'geo3pk', composite: ['geoCell3'], template: 'event#${geoCell3}', casing: 'none' }, sk: byEnd('geo3sk') },
  },
});

export type EventDateItem = EntityItem<ReturnType<typeof EventDate>>;

export const EventAttendance = () => new Entity({
  model: { entity: 'eventAttendance', version: '1', service: SERVICE },
  attributes: {
    eventId: { type: 'string', required: true, readOnly: true },
    dateKey: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    status: { type: ATTENDANCE_STATUSES, required: true },
    /** GOING asked beyond the capacity: on the waitlist until a place frees up. */
    waiting: { type: 'boolean', required: true, default: false },
    /** The date's start, copied (and rewritten when the date moves): the member's feed sorts by it. */
    startsAt: { type: 'string', required: true },
    /** When the status was last set: the waitlist's order. */
    since: { type: 'string', required: true },
    /** The reminder went out to this member (set in the same write as their notification). */
    reminded: { type: 'boolean', required: true, default: false },
    /**
     * The date's `sequence` this member has been brought up to date with (its start copied, told
     * of a move or cancellation): a change's attendee work, done in batches, skips those done.
     */
    seenSequence: { type: 'number' },
    version: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    byDate: {
      pk: { field: 'pk', composite: ['eventId'], template: 'event#${eventId}', casing: 'none' },
      sk: { field: 'sk', composite: ['dateKey', 'userId'], template: 'attend#${dateKey}#${userId}', casing: 'none' },
    },
    /** A member's GOING and MAYBE dates by start (E4): their calendar feed and "my events". */
    byUser: {
      index: 'gsi1',
      condition: (a: { status?: string }) => a.status === 'GOING' || a.status === 'MAYBE',
      pk: { field: 'gsi1pk', composite: ['userId'], template: 'attending#${userId}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['startsAt', 'eventId', 'dateKey'], template: '${startsAt}#${eventId}#${dateKey}', casing: 'none' },
    },
    /** A date's waitlist, first come first served (E4b): sparse. */
    waitlist: {
      index: 'gsi3',
      condition: (a: { waiting?: boolean }) => !!a.waiting,
      pk: { field: 'gsi3pk', composite: ['eventId', 'dateKey'], template: 'waitlist#${eventId}#${dateKey}', casing: 'none' },
      sk: { field: 'gsi3sk', composite: ['since', 'userId'], template: '${since}#${userId}', casing: 'none' },
    },
  },
});

export type EventAttendanceItem = EntityItem<ReturnType<typeof EventAttendance>>;

export const EventLocation = () => new Entity({
  model: { entity: 'eventLocation', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    address: { type: 'string' },
    suburbCity: { type: 'string' },
    state: { type: 'string' },
    country: { type: 'string' },
    latitude: { type: 'number', required: true },
    longitude: { type: 'number', required: true },
    geohash: { type: 'string', required: true },
    timeZone: { type: 'string', required: true },
    /** Lower case, accents, punctuation and repeated spaces removed: the lookup keys. */
    addressKey: { type: 'string', required: true, default: '' },
    nameKey: { type: 'string', required: true },
    stateKey: { type: 'string', required: true, default: '' },
    /** Templates and dates pointing here; an orphan (0) may be removed. */
    eventCount: { type: 'number', required: true, default: 0 },
    /** Merged into another location (its id): lookups skip it, and it is removed once nothing points to it. */
    mergedInto: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], template: 'evloc#${id}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'evloc', casing: 'none' },
    },
    /** By normalised address (E5). */
    byAddress: {
      index: 'gsi1',
      condition: (a: { addressKey?: string; mergedInto?: string }) => !!a.addressKey && !a.mergedInto,
      pk: { field: 'gsi1pk', composite: ['addressKey'], template: 'evlocaddr#${addressKey}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['id'], template: '${id}', casing: 'none' },
    },
    /** By normalised name and state (E5). */
    byName: {
      index: 'gsi2',
      condition: (a: { mergedInto?: string }) => !a.mergedInto,
      pk: { field: 'gsi2pk', composite: ['nameKey', 'stateKey'], template: 'evlocname#${nameKey}#${stateKey}', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['id'], template: '${id}', casing: 'none' },
    },
    /** Every location by id (E5c): the admin clean-ups walk it in bounded, resumable batches. */
    all: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: [], template: 'evlocs', casing: 'none' },
      sk: { field: 'gsi3sk', composite: ['id'], template: '${id}', casing: 'none' },
    },
  },
});

export type EventLocationItem = EntityItem<ReturnType<typeof EventLocation>>;

/** The random id of an event's page (`/event/<randomId>`), claimed once: one GetItem finds the event. */
export const EventRandomId = () => new Entity({
  model: { entity: 'eventRandomId', version: '1', service: SERVICE },
  attributes: {
    randomId: { type: 'string', required: true, readOnly: true },
    eventId: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byRandomId: {
      pk: { field: 'pk', composite: ['randomId'], template: 'eventrid#${randomId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'eventrid', casing: 'none' },
    },
  },
});

/** Keys spelled out for BatchGets, condition checks and `ADD`s. */
export const eventPk = (id: string): string => `event#${id}`;
export const eventKey = (id: string): { pk: string; sk: string } => ({ pk: eventPk(id), sk: 'event' });
export const eventDateKey = (eventId: string, dateKey: string): { pk: string; sk: string } => ({ pk: eventPk(eventId), sk: `date#${dateKey}` });
// A date's attendance counts, attendee work and the owners' links to locations are raw items: their
// keys and builders are in functions/db/items/ (date-counts.ts, event-work.ts, event-location.ts).
export const attendanceKey = (eventId: string, dateKey: string, userId: string): { pk: string; sk: string } => ({ pk: eventPk(eventId), sk: `attend#${dateKey}#${userId}` });
export const eventLocationKey = (id: string): { pk: string; sk: string } => ({ pk: `evloc#${id}`, sk: 'evloc' });
