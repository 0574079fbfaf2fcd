/**
 * Inputs and answers of the identity routes (accounts, sessions, verification, settings,
 * invites, admin users), used by the server's validation and the web's forms alike.
 */
import * as z from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, HANDLE_PATTERN, RESERVED_HANDLES } from '../validation';
import { text } from './common';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const email = z
  .string({ message: 'must be text' })
  .trim()
  .max(EMAIL_MAX_LENGTH, { message: `must be at most ${EMAIL_MAX_LENGTH} characters` })
  .regex(EMAIL_PATTERN, { message: 'must be an e-mail address such as name@example.com' })
  .transform((s) => s.toLowerCase());

/** Length only here; the common-password check runs on the server (the list stays out of the SPA). */
export const newPassword = z
  .string({ message: 'must be text' })
  .min(PASSWORD_MIN, { message: `must be at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { message: `must be at most ${PASSWORD_MAX} characters` });

/** A password being checked, not set: any length up to the maximum, so old rules never lock anyone out. */
const givenPassword = z.string({ message: 'must be text' }).min(1, { message: 'is required' }).max(PASSWORD_MAX * 4, { message: 'is too long' });

export const handle = z
  .string({ message: 'must be text' })
  .trim()
  .regex(HANDLE_PATTERN, { message: 'must be 3-30 characters of letters, digits and _' })
  .transform((s) => s.toLowerCase())
  .refine((s) => !RESERVED_HANDLES.has(s), { message: 'is reserved; choose another' });

export const uuidParam = z.uuid({ message: 'must be a UUID' }).transform((s) => s.toLowerCase());

/** Single-use tokens from e-mails: 43 base64url characters (256 bits). */
export const emailToken = z.string({ message: 'must be text' }).regex(/^[A-Za-z0-9_-]{43}$/, { message: 'is not a valid link token' });

export const signupInput = z.object({ email, password: newPassword, invite: uuidParam.optional() }).strict();
export const loginInput = z.object({ email, password: givenPassword }).strict();
export const emailOnlyInput = z.object({ email }).strict();
export const tokenInput = z.object({ token: emailToken }).strict();
export const passwordResetInput = z.object({ token: emailToken, password: newPassword }).strict();
export const emptyInput = z.object({}).strict();
/** Logout always answers 200, whatever the body holds. */
export const logoutInput = z.object({}).loose();

export const latitude = z.number({ message: 'must be a number' }).min(-90, { message: 'must be between -90 and 90' }).max(90, { message: 'must be between -90 and 90' });
export const longitude = z.number({ message: 'must be a number' }).min(-180, { message: 'must be between -180 and 180' }).max(180, { message: 'must be between -180 and 180' });

export const MOTIVATIONS = ['swap', 'sell', 'give-away', 'learn', 'meet', 'organise'] as const;

const personName = text(1, 60).refine((s) => /^[\p{L}][\p{L}' .-]*$/u.test(s), { message: 'must be letters, spaces, apostrophes or hyphens' });

export const locationFields = {
  suburb_city: text(1, 100),
  state: text(1, 100),
  country: text(1, 100),
  latitude,
  longitude,
};

export const registerInput = z
  .object({
    username: handle,
    first_name: personName,
    last_name: personName,
    motivations: z.array(z.enum(MOTIVATIONS, { message: `must be among ${MOTIVATIONS.join(', ')}` })).max(MOTIVATIONS.length).default([]),
    ...locationFields,
  })
  .strict();

export const profileUpdateInput = z
  .object({
    first_name: personName.optional(),
    last_name: personName.optional(),
    bio: text(0, 500).optional(),
    motivations: z.array(z.enum(MOTIVATIONS)).max(MOTIVATIONS.length).optional(),
    suburb_city: text(1, 100).optional(),
    state: text(1, 100).optional(),
    country: text(1, 100).optional(),
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    /** An object key returned by the avatar upload route, or null to remove the avatar. */
    avatar: z.string().regex(/^images\/avatars\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(jpg|png|webp)$/, { message: 'must be a key from the avatar upload' }).nullable().optional(),
  })
  .strict()
  .refine((u) => (u.latitude === undefined) === (u.longitude === undefined), { message: 'latitude and longitude go together', path: ['longitude'] });

export const deleteAccountInput = z.object({ uuid: uuidParam }).strict();
export const sessionIdParam = z.object({ id: uuidParam }).strict();
export const permissionParams = z
  .object({ uuid: uuidParam, name: z.enum(['admin', 'moderate', 'create-page', 'create-event', 'post-plants', 'send-messages', 'invite'], { message: 'is not a known permission' }) })
  .strict();

export const phoneCheckInput = z.object({ phoneNo: z.string({ message: 'must be text' }).trim().min(4, { message: 'is too short' }).max(24, { message: 'is too long' }), userId: uuidParam }).strict();
export const phoneConfirmInput = z
  .object({
    phoneNo: z.string({ message: 'must be text' }).trim().min(4).max(24),
    userId: uuidParam,
    recordId: uuidParam,
    code: z.string({ message: 'must be text' }).regex(/^\d{6}$/, { message: 'must be the 6-digit code' }),
  })
  .strict();

export const UNITS = ['metric', 'imperial'] as const;
export const NEARBY_RADII_KM = [5, 10, 25, 50, 100] as const;

export const userSettingsFields = {
  notify_email_messages: z.boolean({ message: 'must be true or false' }),
  notify_email_comments: z.boolean({ message: 'must be true or false' }),
  notify_email_events: z.boolean({ message: 'must be true or false' }),
  show_in_nearby: z.boolean({ message: 'must be true or false' }),
  show_in_directory: z.boolean({ message: 'must be true or false' }),
  nearby_radius_km: z.literal(NEARBY_RADII_KM, { message: `must be one of ${NEARBY_RADII_KM.join(', ')}` }),
  units: z.enum(UNITS, { message: 'must be metric or imperial' }),
};
export const userSettingsInput = z.object(userSettingsFields).partial().strict();
export type UserSettings = { [K in keyof typeof userSettingsFields]: z.output<(typeof userSettingsFields)[K]> };
export const DEFAULT_USER_SETTINGS: UserSettings = {
  notify_email_messages: true,
  notify_email_comments: true,
  notify_email_events: true,
  show_in_nearby: true,
  show_in_directory: true,
  nearby_radius_km: 25,
  units: 'metric',
};

export const inviteValidityInput = z.object({ uuid: uuidParam, is_valid: z.boolean({ message: 'must be true or false' }) }).strict();
export const usersListParams = z.object({ arg: z.enum(['complete', 'incomplete'], { message: 'must be complete or incomplete' }), cursorId: z.string().max(1024).optional() }).strict();
export const adminUserUpdateInput = z
  .object({
    uuid: uuidParam,
    first_name: personName.optional(),
    last_name: personName.optional(),
    suspended: z.boolean({ message: 'must be true or false' }).optional(),
    is_admin: z.boolean({ message: 'must be true or false' }).optional(),
  })
  .strict();
export const uuidPathInput = z.object({ uuid: uuidParam }).strict();
export const cursorQuery = z.object({ cursorId: z.string().max(1024).optional() }).strict();
/** Whole kilometres: with positions shared only to ~1 km, finer radii would tell nothing more. */
export const nearbyUsersInput = z.object({ latitude, longitude, radiusKm: z.number().int({ message: 'must be a whole number of kilometres' }).positive().max(150).optional() }).strict();
export const avatarUploadInput = z
  .object({ contentType: z.enum(['image/jpeg', 'image/png', 'image/webp'], { message: 'must be JPEG, PNG or WebP' }), size: z.number().int().positive().max(5 * 1024 * 1024, { message: 'must be at most 5 MB' }) })
  .strict();

// The answers (profile, public user, admin user, session) are schemas of shared/answers/.
export type { AdminUser } from '../answers/admin';
export type { Profile, SessionInfo } from '../answers/identity';
export type { PublicUser } from '../answers/users';
