/** What the admin routes answer (the `data` of the success envelope): users as admins see them, saved settings. */
import * as z from 'zod';
import { SETTING_DATA_TYPES } from '../schemas/site-settings';

/** A user as the admin screens list them. */
export const adminUser = z.strictObject({
  uuid: z.string(),
  email: z.string(),
  username: z.string().nullable().describe('null until registration is complete'),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  created_at: z.string(),
  suspended: z.boolean(),
  is_admin: z.boolean().describe('The role as held: a suspended admin shows as an admin whose powers are suspended'),
  email_verified: z.boolean(),
  registration_complete: z.boolean(),
});
export type AdminUser = z.output<typeof adminUser>;

/** One page of users, newest first. */
export const adminUserPage = z.strictObject({
  users: z.array(adminUser),
  cursorId: z.string().nullable().describe('Pass it back as cursorId for the next page; null on the last page'),
});
export type AdminUserPage = z.output<typeof adminUserPage>;

/** A site setting as stored. */
export const siteSetting = z.strictObject({
  name: z.string(),
  value: z.string().describe('The value as text; dataType says how to read it'),
  dataType: z.enum(SETTING_DATA_TYPES),
  isPublic: z.boolean().describe('Whether GET /api/site-settings/get-site shows it to anyone'),
  updatedAt: z.string(),
});
export type SiteSetting = z.output<typeof siteSetting>;
