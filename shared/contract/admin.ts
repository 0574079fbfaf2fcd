/** The admin routes' contract. */
import { adminOverview as adminOverviewAnswer, adminUserPage, announcement, announcementCount, counterRepair, recountProgress, siteSetting } from '../answers/admin';
import { announcementAudienceInput, announcementParams, recountInput, repairCounterInput, startAnnouncementInput } from '../schemas/admin';
import { updateSiteSettingInput } from '../schemas/site-settings';
import { cursorQuery, noInput } from '../schemas/common';
import { defineRoute } from './route';

export const updateSiteSetting = defineRoute({
  method: 'PUT', path: '/api/iam/admin/update/site-setting', access: 'admin',
  input: updateSiteSettingInput, output: siteSetting,
  summary: 'Create or change a site setting (name, value, dataType default string, isPublic). sms_daily_budget (number, 0-1000000) and sms_allowed_countries (string, ISO codes such as AU,NZ; empty for all) are checked.',
});

export const usersWithoutLocation = defineRoute({
  method: 'GET', path: '/api/iam/admin/users-without-location', access: 'admin',
  input: cursorQuery, output: adminUserPage,
  summary: 'Registered users with no location, newest first, cursor paged: { users, cursorId }.',
});

export const recountCounters = defineRoute({
  method: 'POST', path: '/api/iam/admin/counters/recount', access: 'admin',
  input: recountInput, output: recountProgress,
  summary: 'Recount the counters of a scope (the feed counts of global, user#<id>, page#<id>, tag#<name>; the site\'s members, pages and events: site) from its lists, a bounded batch per call (limit? items, at most 1000; cursorId? to go on): { scope, read, cursorId, rows } with rows (each counter stored and recounted) once done.',
});

export const repairCounter = defineRoute({
  method: 'POST', path: '/api/iam/admin/counters/repair', access: 'admin',
  input: repairCounterInput, output: counterRepair,
  summary: 'Set a counter (scope, audience, field; the site scope\'s audience is all) to its recounted value while it still holds the stored value given: { outcome } repaired, unchanged or changed (recount again).',
});

export const adminOverview = defineRoute({
  method: 'GET', path: '/api/iam/admin/overview', access: 'admin',
  input: noInput, output: adminOverviewAnswer,
  summary: 'The dashboard counts kept on write: { posts, plants } as members see the site (the global feed counters), { members, pages, events } (the site counter: registered members, live pages and events) and { openReports } (open moderation cases).',
});

export const countAnnouncementRecipients = defineRoute({
  method: 'POST', path: '/api/iam/admin/announcements/count', access: 'admin',
  input: announcementAudienceInput, output: announcementCount,
  errors: { 429: 'past the count limit' },
  summary: 'How many members an announcement would mail now (audience all, or near with latitude, longitude and radiusKm ≤ 150: members who show in nearby): { recipients, radiusKm }.',
});

export const startAnnouncement = defineRoute({
  method: 'POST', path: '/api/iam/admin/announcements', access: 'admin',
  input: startAnnouncementInput, output: announcement,
  errors: { 409: 'an announcement is still being sent', 429: 'past the announcement limit' },
  summary: 'Start mailing an announcement (subject ≤ 200, plain text ≤ 20,000) to an audience, in batches; one at a time, 10 a day per admin. Members who turned announcements off, suspended and unverified get nothing: the announcement with its progress.',
});

export const announcementProgress = defineRoute({
  method: 'GET', path: '/api/iam/admin/announcements/{id}', access: 'admin',
  input: announcementParams, output: announcement,
  errors: { 404: 'no such announcement' },
  summary: 'An announcement and its progress: { state running or done, sent, skipped }.',
});
