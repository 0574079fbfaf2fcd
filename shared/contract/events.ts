/** The events routes' contract: events and their dates, attendance, locations, calendars. */
import {
  allNearbyEvents as allNearbyEventsAnswer, eventAnswer, eventAttendees, eventDates, eventDeleted, eventLocations as eventLocationsAnswer, eventNotified, icsUrl,
  locationCleanup, myPagesDatesAnswer, nearbyEvents as nearbyEventsAnswer, specificAnswer,
} from '../answers/events';
import {
  adminLocationsInput, attendInput, deleteEventInput, eventDetailsParams, eventImageUploadInput, eventLocationsParams, eventNotifInput, eventParams, eventsByPageParams, eventsByUserParams,
  futureDatesInput, icsFeedParams, icsTokenInput, locationByAddressParams, locationByNameParams, moreEventsParams, nearbyEventsQuery, newEventInput,
  newSpecificsInput, pageEventsParams, pageLocationsParams, updateEventInput, updateSpecificInput,
} from '../schemas/events';
import { presignedUpload } from '../answers/images';
import { noInput } from '../schemas/common';
import { defineRoute, rawAnswer } from './route';

const CALENDAR = rawAnswer('text/calendar; charset=utf-8');

// ── Writing events ──────────────────────────────────────────────────────────────────────────

export const newEvent = defineRoute({
  method: 'POST', path: '/api/iam/events/new', access: 'registered', status: 201, idempotent: true,
  input: newEventInput, output: eventAnswer,
  errors: { 404: 'no such page', 409: 'the id belongs to another event', 429: 'past the event limit' },
  summary: 'Create an event (the contract under "Events — calendar and creation contract"): id (client UUID), title, description, privacy, pageId? (the page holds it; its admins and moderators may), location { name, address?, suburbCity?, state?, country?, latitude, longitude }, specifics [{ startsAt, endsAt }], recurrence? { rrule, until? } (the first specific starts the series; its dates are made 8 weeks ahead, at most 6 months), capacity?, tags?, cover? (a key from POST /api/iam/events/image-upload for this id): 201 { event } (200 for a retry with the same id).',
});

export const newSpecifics = defineRoute({
  method: 'POST', path: '/api/iam/events/new-specifics', access: 'self',
  input: newSpecificsInput, output: eventAnswer,
  errors: { 404: 'no such event', 429: 'past the event limit' },
  summary: 'Add dates to an event (eventId, specifics [{ startsAt, endsAt }]; its creator, or its page\'s admins and moderators): { event }. A date that already exists at the same start is not added twice.',
});

export const updateEvent = defineRoute({
  method: 'PUT', path: '/api/iam/events/update', access: 'self',
  input: updateEventInput, output: eventAnswer,
  errors: { 404: 'no such event', 409: 'the event was deleted or changed meanwhile', 429: 'past the event limit' },
  summary: 'Change an event (eventId; title?, description?, privacy?, location?, capacity? (null: none), tags?, seriesUntil? (extends or ends a series, at most 6 months ahead; an earlier end cancels the later dates people attend and removes the others, dates edited by hand kept), cover? (a key from POST /api/iam/events/image-upload; null: none; the replaced photo is deleted)): { event }. A larger capacity moves waiting members up.',
});

export const updateSpecific = defineRoute({
  method: 'PUT', path: '/api/iam/events/update-specific', access: 'self',
  input: updateSpecificInput, output: specificAnswer,
  errors: { 404: 'no such date', 409: 'the date was removed or the event changed meanwhile', 429: 'past the event limit' },
  summary: 'Change one date (specificId; startsAt?, endsAt?, cancelled?, location? (null: the event\'s)): { specific, event }. The date is kept when the series is rewritten; its attendees are told when it moves or is cancelled.',
});

export const futureDates = defineRoute({
  method: 'PUT', path: '/api/iam/events/future-dates/update', access: 'self',
  input: futureDatesInput, output: eventAnswer,
  errors: { 404: 'no such event', 409: 'the event changed meanwhile', 429: 'past the event limit' },
  summary: 'Rewrite a series from a pivot on (eventId, from, first { startsAt, endsAt }, recurrence { rrule, until? }): dates from `from` that were not edited by hand move to the new rule\'s date of the same local day, or are cancelled (attendees told) or removed (none); new dates are added: { event }.',
});

export const attendSpecific = defineRoute({
  method: 'PUT', path: '/api/iam/events/upsert-attend-specific', access: 'registered',
  input: attendInput, output: specificAnswer,
  errors: { 404: 'no such date the caller may see', 409: 'the date is cancelled or over', 429: 'past the attendance limit' },
  summary: 'Set the caller\'s status for one date (specificId, status MAYBE | GOING | NOT_GOING): { specific, event }. GOING beyond the capacity waits on the waitlist; when a GOING member leaves, the first waiting one moves up and is told. The creator is told, in the same write, unless they are the one attending.',
});

export const deleteEvent = defineRoute({
  method: 'DELETE', path: '/api/iam/events', access: 'self',
  input: deleteEventInput, output: eventDeleted,
  errors: { 404: 'no such event', 409: 'the event changed meanwhile' },
  summary: 'Delete an event (eventId; userId?, which must be the caller\'s): its stored image first, then the event and its dates; attendees of upcoming dates are told: { deleted: true }.',
});

export const eventImageUpload = defineRoute({
  method: 'POST', path: '/api/iam/events/image-upload', access: 'self',
  input: eventImageUploadInput, output: presignedUpload,
  errors: { 404: 'no such event', 429: 'past the upload limit' },
  summary: 'A presigned PUT for an event\'s cover photo (eventId, contentType, size ≤ 5 MB): { url, key, headers, expires_in }. For an existing event, those who may change it (its creator, or its page\'s admins and moderators); for an event about to be created, its new id. events/new or events/update claims the key within a day; else it is removed.',
});

// ── Reading events ──────────────────────────────────────────────────────────────────────────

export const dateAttendees = defineRoute({
  method: 'GET', path: '/api/iam/events/details/{a}/{b}', access: 'user',
  input: eventDetailsParams, output: eventAttendees,
  errors: { 403: 'registration not complete, or the account suspended (who is going)' },
  summary: 'One date\'s attendees (a = the event\'s id or random id, b = the date\'s key (the digits after the dot of its id) or next): { specific, attendees, cursorId }. Members only.',
});

export const eventsByPage = defineRoute({
  method: 'GET', path: '/api/iam/events/get-by-page/{a}/{b}', access: 'user',
  input: eventsByPageParams, output: eventDates,
  errors: { 404: 'no such page (or one an admin hid, but to its staff)' },
  summary: 'A page\'s dates (a = pageId, b = upcoming (soonest first) or past (latest first)), cursor paged: { dates, cursorId }.',
});

export const eventsByUser = defineRoute({
  method: 'GET', path: '/api/iam/events/get-by-user/{id}', access: 'user',
  input: eventsByUserParams, output: eventDates,
  summary: 'A member\'s own events\' dates (id = their uuid; when = upcoming (default) or past), cursor paged: { dates, cursorId }.',
});

export const myPagesDates = defineRoute({
  method: 'GET', path: '/api/iam/events/my-pages', access: 'user',
  input: noInput, output: myPagesDatesAnswer,
  summary: 'The upcoming dates of the pages the caller belongs to (their first 25 pages, at most 20 dates each, 60 in all), soonest first, cancelled ones included: { dates }.',
});

export const pageEvents = defineRoute({
  method: 'GET', path: '/api/page/events/{arg}', access: 'public',
  input: pageEventsParams, output: eventDates,
  errors: { 404: 'no such page' },
  summary: 'A page\'s dates (arg = its handle or id; when = upcoming (default) or past), cursor paged: { dates, cursorId }. Guests see public events only.',
});

export const singleEvent = defineRoute({
  method: 'GET', path: '/api/events/{id}', access: 'public',
  input: eventParams, output: eventAnswer,
  errors: { 404: 'no such event the viewer may see' },
  summary: 'An event (id = its id or random id) with its dates from 30 days ago on and the viewer\'s status on each: { event }. Members-only events: 404 without a session.',
});

export const moreEvents = defineRoute({
  method: 'GET', path: '/api/events/more/{arg}', access: 'public',
  input: moreEventsParams, output: eventDates,
  summary: 'Everyone\'s upcoming dates, soonest first (arg = all), cursor paged: { dates, cursorId }. Guests see public events only.',
});

export const nearbyEvents = defineRoute({
  method: 'GET', path: '/api/events/nearby', access: 'public',
  input: nearbyEventsQuery, output: nearbyEventsAnswer,
  summary: 'Events near a point (lat, long; take? ≤ 50, default 10; radiusKm? ≤ 100, default 20), each with its next date, soonest first (then nearest), with the distance; upcoming only, at most 9 Queries: { events, radius_km }.',
});

export const allNearbyEvents = defineRoute({
  method: 'GET', path: '/api/events/all/nearby', access: 'public',
  input: nearbyEventsQuery, output: allNearbyEventsAnswer,
  summary: 'Every upcoming date near a point (lat, long; radiusKm? ≤ 100, default 20), soonest first, at most 100: { dates, radius_km }. The month view of /events reads it.',
});

// ── Locations ───────────────────────────────────────────────────────────────────────────────

export const locationByName = defineRoute({
  method: 'GET', path: '/api/iam/events/get-event-location/name-state/{name}/{state}', access: 'user',
  input: locationByNameParams, output: eventLocationsAnswer,
  errors: { 403: 'registration not complete, or the account suspended' },
  summary: 'Event locations by name and state (both URL-encoded; matched without case, accents or punctuation; state `-` for none): { locations }. For members: 403 to unfinished sign-ups and suspended members.',
});

export const locationByAddress = defineRoute({
  method: 'GET', path: '/api/iam/events/get-event-location/address/{p1}/{p2}/{p3}', access: 'user',
  input: locationByAddressParams, output: eventLocationsAnswer,
  errors: { 403: 'registration not complete, or the account suspended' },
  summary: 'Event locations by address (p1 = street, p2 = suburb or city, p3 = state; URL-encoded, `-` for an empty part; matched normalised): { locations }. For members: 403 to unfinished sign-ups and suspended members.',
});

export const eventLocations = defineRoute({
  method: 'GET', path: '/api/iam/events/get-event-locations/event/{eventId}/{randomId}', access: 'user',
  input: eventLocationsParams, output: eventLocationsAnswer,
  summary: 'The locations of an event (eventId, or null and its randomId): the event\'s and its dates\' own: { locations }.',
});

export const pageLocations = defineRoute({
  method: 'GET', path: '/api/iam/events/get-event-locations/page/{id}', access: 'user',
  input: pageLocationsParams, output: eventLocationsAnswer,
  errors: { 404: 'no such page (or one an admin hid, but to its staff)' },
  summary: 'The locations a page\'s events use (id = pageId), most used first: { locations }.',
});

export const locationDuplicates = defineRoute({
  method: 'DELETE', path: '/api/iam/admin/location-duplicates', access: 'admin',
  input: adminLocationsInput, output: locationCleanup,
  summary: 'Merge duplicate event locations (the same normalised address, or the same name within 50 m), re-pointing their events and dates, one bounded batch per call (cursorId? to go on): { checked, merged, removed, repointed, cursorId }.',
});

export const orphanedLocations = defineRoute({
  method: 'DELETE', path: '/api/iam/admin/orphaned-locations', access: 'admin',
  input: adminLocationsInput, output: locationCleanup,
  summary: 'Remove event locations no event or date points to, one bounded batch per call (cursorId? to go on): { checked, merged, removed, repointed, cursorId }.',
});

// ── Notifications and calendars ─────────────────────────────────────────────────────────────

export const newEventNotif = defineRoute({
  method: 'POST', path: '/api/iam/notifications/new-event-notif', access: 'user',
  input: eventNotifInput, output: eventNotified,
  errors: { 404: 'no such event' },
  summary: 'Compatibility: kept for clients written against the route catalogue, which call it after answering; the server writes an attendance\'s notification with the attendance, so none is lost or forged. Accepts only a date the caller has a status on (specificId) and answers { notified } (false when the caller is the creator) without writing again; 404 for any other.',
});

export const eventIcs = defineRoute({
  method: 'GET', path: '/api/events/{id}/ics', access: 'public', platformExempt: true,
  input: eventParams, output: CALENDAR,
  errors: { 404: 'no such event the viewer may see' },
  summary: 'The event\'s dates as an iCalendar file from 30 days ago on (id = its id or random id): `text/calendar; charset=utf-8`, `Content-Disposition` with a file name made from the title. An event without recurrence: one VEVENT per specific (stable `UID`, `DTSTART`/`DTEND` the specific\'s instants, `SUMMARY` = title, `LOCATION`, `GEO` when known, `URL` to `/event/{randomId}`, `ORGANIZER`, `STATUS:CANCELLED` for a cancelled date). A repeating event: one VEVENT for the series with its `RRULE` (and `UNTIL` when it ends), `DTSTART` in the place\'s time zone with that zone\'s `VTIMEZONE`; a VEVENT with the same `UID` and a `RECURRENCE-ID` for each date changed by hand or cancelled; `EXDATE` for dates removed; dates added by hand as VEVENTs of their own. Expanded by a calendar (e.g. ical.js), the series gives exactly the event\'s specifics over the range already made, at the same instants. No client-platform header needed. Members-only events: 404 without a session.',
});

export const icsFeed = defineRoute({
  method: 'GET', path: '/api/ics/{token}', access: 'public', platformExempt: true,
  input: icsFeedParams, output: CALENDAR,
  errors: { 404: 'no such feed' },
  summary: 'A member\'s private calendar feed (token from POST /api/iam/events/ics-token): their GOING and MAYBE dates and their pages\' events, from 30 days ago on. 404 for an unknown or rotated token.',
});

export const icsToken = defineRoute({
  method: 'POST', path: '/api/iam/events/ics-token', access: 'registered',
  input: icsTokenInput, output: icsUrl,
  errors: { 429: 'past the feed-link limit' },
  summary: 'Make a new private calendar feed address for the caller; the previous one stops working: { url }.',
});
