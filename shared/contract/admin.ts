/** The admin routes' contract. */
import { adminUserPage, siteSetting } from '../answers/admin';
import { updateSiteSettingInput } from '../schemas/site-settings';
import { cursorQuery } from '../schemas/common';
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
