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

/** One feed counter of a scope: what is stored and what its items add up to. */
export const recountRow = z.strictObject({
  counter: z.string().describe('<audience>.<field>, e.g. members.plantsAvail, or all.members for the site scope'),
  audience: z.enum(['public', 'members', 'owner', 'all']).describe('all: the site scope\'s counts (members, pages, events)'),
  field: z.enum(['postsAll', 'plantsAll', 'plantsAvail', 'news', 'members', 'pages', 'events']),
  key: z.string().describe('The counter item: counter#<scope> and the audience (the global and site scopes\' shards summed)'),
  stored: z.number().int(),
  recounted: z.number().int().nonnegative(),
});
export type RecountRow = z.output<typeof recountRow>;

/** A step of a counters check: how far it got, and the counters once it is done. */
export const recountProgress = z.strictObject({
  scope: z.string(),
  read: z.number().int().nonnegative().describe('Items read so far in this check'),
  cursorId: z.string().nullable().describe('Call again with it to go on; null when the check is done'),
  rows: z.array(recountRow).nullable().describe('Every counter of the scope once the check is done (null before)'),
});
export type RecountProgress = z.output<typeof recountProgress>;

export const counterRepair = z.strictObject({
  outcome: z.enum(['repaired', 'unchanged', 'changed']).describe('changed: the counter no longer holds the stored value given (check again)'),
});
export type CounterRepair = z.output<typeof counterRepair>;

/** The admin dashboard's counts: only those kept on write (no list is counted to answer). */
export const adminOverview = z.strictObject({
  posts: z.number().int().describe('Live posts members can see (public and members-only), from the global feed counters'),
  plants: z.number().int().describe('Live plant listings members can see, from the global feed counters'),
  openReports: z.number().int().describe('Moderation cases still open'),
  members: z.number().int().describe('Registered members whose account is not deleted, from the site counter'),
  pages: z.number().int().describe('Live pages, from the site counter'),
  events: z.number().int().describe('Live events (a series counts once), from the site counter'),
});
export type AdminOverview = z.output<typeof adminOverview>;

/** How many members an announcement would reach now, and the radius searched (null: all members). */
export const announcementCount = z.strictObject({
  recipients: z.number().int().describe('Members it would mail now: verified, not suspended, announcements on'),
  radiusKm: z.number().nullable().describe('The radius searched, in km (null for all members)'),
});
/** An announcement and how far its sending has got. */
export const announcement = z.strictObject({
  id: z.string(),
  audience: z.enum(['all', 'near']),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  radiusKm: z.number().nullable(),
  subject: z.string(),
  state: z.enum(['running', 'done']),
  sent: z.number().int(),
  skipped: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type AnnouncementCount = z.infer<typeof announcementCount>;
export type Announcement = z.infer<typeof announcement>;
