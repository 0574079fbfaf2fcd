/** The users routes' contract. */
import { adminUser, adminUserPage } from '../answers/admin';
import { accountDeleted, mailSent } from '../answers/auth';
import { directoryPage, invite, invitePage, memberInvitePage, memberProfile, nearbyUsers, permissionCheck, phoneCheckStarted, phoneVerified, placeGuess, userSettings as userSettingsAnswer, userSettingsWithFeed } from '../answers/users';
import { adminUserUpdateInput, directoryQuery, inviteValidityInput, memberInvitesParams, nearbyUsersInput, permissionParams, phoneCheckInput, phoneConfirmInput, userSettingsInput, usersListParams } from '../schemas/users';
import { cursorQuery, emptyInput, noInput, uuidPathInput } from '../schemas/common';
import { defineRoute } from './route';

export const userSettings = defineRoute({
  method: 'GET', path: '/api/iam/users/user-settings', access: 'user',
  input: emptyInput, output: userSettingsWithFeed,
  summary: 'The caller\'s settings (notifications, listing in nearby and the directory, nearby radius, units; the defaults while none are stored) and calendarFeedUrl, their private calendar feed (null until they make one).',
});

export const updateUserSettings = defineRoute({
  method: 'PUT', path: '/api/iam/users/update-user-settings', access: 'user',
  input: userSettingsInput, output: userSettingsAnswer,
  errors: { 409: 'the account changed meanwhile' },
  summary: 'Change some settings; show_in_nearby and show_in_directory add or drop the user from nearby searches and the directory at once (show_in_nearby moves their plant listings too).',
});

export const createUserSettings = defineRoute({
  method: 'POST', path: '/api/iam/users/create-user-settings', access: 'user', status: 201, idempotent: true,
  input: emptyInput, output: userSettingsAnswer,
  errors: { 409: 'the account changed meanwhile' },
  summary: 'Store the default settings (201); idempotent: existing settings answer 200 unchanged.',
});

export const permission = defineRoute({
  method: 'GET', path: '/api/iam/users/{uuid}/permission/{name}', access: 'self',
  input: permissionParams, output: permissionCheck,
  errors: { 404: 'no such user' },
  summary: '{ allowed }: admin, moderate (admins); create-page, create-event, post-plants (a verified phone when the site requires it), send-messages, invite (registered members). Suspended or unregistered users hold none.',
});

export const inviteNew = defineRoute({
  method: 'POST', path: '/api/iam/users/invites/new', access: 'registered', status: 201,
  input: emptyInput, output: invite,
  summary: 'A new invite link of the caller\'s: { uuid, is_valid, created_at, accepted_count, link }.',
});

export const invitesList = defineRoute({
  method: 'GET', path: '/api/iam/users/invites', access: 'user',
  input: cursorQuery, output: invitePage,
  summary: 'The caller\'s invites, newest first, cursor paged: { invites, cursorId }.',
});

export const inviteValidity = defineRoute({
  method: 'PUT', path: '/api/iam/users/invites/update-validity/{uuid}', access: 'admin',
  input: inviteValidityInput, output: invite,
  errors: { 404: 'no such invite' },
  summary: 'Switch an invite on or off (a body uuid must match the path); signup refuses an invalid invite.',
});

export const memberInvites = defineRoute({
  method: 'GET', path: '/api/iam/admin/users/{uuid}/invites', access: 'admin',
  input: memberInvitesParams, output: memberInvitePage,
  errors: { 404: 'no such member (or the account was deleted)' },
  summary: 'One member\'s invites for an admin, newest first, cursor paged: { inviter, invites, cursorId } (each with how many signed up through it), so that one can be switched off.',
});

export const listUsers = defineRoute({
  method: 'GET', path: '/api/iam/users/all/{arg}', access: 'admin',
  input: usersListParams, output: adminUserPage,
  summary: 'Users whose registration is complete or incomplete, newest first, cursor paged: { users, cursorId }.',
});

export const adminUpdateUser = defineRoute({
  method: 'PUT', path: '/api/iam/users/{uuid}', access: 'admin',
  input: adminUserUpdateInput, output: adminUser,
  errors: { 404: 'no such user' },
  summary: 'Change a user\'s names, suspension or admin role; a suspension reaches the user\'s session at its next refresh.',
});

export const adminDeleteUser = defineRoute({
  method: 'DELETE', path: '/api/iam/users/{uuid}', access: 'admin',
  input: uuidPathInput, output: accountDeleted,
  errors: { 404: 'no such user', 409: 'the user is the only admin of a page, or the account changed meanwhile' },
  summary: 'Delete a user\'s account: conversations first, then the account, then the avatar and every other avatar upload; an e-mail tells the user.',
});

export const accountDeletionEmail = defineRoute({
  method: 'POST', path: '/api/iam/emails/account-deletion', access: 'user',
  input: emptyInput, output: mailSent,
  errors: { 429: 'past 3 a day' },
  summary: 'E-mail the caller how to delete their account: a verified address only (403 otherwise), 3 a day (429 past it).',
});

export const directory = defineRoute({
  method: 'GET', path: '/api/users', access: 'public',
  input: directoryQuery, output: directoryPage,
  summary: 'The members directory: registered members who list themselves, newest first, cursor paged: { users, cursorId }. q = words, each starting a word of the member\'s name or username (case and accents folded), listed in the order of the word matched, leaving out members either side blocks: as search finds members.',
});

export const getUserByUuid = defineRoute({
  method: 'GET', path: '/api/user/get-user-by-uuid/{uuid}', access: 'public',
  input: uuidPathInput, output: memberProfile,
  errors: { 404: 'unknown or unregistered account' },
  summary: 'A member\'s public profile (with their motivations, whether their phone is verified, when they joined, and, for signed-in viewers, the pages they belong to, at most 20); 404 for unknown or unregistered accounts.',
});

export const nearby = defineRoute({
  method: 'PUT', path: '/api/users/nearby', access: 'registered',
  input: nearbyUsersInput, output: nearbyUsers,
  summary: 'Members within radiusKm (default: the caller\'s setting) of a point, nearest first, with distance_km rounded to 1 km and never coordinates.',
});

export const locationFromIp = defineRoute({
  method: 'GET', path: '/api/location/from-ip', access: 'public',
  input: noInput, output: placeGuess,
  summary: '{ latitude, longitude, suburb_city, state, country }: CloudFront\'s viewer geolocation in the cloud, else the site\'s default place.',
});

export const phoneInit = defineRoute({
  method: 'POST', path: '/api/iam/authn/init-phone-and-check', access: 'self',
  input: phoneCheckInput, output: phoneCheckStarted,
  errors: { 429: 'past the text-message limit of the member or of the number' },
  summary: 'Text a 6-digit code (10 min, 5 tries) to the number: { unverifiable, recordId }; an invalid or unsendable number is unverifiable. 403 until the e-mail is verified; 400 for a country not on sms_allowed_countries; 429 past 5 an hour per account or number; 503 once the site\'s sms_daily_budget (default 500 a UTC day) is spent.',
});

export const phoneConfirm = defineRoute({
  method: 'PUT', path: '/api/iam/authn/confirm-phone-and-record', access: 'self',
  input: phoneConfirmInput, output: phoneVerified,
  errors: { 404: 'no such check of the caller\'s', 409: 'the code was already used' },
  summary: 'Check the texted code (single use): the phone is saved as verified on the account, then the check is recorded.',
});
