/**
 * Inputs and answers of the identity routes (accounts, sessions, verification, settings,
 * invites, admin users), used by the server's validation and the web's forms alike.
 */
import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, HANDLE_PATTERN, RESERVED_HANDLES } from '../validation';
import { cursor, nameText, text, uuid } from './common';
import './locale';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const email = z.pipe(
  z.string({ message: 'must be text' }).check(
    z.trim(),
    z.maxLength(EMAIL_MAX_LENGTH, { message: `must be at most ${EMAIL_MAX_LENGTH} characters` }),
    z.regex(EMAIL_PATTERN, { message: 'must be an e-mail address such as name@example.com' }),
  ),
  z.transform((s: string) => s.toLowerCase()),
);

/** Length only here; the common-password check runs on the server (the list stays out of the SPA). */
export const newPassword = z.string({ message: 'must be text' }).check(
  z.minLength(PASSWORD_MIN, { message: `must be at least ${PASSWORD_MIN} characters` }),
  z.maxLength(PASSWORD_MAX, { message: `must be at most ${PASSWORD_MAX} characters` }),
);

/** A password being checked, not set: any length up to the maximum, so old rules never lock anyone out. */
const givenPassword = z.string({ message: 'must be text' }).check(z.minLength(1, { message: 'is required' }), z.maxLength(PASSWORD_MAX * 4, { message: 'is too long' }));

export const handle = z
  .pipe(
    z.string({ message: 'must be text' }).check(z.trim(), z.regex(HANDLE_PATTERN, { message: 'must be 3-30 characters of letters, digits and _' })),
    z.transform((s: string) => s.toLowerCase()),
  )
  .check(z.refine((s) => !RESERVED_HANDLES.has(s), { message: 'is reserved; choose another' }));

/** Single-use tokens from e-mails: 43 base64url characters (256 bits). */
export const emailToken = z.string({ message: 'must be text' }).check(z.regex(/^[A-Za-z0-9_-]{43}$/, { message: 'is not a valid link token' }));

export const signupInput = z.strictObject({ email, password: newPassword, invite: z.optional(uuid) });
export const loginInput = z.strictObject({ email, password: givenPassword });
export const emailOnlyInput = z.strictObject({ email });
export const tokenInput = z.strictObject({ token: emailToken });
export const passwordResetInput = z.strictObject({ token: emailToken, password: newPassword });
/**
 * The verification link's form: `password` is the one chosen at sign-up (it signs in);
 * `newPassword` is for whoever holds the mailbox but did not sign up (it replaces the password and
 * ends every earlier session). The token alone verifies only from a live session of the account.
 */
export const verifyEmailTokenInput = z.strictObject({ token: emailToken, password: z.optional(givenPassword), newPassword: z.optional(newPassword) });
export const emptyInput = z.strictObject({});
/** Logout always answers 200, whatever the body holds. */
export const logoutInput = z.looseObject({});

/**
 * A coordinate as stored: seven decimals (about a centimetre). DynamoDB cannot store a non-zero
 * number closer to 0 than 1e-130, so a value like 1e-200 would otherwise fail the write; rounded,
 * it is 0 (and -0 is 0).
 */
const stored = (n: number) => Math.round(n * 1e7) / 1e7 || 0;
export const latitude = z.pipe(
  z.number({ message: 'must be a number' }).check(z.gte(-90, { message: 'must be between -90 and 90' }), z.lte(90, { message: 'must be between -90 and 90' })),
  z.transform(stored),
);
export const longitude = z.pipe(
  z.number({ message: 'must be a number' }).check(z.gte(-180, { message: 'must be between -180 and 180' }), z.lte(180, { message: 'must be between -180 and 180' })),
  z.transform(stored),
);

export const MOTIVATIONS = ['swap', 'sell', 'give-away', 'learn', 'meet', 'organise'] as const;

const personName = nameText(1, 60).check(z.refine((s) => /^[\p{L}][\p{L}' .-]*$/u.test(s), { message: 'must be letters, spaces, apostrophes or hyphens' }));

export const locationFields = {
  suburb_city: nameText(1, 100),
  state: nameText(1, 100),
  country: nameText(1, 100),
  latitude,
  longitude,
};

export const registerInput = z.strictObject({
  username: handle,
  first_name: personName,
  last_name: personName,
  motivations: z._default(z.array(z.enum(MOTIVATIONS, { message: `must be among ${MOTIVATIONS.join(', ')}` })).check(z.maxLength(MOTIVATIONS.length)), []),
  ...locationFields,
});

export const profileUpdateInput = z
  .strictObject({
    first_name: z.optional(personName),
    last_name: z.optional(personName),
    bio: z.optional(text(0, 500)),
    motivations: z.optional(z.array(z.enum(MOTIVATIONS)).check(z.maxLength(MOTIVATIONS.length))),
    suburb_city: z.optional(nameText(1, 100)),
    state: z.optional(nameText(1, 100)),
    country: z.optional(nameText(1, 100)),
    latitude: z.optional(latitude),
    longitude: z.optional(longitude),
    /** An object key returned by the avatar upload route, or null to remove the avatar. */
    avatar: z.optional(z.nullable(z.string().check(z.regex(/^images\/avatars\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(jpg|png|webp)$/, { message: 'must be a key from the avatar upload' })))),
  })
  .check(z.refine((u) => (u.latitude === undefined) === (u.longitude === undefined), { message: 'latitude and longitude go together', path: ['longitude'] }));

export const deleteAccountInput = z.strictObject({ uuid });
export const sessionIdParam = z.strictObject({ id: uuid });
export const permissionParams = z.strictObject({
  uuid,
  name: z.enum(['admin', 'moderate', 'create-page', 'create-event', 'post-plants', 'send-messages', 'invite'], { message: 'is not a known permission' }),
});

export const phoneCheckInput = z.strictObject({
  phoneNo: z.string({ message: 'must be text' }).check(z.trim(), z.minLength(4, { message: 'is too short' }), z.maxLength(24, { message: 'is too long' })),
  userId: uuid,
});
export const phoneConfirmInput = z.strictObject({
  phoneNo: z.string({ message: 'must be text' }).check(z.trim(), z.minLength(4), z.maxLength(24)),
  userId: uuid,
  recordId: uuid,
  code: z.string({ message: 'must be text' }).check(z.regex(/^\d{6}$/, { message: 'must be the 6-digit code' })),
});

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
export const userSettingsInput = z.partial(z.strictObject(userSettingsFields));
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

export const inviteValidityInput = z.strictObject({ uuid, is_valid: z.boolean({ message: 'must be true or false' }) });
export const usersListParams = z.strictObject({
  arg: z.enum(['complete', 'incomplete'], { message: 'must be complete or incomplete' }),
  cursorId: z.optional(cursor),
});
export const adminUserUpdateInput = z.strictObject({
  uuid,
  first_name: z.optional(personName),
  last_name: z.optional(personName),
  suspended: z.optional(z.boolean({ message: 'must be true or false' })),
  is_admin: z.optional(z.boolean({ message: 'must be true or false' })),
});
export const uuidPathInput = z.strictObject({ uuid });
export const cursorQuery = z.strictObject({ cursorId: z.optional(cursor) });
/** Whole kilometres: with positions shared only to ~1 km, finer radii would tell nothing more. */
export const nearbyUsersInput = z.strictObject({
  latitude,
  longitude,
  radiusKm: z.optional(z.number().check(z.int({ message: 'must be a whole number of kilometres' }), z.positive(), z.lte(150))),
});
export const avatarUploadInput = z.strictObject({
  contentType: z.enum(['image/jpeg', 'image/png', 'image/webp'], { message: 'must be JPEG, PNG or WebP' }),
  size: z.number().check(z.int(), z.positive(), z.lte(5 * 1024 * 1024, { message: 'must be at most 5 MB' })),
});

// The answers (profile, public user, admin user, session) are schemas of shared/answers/.
export type { AdminUser } from '../answers/admin';
export type { Profile, SessionInfo } from '../answers/identity';
export type { PublicUser } from '../answers/users';
