/**
 * Inputs of the events routes (events and their dates, attendance, locations, calendars), used by
 * the server's validation and the web's forms alike. Instants are ISO-8601 strings; they come
 * out as `toISOString()` (UTC), which is how they are stored and compared.
 */
import * as z from 'zod/mini';
import { ATTENDANCE_STATUSES, EVENT_PRIVACIES } from '../constants';
import { EVENT_IMAGE_KEY_PATTERN, EVENT_IMAGE_MAX_BYTES } from '../content-rules';
import { choices, clientId, cursor, latitude, longitude, nameText, optionalQuery, queryCount, queryLatitude, queryLongitude, text, uuid } from './common';
import './locale';
import { tagName } from './tags';

export const EVENT_TITLE_MAX = 120;
export const EVENT_DESCRIPTION_MAX = 5000;
export const EVENT_PLACE_NAME_MAX = 120;
export const EVENT_ADDRESS_MAX = 200;
export const MAX_TAGS_PER_EVENT = 8;
/** Dates one call may add (a series makes its own). */
export const MAX_SPECIFICS_PER_CALL = 20;
/** Dates an event holds at the most when more are added by hand (a series' job is not held to it). */
export const MAX_DATES_PER_EVENT = 300;
/** A date lasts at most this long. */
export const MAX_DATE_LENGTH_DAYS = 14;
export const MAX_CAPACITY = 100_000;
export const RRULE_MAX = 200;

/** An ISO-8601 date-time with `Z` or an offset, as the UTC `toISOString()` form. */
export const instant = z.pipe(
  z.string({ message: 'must be an ISO-8601 date-time' }).check(z.iso.datetime({ offset: true, message: 'must be an ISO-8601 date-time with a time zone (Z or +hh:mm)' })),
  z.transform((s: string) => new Date(s).toISOString()),
);

/** `<event id>.<original start in ms, 13 digits>`: the id of one dated specific (its key, with no lookup). */
export const specificId = z.pipe(
  z.string({ message: 'must be text' }).check(z.regex(/^[0-9a-fA-F-]{36}\.\d{13}$/, { message: 'must be a date id (as `specifics[].id` answers)' })),
  z.transform((s: string) => s.toLowerCase()),
);
/** The random id in an event's address (`/event/<randomId>`). */
export const RANDOM_ID_PATTERN = /^[A-Za-z0-9]{10}$/;
export const randomId = z.string({ message: 'must be text' }).check(z.regex(RANDOM_ID_PATTERN, { message: 'must be an event\'s random id' }));
/** An event's id or its random id. */
export const eventRef = z.union([uuid, randomId], { message: 'must be an event id or an event\'s random id' });

export const privacy = z.enum(EVENT_PRIVACIES, { message: `must be ${choices(EVENT_PRIVACIES)}` });
export const attendStatus = z.enum(ATTENDANCE_STATUSES, { message: `must be ${choices(ATTENDANCE_STATUSES)}` });

/** One dated specific: it may not end before it starts, nor last longer than MAX_DATE_LENGTH_DAYS. */
export const specificInput = z.strictObject({ startsAt: instant, endsAt: instant }).check(
  z.refine((d) => d.endsAt >= d.startsAt, { message: 'must not be before startsAt', path: ['endsAt'] }),
  z.refine((d) => Date.parse(d.endsAt) - Date.parse(d.startsAt) <= MAX_DATE_LENGTH_DAYS * 86_400_000, { message: `must be at most ${MAX_DATE_LENGTH_DAYS} days after startsAt`, path: ['endsAt'] }),
);
export type SpecificInput = z.output<typeof specificInput>;

const optionalText = (max: number) => z.optional(text(0, max));

/** Where an event happens: a name, an optional street address and place names, and the position. */
export const eventLocationInput = z.strictObject({
  name: nameText(1, EVENT_PLACE_NAME_MAX),
  address: optionalText(EVENT_ADDRESS_MAX),
  suburbCity: optionalText(100),
  state: optionalText(100),
  country: optionalText(100),
  latitude,
  longitude,
});
export type EventLocationInput = z.output<typeof eventLocationInput>;

export const recurrenceInput = z.strictObject({
  rrule: z.string({ message: 'must be text' }).check(z.trim(), z.minLength(1, { message: 'is required' }), z.maxLength(RRULE_MAX, { message: `must be at most ${RRULE_MAX} characters` })),
  until: z.optional(instant),
});
export type RecurrenceInput = z.output<typeof recurrenceInput>;

const capacity = z.number({ message: 'must be a number' }).check(z.int({ message: 'must be a whole number' }), z.gte(1, { message: 'must be at least 1' }), z.lte(MAX_CAPACITY, { message: `must be at most ${MAX_CAPACITY}` }));

const tagList = z.pipe(
  z.array(tagName, { message: 'must be a list of tag names' }).check(z.maxLength(MAX_TAGS_PER_EVENT, { message: `must hold at most ${MAX_TAGS_PER_EVENT} tags` })),
  z.transform((names: string[]) => [...new Set(names)]),
);
/** A key from POST /api/iam/events/image-upload. */
const coverKey = z.string({ message: 'must be text' }).check(z.regex(EVENT_IMAGE_KEY_PATTERN, { message: 'must be a key from the event image upload' }));

/** POST /api/iam/events/new: the contract of "Events — calendar and creation contract". */
export const newEventInput = z.strictObject({
  id: clientId,
  title: nameText(1, EVENT_TITLE_MAX),
  description: z._default(text(0, EVENT_DESCRIPTION_MAX), ''),
  privacy: z._default(privacy, 'public'),
  pageId: z.optional(uuid),
  location: eventLocationInput,
  specifics: z.array(specificInput, { message: 'must be a list of { startsAt, endsAt }' }).check(
    z.minLength(1, { message: 'must hold at least one date' }),
    z.maxLength(MAX_SPECIFICS_PER_CALL, { message: `must hold at most ${MAX_SPECIFICS_PER_CALL} dates` }),
  ),
  recurrence: z.optional(recurrenceInput),
  capacity: z.optional(capacity),
  tags: z.optional(tagList),
  /** The cover photo: a key from POST /api/iam/events/image-upload for this event's id. */
  cover: z.optional(coverKey),
});
export type NewEventInput = z.output<typeof newEventInput>;

export const newSpecificsInput = z.strictObject({
  eventId: uuid,
  specifics: z.array(specificInput, { message: 'must be a list of { startsAt, endsAt }' }).check(
    z.minLength(1, { message: 'must hold at least one date' }),
    z.maxLength(MAX_SPECIFICS_PER_CALL, { message: `must hold at most ${MAX_SPECIFICS_PER_CALL} dates` }),
  ),
});

export const updateEventInput = z.strictObject({
  eventId: uuid,
  title: z.optional(nameText(1, EVENT_TITLE_MAX)),
  description: z.optional(text(0, EVENT_DESCRIPTION_MAX)),
  privacy: z.optional(privacy),
  location: z.optional(eventLocationInput),
  capacity: z.optional(z.nullable(capacity)),
  tags: z.optional(tagList),
  /** The series' end (its last date may be extended, never past six months from now); null ends it after the dates that exist. */
  seriesUntil: z.optional(z.nullable(instant)),
  /** A new cover photo (a key from POST /api/iam/events/image-upload); null removes it. */
  cover: z.optional(z.nullable(coverKey)),
});
export type UpdateEventInput = z.output<typeof updateEventInput>;

export const updateSpecificInput = z.strictObject({
  specificId,
  startsAt: z.optional(instant),
  endsAt: z.optional(instant),
  cancelled: z.optional(z.boolean({ message: 'must be true or false' })),
  /** This date's own place; null returns it to the event's. */
  location: z.optional(z.nullable(eventLocationInput)),
}).check(z.refine((d) => !d.startsAt || !d.endsAt || d.endsAt >= d.startsAt, { message: 'must not be before startsAt', path: ['endsAt'] }));
export type UpdateSpecificInput = z.output<typeof updateSpecificInput>;

/** POST /api/iam/events/image-upload: the event's id (an existing event's, or the id a new one will be created with). */
export const eventImageUploadInput = z.strictObject({
  eventId: uuid,
  contentType: z.enum(['image/jpeg', 'image/png', 'image/webp'], { message: 'must be JPEG, PNG or WebP' }),
  size: z.number({ message: 'must be a number' }).check(z.int({ message: 'must be a whole number' }), z.positive({ message: 'must be at least 1 byte' }), z.lte(EVENT_IMAGE_MAX_BYTES, { message: 'must be at most 5 MB' })),
});

export const attendInput = z.strictObject({ specificId, status: attendStatus });

/** Rewrites the series from `from` on: the first new date, its length, and the rule. */
export const futureDatesInput = z.strictObject({
  eventId: uuid,
  from: instant,
  first: specificInput,
  recurrence: recurrenceInput,
});
export type FutureDatesInput = z.output<typeof futureDatesInput>;

/** `userId` is accepted as the catalogue has it and must be the caller's own. */
export const deleteEventInput = z.strictObject({ eventId: uuid, userId: z.optional(uuid) });

export const eventParams = z.strictObject({ id: eventRef });
/** a = the event, b = the date (its id's 13 digits, or `next`): the date's attendees. */
export const eventDetailsParams = z.strictObject({
  a: eventRef,
  b: z.union([z.literal('next'), z.string().check(z.regex(/^\d{13}$/, { message: 'must be next or a date key' }))], { message: 'must be next or a date key' }),
  cursorId: z.optional(cursor),
});
const when = z.enum(['upcoming', 'past'], { message: 'must be upcoming or past' });
export const eventsByPageParams = z.strictObject({ a: uuid, b: when, cursorId: z.optional(cursor) });
export const eventsByUserParams = z.strictObject({ id: uuid, when: z.optional(when), cursorId: z.optional(cursor) });
/** `arg`: a page's handle or id. */
export const pageEventsParams = z.strictObject({ arg: z.string({ message: 'must be text' }).check(z.regex(/^[A-Za-z0-9_-]{3,36}$/, { message: 'must be a page handle or id' })), when: z.optional(when), cursorId: z.optional(cursor) });
export const moreEventsParams = z.strictObject({ arg: z.literal('all', { message: 'must be all' }), cursorId: z.optional(cursor) });

const segment = (max: number) => z.string({ message: 'must be text' }).check(z.minLength(1, { message: 'is required' }), z.maxLength(max, { message: `must be at most ${max} characters` }));
export const locationByNameParams = z.strictObject({ name: segment(EVENT_PLACE_NAME_MAX), state: segment(100) });
export const locationByAddressParams = z.strictObject({ p1: segment(EVENT_ADDRESS_MAX), p2: segment(100), p3: segment(100) });
/** The catalogue's `{eventId|null}/{randomId|null}`: one of them names the event. */
export const eventLocationsParams = z.strictObject({
  eventId: z.union([z.literal('null'), uuid], { message: 'must be an event id or null' }),
  randomId: z.union([z.literal('null'), randomId], { message: 'must be an event\'s random id or null' }),
});
export const pageLocationsParams = z.strictObject({ id: uuid });

const radius = queryCount(100, 'kilometres');
const take = queryCount(50);
/** `userId` is accepted as the catalogue has it and ignored: who asks comes from the session. */
export const nearbyEventsQuery = z.strictObject({ userId: z.optional(z.string().check(z.maxLength(100))), lat: queryLatitude, long: queryLongitude, take: optionalQuery(take), radiusKm: optionalQuery(radius) });

export const adminLocationsInput = z.strictObject({ cursorId: z.optional(cursor) });
export const eventNotifInput = z.strictObject({ specificId });
export const icsTokenInput = z.strictObject({});
export const icsFeedParams = z.strictObject({ token: z.string({ message: 'must be text' }).check(z.regex(/^[A-Za-z0-9_-]{43}$/, { message: 'must be a calendar feed token' })) });
