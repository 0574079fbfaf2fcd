/**
 * Inputs of the users routes (settings, phone checks, permissions, invites, the directory and
 * the admin's user screens), used by the server's validation and the web's forms alike.
 */
import * as z from 'zod/mini';
import { NEARBY_RADII_KM } from '../constants';
import { cursor, latitude, longitude, nameText, uuid } from './common';
import './locale';
import { browseWords } from './search';

/** A person's first or last name. */
export const personName = nameText(1, 60).check(z.refine((s) => /^[\p{L}][\p{L}' .-]*$/u.test(s), { message: 'must be letters, spaces, apostrophes or hyphens' }));

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
export { NEARBY_RADII_KM };

export const userSettingsFields = {
  notify_email_messages: z.boolean({ message: 'must be true or false' }),
  notify_email_comments: z.boolean({ message: 'must be true or false' }),
  notify_email_events: z.boolean({ message: 'must be true or false' }),
  notify_email_announcements: z.boolean({ message: 'must be true or false' }),
  notify_email_wanted: z.boolean({ message: 'must be true or false' }),
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
  notify_email_announcements: true,
  notify_email_wanted: true,
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
export type AdminUserUpdateInput = z.infer<typeof adminUserUpdateInput>;
/** Whole kilometres: with positions shared only to ~1 km, finer radii would tell nothing more. */
export const nearbyUsersInput = z.strictObject({
  latitude,
  longitude,
  radiusKm: z.optional(z.number().check(z.int({ message: 'must be a whole number of kilometres' }), z.positive(), z.lte(150))),
});

/** An admin reads one member's invites: the member's uuid (path) and the next page's cursor. */
export const memberInvitesParams = z.strictObject({ uuid, cursorId: z.optional(cursor) });

/** The members directory: a page after the cursor, of the members whose name or username holds every word of q (each starting a word of them). */
export const directoryQuery = z.strictObject({ cursorId: z.optional(cursor), q: z.optional(browseWords) });
