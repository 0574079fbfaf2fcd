/** The events routes (events and their dates, attendance, locations, calendars): each contract entry with its handler and grants. */
import * as events from '../../shared/contract/events';
import type { RouteDef } from '../lib/route-types';

const RW = ['table:read', 'table:write'] as const;
/** Routes that read the gazetteer (the time zone of an event's place) get more memory, and with it more CPU to load it. */
const GAZETTEER_MB = 512;

export const eventsRoutes = [
  { ...events.newEvent, handler: 'events/handlers/new-event', grants: [...RW, 'images:read'], memoryMb: GAZETTEER_MB },
  { ...events.newSpecifics, handler: 'events/handlers/new-specifics', grants: [...RW] },
  { ...events.updateEvent, handler: 'events/handlers/update-event', grants: [...RW, 'images:read', 'images:write'], memoryMb: GAZETTEER_MB },
  { ...events.updateSpecific, handler: 'events/handlers/update-specific', grants: [...RW], memoryMb: GAZETTEER_MB },
  { ...events.futureDates, handler: 'events/handlers/future-dates', grants: [...RW] },
  { ...events.attendSpecific, handler: 'events/handlers/attend-specific', grants: [...RW] },
  // Deletes the event's stored image first, then the event, its dates and attendance.
  { ...events.deleteEvent, handler: 'events/handlers/delete-event', grants: [...RW, 'images:write'] },
  { ...events.eventImageUpload, handler: 'events/handlers/event-image-upload', grants: [...RW, 'images:write'] },
  { ...events.dateAttendees, handler: 'events/handlers/date-attendees', grants: ['table:read'] },
  { ...events.eventsByPage, handler: 'events/handlers/events-by-page', grants: ['table:read'] },
  { ...events.eventsByUser, handler: 'events/handlers/events-by-user', grants: ['table:read'] },
  { ...events.myPagesDates, handler: 'events/handlers/my-pages-dates', grants: ['table:read'] },
  { ...events.pageEvents, handler: 'events/handlers/page-events', grants: ['table:read'] },
  { ...events.singleEvent, handler: 'events/handlers/single-event', grants: ['table:read'] },
  { ...events.moreEvents, handler: 'events/handlers/more-events', grants: ['table:read'] },
  { ...events.nearbyEvents, handler: 'events/handlers/nearby-events', grants: ['table:read'] },
  { ...events.allNearbyEvents, handler: 'events/handlers/all-nearby-events', grants: ['table:read'] },
  { ...events.locationByName, handler: 'events/handlers/location-by-name', grants: ['table:read'] },
  { ...events.locationByAddress, handler: 'events/handlers/location-by-address', grants: ['table:read'] },
  { ...events.eventLocations, handler: 'events/handlers/event-locations', grants: ['table:read'] },
  { ...events.pageLocations, handler: 'events/handlers/page-locations', grants: ['table:read'] },
  { ...events.locationDuplicates, handler: 'events/handlers/location-duplicates', grants: [...RW] },
  { ...events.orphanedLocations, handler: 'events/handlers/orphaned-locations', grants: [...RW] },
  { ...events.newEventNotif, handler: 'events/handlers/new-event-notif', grants: ['table:read'] },
  { ...events.eventIcs, handler: 'events/handlers/event-ics', grants: ['table:read'] },
  { ...events.icsFeed, handler: 'events/handlers/ics-feed', grants: ['table:read'] },
  { ...events.icsToken, handler: 'events/handlers/ics-token', grants: [...RW] },
] as const satisfies readonly RouteDef[];
