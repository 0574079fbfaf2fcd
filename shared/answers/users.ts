/**
 * What the user routes answer (the `data` of the success envelope): members as anyone sees them,
 * the caller's settings, invites, permissions, phone checks and place guess.
 */
import * as z from 'zod';
import { MOTIVATIONS } from '../schemas/auth';
import { userSettingsFields } from '../schemas/users';
import { adminUser } from './admin';
import { siteLocation } from './site-settings';

/** What anyone may see of a registered member. */
export const publicUser = z.strictObject({
  uuid: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable().describe('The avatar\'s image key, null without one'),
  bio: z.string().nullable(),
  suburb_city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
});
export type PublicUser = z.output<typeof publicUser>;

/** A page named on a member's profile. */
export const profilePage = z.strictObject({ id: z.string(), handle: z.string(), name: z.string() });
export type ProfilePage = z.output<typeof profilePage>;

/**
 * A member's profile: what anyone may see of them, and what the registration and profile forms
 * tell the member others see. While the account is suspended only the fields of `publicUser` are
 * told (the rest are null), as before these were added.
 */
export const memberProfile = publicUser.extend({
  motivations: z.array(z.enum(MOTIVATIONS)).nullable().describe('What brings them here, as chosen at registration or in their profile; null while the account is suspended'),
  phone_verified: z.boolean().nullable().describe('Whether they verified a phone number (never the number); null while the account is suspended'),
  member_since: z.string().nullable().describe('When the account was made (ISO 8601); null while the account is suspended'),
  pages: z
    .array(profilePage)
    .nullable()
    .describe('The pages they belong to (joined, not requested or invited; deleted pages left out), newest membership first, at most 20; null for guests (a page\'s members are for signed-in members, as GET /api/iam/pages/members) and while the account is suspended'),
});
export type MemberProfile = z.output<typeof memberProfile>;

/** One page of the members directory, newest first. */
export const directoryPage = z.strictObject({
  users: z.array(publicUser),
  cursorId: z.string().nullable().describe('Pass it back as cursorId for the next page; null on the last page'),
});
export type DirectoryPage = z.output<typeof directoryPage>;

/** A member near a point: never their coordinates, only a rounded distance. */
export const nearbyUser = publicUser.extend({
  distance_km: z.number().int().describe('From the point to the centre of the member\'s ~1 km cell, rounded to whole kilometres'),
  cell: z.strictObject({ latitude: z.number(), longitude: z.number() }).describe('The centre of the member\'s ~1 km cell (geohash 6), for a map: never their exact place'),
});
export type NearbyUser = z.output<typeof nearbyUser>;

export const nearbyUsers = z.strictObject({
  users: z.array(nearbyUser).describe('Nearest first, at most 100'),
  radius_km: z.number().describe('The radius searched: the one asked for, capped where the coarsest index cells are narrower (near the poles)'),
});
export type NearbyUsers = z.output<typeof nearbyUsers>;

/** The caller's settings (the defaults while none are stored). */
export const userSettings = z.strictObject(userSettingsFields);
export type UserSettings = z.output<typeof userSettings>;

/** The settings as the settings screen reads them: with the private calendar feed's address. */
export const userSettingsWithFeed = userSettings.extend({
  calendarFeedUrl: z.string().nullable().describe('The private calendar feed (GET /api/ics/{token}); null until POST /api/iam/events/ics-token makes one'),
});

export const permissionCheck = z.strictObject({ allowed: z.boolean() });
export type PermissionCheck = z.output<typeof permissionCheck>;

/** An invite link of a member's. */
export const invite = z.strictObject({
  uuid: z.string(),
  is_valid: z.boolean().describe('Whether signup still accepts it (admins can switch it off)'),
  created_at: z.string(),
  accepted_count: z.number().int().describe('How many people signed up with it'),
  link: z.string().describe('The link to share: the site\'s join screen with the invite'),
});
export type Invite = z.output<typeof invite>;

/** One page of the caller's invites, newest first. */
export const invitePage = z.strictObject({
  invites: z.array(invite),
  cursorId: z.string().nullable().describe('Pass it back as cursorId for the next page; null on the last page'),
});
export type InvitePage = z.output<typeof invitePage>;

/** One member's invites as an admin sees them: the member (as the admin lists show members) and a page of their invites. */
export const memberInvitePage = invitePage.extend({
  inviter: adminUser.describe('The member who made the invites'),
});
export type MemberInvitePage = z.output<typeof memberInvitePage>;

/** Whether a username or page handle (one namespace) can be taken; when not, why. */
export const handleAvailability = z.discriminatedUnion('available', [
  z.strictObject({ available: z.literal(true) }),
  z.strictObject({ available: z.literal(false), reason: z.string().describe('Why not: malformed, reserved or taken') }),
]);
export type HandleAvailability = z.output<typeof handleAvailability>;

/** A phone check: a code was texted (recordId names the check), or the number cannot be verified. */
export const phoneCheckStarted = z.discriminatedUnion('unverifiable', [
  z.strictObject({ unverifiable: z.literal(false), recordId: z.string().describe('Send it back with the code') }),
  z.strictObject({ unverifiable: z.literal(true), recordId: z.literal('').describe('No check was started: an invalid or unsendable number') }),
]);
export type PhoneCheckStarted = z.output<typeof phoneCheckStarted>;

export const phoneVerified = z.strictObject({ phone_verified: z.literal(true) });
export type PhoneVerified = z.output<typeof phoneVerified>;

/** A guess of where the viewer is. */
export const placeGuess = siteLocation.extend({
  source: z.enum(['ip', 'site']).describe('ip: from the connection\'s geolocation; site: the site\'s default place'),
});
export type PlaceGuess = z.output<typeof placeGuess>;
