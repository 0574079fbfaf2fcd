/**
 * What the account and session routes answer (the `data` of the success envelope): the
 * signed-in user's profile, their sessions, and the acknowledgements of account calls.
 */
import * as z from 'zod';
import { MOTIVATIONS } from '../schemas/auth';
import { geoPoint } from './site-settings';

/** The signed-in user: their own profile fields and their account state (verification, registration, role), with the session's csrf token. */
export const profile = z.strictObject({
  uuid: z.string(),
  email: z.string(),
  username: z.string().nullable().describe('null until registration is complete'),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  bio: z.string().nullable(),
  motivations: z.array(z.enum(MOTIVATIONS)),
  avatar: z.string().nullable().describe('The avatar\'s image key, null without one'),
  csrf_token: z.string().describe('Send it as csrf_token in the body of every mutating call of this session'),
  email_verified: z.boolean(),
  registration_complete: z.boolean(),
  is_admin: z.boolean().describe('Holds admin powers now (never while suspended)'),
  suspended: z.boolean(),
  phone_verified: z.boolean(),
  location: geoPoint.nullable().describe('The user\'s own point; null until they give a place'),
  suburb_city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  created_at: z.string(),
});
export type Profile = z.output<typeof profile>;
export type Motivation = Profile['motivations'][number];

/** One signed-in device: a refresh-token family. */
export const sessionInfo = z.strictObject({
  id: z.string().describe('The session (refresh-token family) id'),
  device: z.string().describe('The browser\'s user agent when it signed in'),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean().describe('The session this request was made with'),
});
export type SessionInfo = z.output<typeof sessionInfo>;

/** The user's live sessions, most recently used first. */
export const sessionList = z.array(sessionInfo);
export type SessionList = z.output<typeof sessionList>;

export const sessionsRevoked = z.strictObject({ revoked: z.number().int().describe('How many sessions were signed out') });
export type SessionsRevoked = z.output<typeof sessionsRevoked>;

export const authenticationState = z.strictObject({ loggedIn: z.boolean().describe('Whether the request carries a valid access token') });
export type AuthenticationState = z.output<typeof authenticationState>;

/** An e-mail was handed to the mailer (or, for an unknown address, the same work was done). */
export const mailSent = z.strictObject({ sent: z.literal(true) });
export type MailSent = z.output<typeof mailSent>;

export const loggedOut = z.strictObject({ loggedOut: z.literal(true) });
export type LoggedOut = z.output<typeof loggedOut>;

/** The session's cookies were rotated. */
export const sessionRefreshed = z.strictObject({ ok: z.literal(true) });
export type SessionRefreshed = z.output<typeof sessionRefreshed>;

export const accountDeleted = z.strictObject({ deleted: z.literal(true) });
export type AccountDeleted = z.output<typeof accountDeleted>;

export const passwordUpdated = z.strictObject({ updated: z.literal(true) });
export type PasswordUpdated = z.output<typeof passwordUpdated>;

/** A reset token that is still valid (an invalid one answers 400 invalid_token). */
export const resetTokenValid = z.strictObject({ valid: z.literal(true) });
export type ResetTokenValid = z.output<typeof resetTokenValid>;

