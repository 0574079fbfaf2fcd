/**
 * Inputs of the auth routes (sign-up, login, e-mail links, passwords, registration, profile,
 * sessions, account deletion), used by the server's validation and the web's forms alike.
 */
import * as z from 'zod/mini';
import { MOTIVATIONS } from '../constants';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../validation';
import { handle, latitude, longitude, nameText, text, uuid } from './common';
import './locale';
import { personName } from './users';

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
/** Logout always answers 200, whatever the body holds. */
export const logoutInput = z.looseObject({});


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

export { MOTIVATIONS };
