/**
 * What the events routes answer (the `data` of the success envelope): an event with its dates,
 * dates as lists show them, attendees, locations, and the calendar feed's address.
 */
import * as z from 'zod';
import { ATTENDANCE_STATUSES, EVENT_PRIVACIES } from '../constants';
import { responder } from './comments';

const count = () => z.number().int().nonnegative();

/** Where an event (or one of its dates) happens. */
export const eventPlace = z.strictObject({
  locationId: z.string().nullable(),
  name: z.string(),
  address: z.string().nullable(),
  suburbCity: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  label: z.string().describe('"Community garden, 12 Main St, Newtown"'),
  latitude: z.number(),
  longitude: z.number(),
});
export type EventPlace = z.output<typeof eventPlace>;

/** Who holds the event: a member or a page. */
export const eventOwner = z.strictObject({
  type: z.enum(['user', 'page']),
  id: z.string(),
  handle: z.string().nullable().describe('The page\'s handle or the member\'s username; null when the account is gone'),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type EventOwner = z.output<typeof eventOwner>;

/** One dated specific. */
export const eventDateView = z.strictObject({
  id: z.string().describe('<event id>.<original start in ms>: stable, the calendar UID comes from it'),
  eventId: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  cancelled: z.boolean(),
  edited: z.boolean().describe('Changed by hand: rewriting the series keeps it'),
  place: eventPlace.nullable().describe('This date\'s own place; null when it is the event\'s'),
  counts: z.strictObject({ going: count(), maybe: count(), notGoing: count(), waiting: count() }),
  full: z.boolean().describe('GOING now puts the member on the waitlist'),
  myStatus: z.enum(ATTENDANCE_STATUSES).nullable().describe('The viewer\'s status; null for guests and when none is set'),
  myWaiting: z.boolean().describe('The viewer asked for GOING and waits for a place'),
  myWaitlistPosition: z.number().int().positive().nullable().describe('Where the viewer stands on the waitlist (1: the next place is theirs); null when not waiting'),
});
export type EventDateView = z.output<typeof eventDateView>;

export const recurrenceView = z.strictObject({
  rrule: z.string(),
  description: z.string().describe('"Every Saturday"'),
  until: z.string().nullable().describe('The series\' end; null while it runs on (it is extended up to six months ahead)'),
  datesUntil: z.string().nullable().describe('Dates exist up to here'),
});

export const eventView = z.strictObject({
  id: z.string(),
  randomId: z.string(),
  url: z.string().describe('The event\'s page, absolute'),
  title: z.string(),
  description: z.string(),
  privacy: z.enum(EVENT_PRIVACIES),
  owner: eventOwner,
  createdBy: z.string(),
  place: eventPlace,
  timeZone: z.string().describe('IANA zone of the place: dates are local times there'),
  tags: z.array(z.string()),
  cover: z.string().nullable(),
  capacity: z.number().int().positive().nullable(),
  recurrence: recurrenceView.nullable(),
  specifics: z.array(eventDateView).describe('Dates from 30 days ago on, in order of start'),
  canEdit: z.boolean().describe('The viewer may change the event (its creator, or an admin of its page)'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EventView = z.output<typeof eventView>;

export const eventAnswer = z.strictObject({ event: eventView });
export const eventDeleted = z.strictObject({ deleted: z.literal(true) });
export const specificAnswer = z.strictObject({ specific: eventDateView, event: eventView });

/** A date as lists show it: the date and the event's summary. */
export const eventDateCard = z.strictObject({
  event: z.strictObject({
    id: z.string(),
    randomId: z.string(),
    title: z.string(),
    privacy: z.enum(EVENT_PRIVACIES),
    owner: eventOwner,
    place: eventPlace,
    timeZone: z.string(),
    cover: z.string().nullable(),
    recurring: z.boolean(),
  }),
  date: eventDateView,
});
export type EventDateCard = z.output<typeof eventDateCard>;

export const eventDates = z.strictObject({
  dates: z.array(eventDateCard),
  cursorId: z.string().nullable(),
});
export type EventDates = z.output<typeof eventDates>;

export const myPagesDatesAnswer = z.strictObject({
  dates: z.array(eventDateCard).describe('Upcoming dates of the pages the caller belongs to, soonest first'),
});
export type MyPagesDates = z.output<typeof myPagesDatesAnswer>;

export const nearbyEvent = eventDateCard.extend({
  distance_km: z.number().int().nonnegative().describe('Rounded to 1 km'),
});
export type NearbyEvent = z.output<typeof nearbyEvent>;

export const nearbyEvents = z.strictObject({
  events: z.array(nearbyEvent).describe('One entry per event, its next date; soonest first, then nearest'),
  radius_km: z.number().positive(),
});
export type NearbyEvents = z.output<typeof nearbyEvents>;

export const allNearbyEvents = z.strictObject({
  dates: z.array(nearbyEvent).describe('Every upcoming date within the radius, soonest first'),
  radius_km: z.number().positive(),
});

export const attendee = z.strictObject({ user: responder, status: z.enum(ATTENDANCE_STATUSES), waiting: z.boolean(), since: z.string() });
export const eventAttendees = z.strictObject({
  specific: eventDateView,
  attendees: z.array(attendee).describe('GOING first, then the waitlist, then MAYBE'),
  cursorId: z.string().nullable(),
});

export const eventLocationView = z.strictObject({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  suburbCity: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  timeZone: z.string(),
  eventCount: count(),
});
export type EventLocationView = z.output<typeof eventLocationView>;
export const eventLocations = z.strictObject({ locations: z.array(eventLocationView) });

export const locationCleanup = z.strictObject({
  checked: count().describe('Locations looked at in this batch'),
  merged: count(),
  removed: count(),
  repointed: count().describe('Events and dates moved to the location they were merged into'),
  cursorId: z.string().nullable().describe('Call again with it to go on; null when the walk is done'),
});

export const icsUrl = z.strictObject({ url: z.string() });
export const eventNotified = z.strictObject({ notified: z.boolean() });
