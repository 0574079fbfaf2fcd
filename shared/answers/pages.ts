/**
 * What the pages routes and the places routes answer (the `data` of the success envelope): pages
 * as cards and in full, their members and join requests, pages near a point, the "Near you"
 * panel, and places from the gazetteer.
 */
import * as z from 'zod';
import { ASSIGNABLE_PAGE_ROLES, PAGE_ROLES } from '../page-roles';
import { eventDateCard, eventLocationView, nearbyEvent } from './events';
import { feedCounts, nearbyPlant } from './feeds';
import { postView } from './posts';
import { responder } from './comments';
import { siteLocation } from './site-settings';
import { swapRecord } from './swaps';

const count = () => z.number().int().nonnegative();

export const PAGE_STATUSES = ['member', 'requested', 'invited'] as const;

/** A place from the gazetteer. */
export const place = z.strictObject({
  id: z.string().describe('The gazetteer\'s id: pass it as place.placeId when saving a page or a place'),
  name: z.string(),
  admin1: z.string().nullable().describe('The state, province or region'),
  country: z.string().describe('ISO 3166-1 alpha-2 code'),
  countryName: z.string(),
  label: z.string().describe('"Newtown, New South Wales, Australia"'),
  latitude: z.number(),
  longitude: z.number(),
  timeZone: z.string().describe('IANA time zone, e.g. Australia/Sydney'),
});
export type Place = z.output<typeof place>;

export const placeList = z.strictObject({
  places: z.array(place).describe('Best first: names starting with the query, larger places first, nearer ones first when lat and long are given'),
  attribution: z.string(),
});
export type PlaceList = z.output<typeof placeList>;

/** A town or suburb to name on a map. */
export const placeNear = z.strictObject({
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  population: z.number().describe('As GeoNames counts it (0 where unknown)'),
});
export type PlaceNear = z.output<typeof placeNear>;

export const placesNear = z.strictObject({
  places: z.array(placeNear).describe('At most 40 within radiusKm, most populous first'),
  attribution: z.string(),
});
export type PlacesNear = z.output<typeof placesNear>;

export const placeAnswer = z.strictObject({ place: place.nullable().describe('The nearest populated place; null when none is known') });

/** Where a page is, as others may see it. */
export const pagePlace = z.strictObject({
  label: z.string(),
  suburbCity: z.string(),
  state: z.string().nullable(),
  country: z.string(),
  timeZone: z.string().nullable(),
  latitude: z.number().describe('The page\'s exact position when its address is public (or for its staff), else the centre of its ~1 km cell'),
  longitude: z.number(),
  exact: z.boolean().describe('Whether latitude and longitude are the exact position'),
  address: z.string().nullable().describe('The street address: only when public, or for the page\'s staff'),
});
export type PagePlace = z.output<typeof pagePlace>;

/** The viewer's relation to a page. */
export const pageMembership = z.strictObject({
  status: z.enum([...PAGE_STATUSES, 'none']).describe('member, requested (waiting for approval), invited (may join), or none'),
  role: z.enum(PAGE_ROLES).nullable().describe('The role while a member'),
});
export type PageMembership = z.output<typeof pageMembership>;

/** A page as lists show it. */
export const pageCard = z.strictObject({
  id: z.string(),
  handle: z.string(),
  name: z.string(),
  category: z.enum(['group', 'organisation']),
  avatar: z.string().nullable().describe('The avatar\'s image key, null without one'),
  place: z.string().nullable().describe('The place\'s label, null when the page has none'),
  memberCount: count(),
  openness: z.enum(['open', 'moderated', 'invite']),
  /** The viewer's relation (guests: none). */
  my: pageMembership,
});
export type PageCard = z.output<typeof pageCard>;

/** A page in full. */
export const pageView = pageCard.extend({
  about: z.string(),
  cover: z.string().nullable().describe('The cover\'s image key, null without one'),
  tags: z.array(z.string()),
  location: pagePlace.nullable(),
  addressPublic: z.boolean(),
  postingRole: z.enum(ASSIGNABLE_PAGE_ROLES).describe('The lowest role that may post news as the page'),
  requestCount: count().nullable().describe('Open join requests: for the page\'s admins and moderators, else null'),
  createdAt: z.string(),
});
export type PageView = z.output<typeof pageView>;

export const pageAnswer = z.strictObject({ page: pageView });
export type PageAnswer = z.output<typeof pageAnswer>;

export const pageDeleted = z.strictObject({ deleted: z.literal(true) });

export const pageCards = z.strictObject({
  pages: z.array(pageCard),
  cursorId: z.string().nullable().describe('Pass it back as cursorId for the next page; null on the last page'),
});
export type PageCards = z.output<typeof pageCards>;

/** A page of a user's pages; each card holds the caller's own relation to it. */
export const userPages = z.strictObject({
  pages: z.array(pageCard),
  cursorId: z.string().nullable(),
});

export const pageDetails = z.strictObject({
  page: pageView,
  posts: z.array(postView).describe('The page\'s news, newest first (the first page)'),
  cursorId: z.string().nullable().describe('For GET /api/posts/more/by-page/{pageId}?cursorId'),
  counts: feedCounts.extend({ upcomingEvents: count().describe('Events with an upcoming date the viewer may see') }).describe('The page\'s feed counts as the viewer may see them'),
  events: z.array(eventDateCard).describe('The page\'s next dates (at most 5), soonest first'),
  event_locations: z.array(eventLocationView).describe('The places the page\'s events use, most used first'),
  swapRecord: swapRecord.describe('The page\'s swap record, as GET /api/user/{uuid}/swap-record answers a member\'s'),
});
export type PageDetails = z.output<typeof pageDetails>;

export const pagePosts = z.strictObject({ posts: z.array(postView), cursorId: z.string().nullable() });

export const nearbyPage = pageCard.extend({
  distance_km: z.number().int().nonnegative().describe('From the point to the page as others may see it, rounded to 1 km'),
  latitude: z.number().describe('As others may see it: exact only when the page\'s address is public'),
  longitude: z.number(),
});
export type NearbyPage = z.output<typeof nearbyPage>;

export const nearbyPages = z.strictObject({
  pages: z.array(nearbyPage).describe('Nearest first'),
  radius_km: z.number().positive(),
});
export type NearbyPages = z.output<typeof nearbyPages>;

export const pageMember = z.strictObject({
  user: responder,
  role: z.enum(PAGE_ROLES),
  since: z.string(),
});
export const pageMembers = z.strictObject({
  members: z.array(pageMember).describe('Creator, admins, moderators, then members; each group by join time'),
  cursorId: z.string().nullable(),
});
export type PageMembers = z.output<typeof pageMembers>;

export const joinRequests = z.strictObject({
  requests: z.array(z.strictObject({ user: responder, since: z.string() })).describe('Oldest first'),
  cursorId: z.string().nullable(),
});
export type JoinRequests = z.output<typeof joinRequests>;

/** A membership after a change: the member's relation, and the page's member count. */
export const membershipAnswer = z.strictObject({
  pageId: z.string(),
  userId: z.string(),
  membership: pageMembership,
  memberCount: count(),
});
export type MembershipAnswer = z.output<typeof membershipAnswer>;

export const newPageMail = z.strictObject({ sent: z.boolean().describe('false when the admins were already told about this page') });

/** The "Near you" panel around one origin: the three nearest plants and pages, the three soonest events. */
export const nearYou = z.strictObject({
  origin: siteLocation.extend({
    source: z.enum(['query', 'profile', 'ip', 'site']).describe('Where the point came from: the request, the member\'s place, the IP address, or the site\'s default place'),
  }),
  radius_km: z.number().positive(),
  plants: z.array(nearbyPlant).max(3),
  pages: z.array(nearbyPage).max(3),
  events: z.array(nearbyEvent).max(3).describe('The soonest events with an upcoming date (then nearest), each with its next date and distance'),
});
export type NearYou = z.output<typeof nearYou>;
