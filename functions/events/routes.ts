/** The events routes (events and their dates, attendance, locations, calendars): each contract entry with its handler and grants. */
import * as events from '../../shared/contract/events';
import type { RouteDef } from '../lib/route-types';

const RW = ['table:read', 'table:write'] as const;
/** Routes that read the gazetteer (the time zone of an event's place) get more memory, and with it more CPU to load it. */
const GAZETTEER_MB = 512;

export const eventsRoutes = [
  { ...events.newEvent, handler: 'events/new-event', grants: [...RW, 'images:read'], memoryMb: GAZETTEER_MB },
  { ...events.newSpecifics, handler: 'events/new-specifics', grants: [...RW] },
  { ...events.updateEvent, handler: 'events/update-event', grants: [...RW, 'images:read', 'images:write'], memoryMb: GAZETTEER_MB },
  { ...events.updateSpecific, handler: 'events/update-specific', grants: [...RW], memoryMb: GAZETTEER_MB },
  { ...events.futureDates, handler: 'events/future-dates', grants: [...RW] },
  { ...events.attendSpecific, handler: 'events/attend-specific', grants: [...RW] },
  // Deletes the event's stored image first, then the event, its dates and attendance.
  { ...events.deleteEvent, handler: 'events/delete-event', grants: [...RW, 'images:write'] },
  { ...events.eventImageUpload, handler: 'events/event-image-upload', grants: [...RW, 'images:write'] },
  { ...events.dateAttendees, handler: 'events/date-attendees', grants: ['table:read'] },
  { ...events.eventsByPage, handler: 'events/events-by-page', grants: ['table:read'] },
  { ...events.eventsByUser, handler: 'events/events-by-user', grants: ['table:read'] },
  { ...events.myPagesDates, handler: 'events/my-pages-dates', grants: ['table:read'] },
  { ...events.pageEvents, handler: 'events/page-events', grants: ['table:read'] },
  { ...events.singleEvent, handler: 'events/single-event', grants: ['table:read'] },
  { ...events.moreEvents, handler: 'events/more-events', grants: ['table:read'] },
  { ...events.nearbyEvents, handler: 'events/nearby-events', grants: ['table:read'] },
  { ...events.allNearbyEvents, handler: 'events/all-nearby-events', grants: ['table:read'] },
  { ...events.locationByName, handler: 'events/location-by-name', grants: ['table:read'] },
  { ...events.locationByAddress, handler: 'events/location-by-address', grants: ['table:read'] },
  { ...events.eventLocations, handler: 'events/event-locations', grants: ['table:read'] },
  { ...events.pageLocations, handler: 'events/page-locations', grants: ['table:read'] },
  { ...events.locationDuplicates, handler: 'events/location-duplicates', grants: [...RW] },
  { ...events.orphanedLocations, handler: 'events/orphaned-locations', grants: [...RW] },
  { ...events.newEventNotif, handler: 'events/new-event-notif', grants: ['table:read'] },
  { ...events.eventIcs, handler: 'events/event-ics', grants: ['table:read'] },
  { ...events.icsFeed, handler: 'events/ics-feed', grants: ['table:read'] },
  { ...events.icsToken, handler: 'events/ics-token', grants: [...RW] },
] as const satisfies readonly RouteDef[];
