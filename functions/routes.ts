/**
 * THE route table: every HTTP route of the product, declared once. The CDK stack makes one
 * Lambda and one API route of each entry, the local gateway dispatches to the same handler
 * modules, the security suite enumerates it, and docs/api.md is generated from it.
 * Catch-all: API Gateway's `$default` route (CATCH_ALL below) answers the 404 envelope.
 */
import { noInput } from '../shared/schemas/common';
import { newFormInput } from '../shared/schemas/forms';
import {
  adminUserUpdateInput,
  avatarUploadInput,
  cursorQuery,
  deleteAccountInput,
  emailOnlyInput,
  emptyInput,
  inviteValidityInput,
  loginInput,
  logoutInput,
  nearbyUsersInput,
  passwordResetInput,
  permissionParams,
  phoneCheckInput,
  phoneConfirmInput,
  profileUpdateInput,
  registerInput,
  sessionIdParam,
  signupInput,
  tokenInput,
  userSettingsInput,
  usersListParams,
  uuidPathInput,
} from '../shared/schemas/identity';
import { markAsSeenInput, newImmutableInput } from '../shared/schemas/notifications';
import { updateSiteSettingInput } from '../shared/schemas/site-settings';
import { checkIfLastInput, newTagInput, tagPrefixParams, tagSingleParams, tagsAllParams } from '../shared/schemas/tags';
import { handleAvailabilityInput } from '../shared/schemas/users';
import type { RouteDef } from './lib/route-types';

export const routes = [
  {
    method: 'GET', path: '/api/health', access: 'public', handler: 'system/health', input: noInput,
    grants: [], summary: 'Liveness: answers with the server time.',
  },
  {
    method: 'GET', path: '/api/site-settings/get-site', access: 'public', handler: 'site-settings/get-site', input: noInput,
    grants: ['table:read'], summary: 'The site settings flagged public: name, tagline, default location and the rest.',
  },
  {
    method: 'PUT', path: '/api/iam/admin/update/site-setting', access: 'admin', handler: 'admin/update-site-setting', input: updateSiteSettingInput,
    grants: ['table:read', 'table:write'], summary: 'Create or change a site setting (name, value, dataType default string, isPublic).',
  },
  {
    method: 'POST', path: '/api/iam/forms/new', access: 'registered', handler: 'forms/new-form', input: newFormInput,
    grants: ['table:read', 'table:write', 'mail'], summary: 'Send a contact or report form to the admins; the client id makes retries idempotent.',
  },

  // ── Authentication and account ──────────────────────────────────────────────────────────
  {
    method: 'POST', path: '/api/iam/authn/signup', access: 'public', csrfExempt: true, handler: 'auth/signup', input: signupInput,
    grants: ['table:read', 'table:write', 'mail'], memoryMb: 1024, timeoutSeconds: 10,
    summary: 'Create an account (registration incomplete) and e-mail a verification link; the same answer, and no session, for a known address.',
  },
  {
    method: 'POST', path: '/api/iam/authn/login', access: 'public', csrfExempt: true, handler: 'auth/login', input: loginInput,
    grants: ['table:read', 'table:write'], memoryMb: 1024, timeoutSeconds: 10,
    summary: 'Sign in: session cookies and the profile (with csrf_token). Wrong password and unknown address answer alike. Rate limited.',
  },
  {
    method: 'POST', path: '/api/iam/authn/logout', access: 'public', csrfExempt: true, handler: 'auth/logout', input: logoutInput,
    grants: ['table:read', 'table:write'], summary: 'Revoke this session\'s refresh token and clear the cookies; always 200.',
  },
  {
    method: 'GET', path: '/api/iam/authn/isauthenticated', access: 'public', handler: 'auth/is-authenticated', input: emptyInput,
    grants: [], summary: '{ loggedIn }: whether the request carries a valid access token.',
  },
  {
    method: 'POST', path: '/api/iam/authn/refresh', access: 'public', csrfExempt: true, handler: 'auth/refresh', input: emptyInput,
    grants: ['table:read', 'table:write'], summary: 'Rotate the refresh token and re-issue the access token; reuse of a rotated token revokes the family.',
  },
  {
    method: 'GET', path: '/api/iam/authn/profile', access: 'user', handler: 'auth/profile', input: emptyInput,
    grants: ['table:read'], summary: 'The signed-in user (spec §3) with the session\'s csrf_token.',
  },
  {
    method: 'PUT', path: '/api/iam/authn/update', access: 'user', handler: 'auth/update-profile', input: profileUpdateInput,
    grants: ['table:read', 'table:write', 'images:read'], summary: 'Change one\'s own profile: names, bio, motivations, location, avatar (checked after upload).',
  },
  {
    method: 'DELETE', path: '/api/iam/authn/delete', access: 'self', handler: 'auth/delete-account', input: deleteAccountInput,
    grants: ['table:read', 'table:write', 'images:write', 'mail'],
    summary: 'Delete one\'s account: conversations first, then the account (handle and e-mail freed), then the avatar; an e-mail confirms.',
  },
  {
    method: 'POST', path: '/api/iam/authn/register', access: 'user', handler: 'auth/register', input: registerInput,
    grants: ['table:read', 'table:write'], summary: 'Complete registration (verified e-mail needed): username, names, motivations, location.',
  },
  {
    method: 'POST', path: '/api/iam/authn/reset', access: 'public', csrfExempt: true, handler: 'auth/reset-request', input: emailOnlyInput,
    grants: ['table:read', 'table:write', 'mail'], summary: 'E-mail a password-reset link (1 h); the same answer whether or not the address exists. Rate limited.',
  },
  {
    method: 'PUT', path: '/api/iam/pwreset/update', access: 'public', csrfExempt: true, handler: 'auth/reset-update', input: passwordResetInput,
    grants: ['table:read', 'table:write'], memoryMb: 1024, timeoutSeconds: 10,
    summary: 'Set a new password with a reset token (single use); every session of the account is signed out.',
  },
  {
    method: 'POST', path: '/api/iam/pwreset/verify', access: 'public', csrfExempt: true, handler: 'auth/reset-verify', input: tokenInput,
    grants: ['table:read'], summary: 'Whether a reset token is still valid (it is not used up).',
  },
  {
    method: 'POST', path: '/api/iam/authn/verifyreset', access: 'public', csrfExempt: true, handler: 'auth/reset-verify', input: tokenInput,
    grants: ['table:read'], summary: 'Same as /api/iam/pwreset/verify.',
  },
  {
    method: 'POST', path: '/api/iam/authn/verifyemail', access: 'public', csrfExempt: true, handler: 'auth/verify-email-request', input: emailOnlyInput,
    grants: ['table:read', 'table:write', 'mail'], summary: 'E-mail a new verification link (24 h); the same answer whether or not the address is known. Rate limited.',
  },
  {
    method: 'POST', path: '/api/iam/authn/verifyemailtoken', access: 'public', csrfExempt: true, handler: 'auth/verify-email-token', input: tokenInput,
    grants: ['table:read', 'table:write'], summary: 'Use a verification token up: the e-mail address is verified.',
  },
  {
    method: 'GET', path: '/api/iam/refresh-tokens', access: 'user', handler: 'auth/sessions-list', input: emptyInput,
    grants: ['table:read'], summary: 'The user\'s sessions: device, created, last used, which one is this.',
  },
  {
    method: 'DELETE', path: '/api/iam/refresh-tokens', access: 'user', handler: 'auth/sessions-revoke-others', input: emptyInput,
    grants: ['table:read', 'table:write'], summary: 'Sign out every other session.',
  },
  {
    method: 'DELETE', path: '/api/iam/refresh-tokens/{id}', access: 'self', handler: 'auth/session-revoke', input: sessionIdParam,
    grants: ['table:read', 'table:write'], summary: 'Sign out one of one\'s own sessions (404 for anyone else\'s).',
  },

  // ── Users, settings, admin (more routes join here) ─────────────────────────────────────
  {
    method: 'GET', path: '/api/iam/users/user-settings', access: 'user', handler: 'users/user-settings', input: emptyInput,
    grants: ['table:read'], summary: 'The caller\'s settings (notifications, listing in nearby and the directory, nearby radius, units); the defaults while none are stored.',
  },
  {
    method: 'PUT', path: '/api/iam/users/update-user-settings', access: 'user', handler: 'users/update-user-settings', input: userSettingsInput,
    grants: ['table:read', 'table:write'], summary: 'Change some settings; show_in_nearby and show_in_directory add or drop the user from nearby searches and the directory at once.',
  },
  {
    method: 'POST', path: '/api/iam/users/create-user-settings', access: 'user', handler: 'users/create-user-settings', input: emptyInput,
    grants: ['table:read', 'table:write'], summary: 'Store the default settings (201); idempotent: existing settings answer 200 unchanged.',
  },
  {
    method: 'GET', path: '/api/iam/users/{uuid}/permission/{name}', access: 'self', handler: 'users/permission', input: permissionParams,
    grants: ['table:read'], summary: '{ allowed }: admin, moderate (admins); create-page, create-event, post-plants (a verified phone when the site requires it), send-messages, invite (registered members). Suspended or unregistered users hold none.',
  },
  {
    method: 'POST', path: '/api/iam/users/invites/new', access: 'registered', handler: 'users/invite-new', input: emptyInput,
    grants: ['table:read', 'table:write'], summary: 'A new invite link of the caller\'s: { uuid, is_valid, created_at, accepted_count, link }.',
  },
  {
    method: 'GET', path: '/api/iam/users/invites', access: 'user', handler: 'users/invites-list', input: cursorQuery,
    grants: ['table:read'], summary: 'The caller\'s invites, newest first, cursor paged: { invites, cursorId }.',
  },
  {
    method: 'PUT', path: '/api/iam/users/invites/update-validity/{uuid}', access: 'admin', handler: 'users/invite-validity', input: inviteValidityInput,
    grants: ['table:read', 'table:write'], summary: 'Switch an invite on or off (a body uuid must match the path); signup refuses an invalid invite.',
  },
  {
    method: 'GET', path: '/api/iam/users/all/{arg}', access: 'admin', handler: 'users/list-users', input: usersListParams,
    grants: ['table:read'], summary: 'Users whose registration is complete or incomplete, newest first, cursor paged: { users, cursorId }.',
  },
  {
    method: 'PUT', path: '/api/iam/users/{uuid}', access: 'admin', handler: 'users/admin-update-user', input: adminUserUpdateInput,
    grants: ['table:read', 'table:write'], summary: 'Change a user\'s names, suspension or admin role; a suspension reaches the user\'s session at its next refresh.',
  },
  {
    method: 'DELETE', path: '/api/iam/users/{uuid}', access: 'admin', handler: 'users/admin-delete-user', input: uuidPathInput,
    grants: ['table:read', 'table:write', 'images:write', 'mail'], summary: 'Delete a user\'s account: conversations first, then the account, then the avatar; an e-mail tells the user.',
  },
  {
    method: 'GET', path: '/api/iam/admin/users-without-location', access: 'admin', handler: 'admin/users-without-location', input: cursorQuery,
    grants: ['table:read'], summary: 'Registered users with no location, newest first, cursor paged: { users, cursorId }.',
  },
  {
    method: 'POST', path: '/api/iam/emails/account-deletion', access: 'user', handler: 'users/account-deletion-email', input: emptyInput,
    grants: ['table:read', 'mail'], summary: 'E-mail the caller how to delete their account.',
  },
  {
    method: 'GET', path: '/api/users', access: 'public', handler: 'users/directory', input: cursorQuery,
    grants: ['table:read'], summary: 'The members directory: registered members who list themselves, newest first, cursor paged: { users, cursorId }.',
  },
  {
    method: 'GET', path: '/api/user/get-user-by-uuid/{uuid}', access: 'public', handler: 'users/get-user-by-uuid', input: uuidPathInput,
    grants: ['table:read'], summary: 'A member\'s public profile; 404 for unknown or unregistered accounts.',
  },
  {
    method: 'PUT', path: '/api/users/nearby', access: 'user', handler: 'users/nearby', input: nearbyUsersInput,
    grants: ['table:read'], summary: 'Members within radiusKm (default: the caller\'s setting) of a point, nearest first, with distance_km rounded to 1 km and never coordinates.',
  },
  {
    method: 'GET', path: '/api/location/from-ip', access: 'public', handler: 'users/location-from-ip', input: noInput,
    grants: ['table:read'], summary: '{ latitude, longitude, suburb_city, state, country }: CloudFront\'s viewer geolocation in the cloud, else the site\'s default place.',
  },
  {
    method: 'POST', path: '/api/iam/authn/init-phone-and-check', access: 'self', handler: 'users/phone-init', input: phoneCheckInput,
    grants: ['table:read', 'table:write', 'sms'], summary: 'Text a 6-digit code (10 min, 5 tries) to the number: { unverifiable, recordId }; an invalid or unsendable number is unverifiable. Rate limited.',
  },
  {
    method: 'PUT', path: '/api/iam/authn/confirm-phone-and-record', access: 'self', handler: 'users/phone-confirm', input: phoneConfirmInput,
    grants: ['table:read', 'table:write'], summary: 'Check the texted code (single use): the phone is saved as verified on the account, then the check is recorded.',
  },
  {
    method: 'POST', path: '/api/iam/images/avatar-upload', access: 'user', handler: 'images/avatar-upload', input: avatarUploadInput,
    grants: ['images:write'], summary: 'A presigned PUT (5 min, content type fixed) for a new avatar: { url, key, headers }; save the key with PUT /api/iam/authn/update.',
  },
  {
    method: 'GET', path: '/api/iam/search/username-page-handle/{handle}', access: 'public', handler: 'search/username-page-handle', input: handleAvailabilityInput,
    grants: ['table:read'], summary: '{ available, reason? }: whether a username or page handle (one namespace) can be taken; malformed and reserved handles cannot.',
  },
  // ── Tags ────────────────────────────────────────────────────────────────────────────────
  {
    method: 'POST', path: '/api/iam/tags/new', access: 'user', handler: 'tags/new-tag', input: newTagInput,
    grants: ['table:read', 'table:write'],
    summary: 'Create a tag on first use (name trimmed, spaces collapsed, lower case; it is also the id): 201 with { id, name, isParent, … }; an existing tag answers 200 as it is. returnAnId is accepted; the id is always returned.',
  },
  {
    method: 'GET', path: '/api/iam/tags/prefix/{prefix}/{flag}', access: 'user', handler: 'tags/prefix', input: tagPrefixParams,
    grants: ['table:read'], summary: 'Autocomplete: { tags } whose name starts with prefix, up to 20 by name; flag = true for parent tags only, false for all tags.',
  },
  {
    method: 'GET', path: '/api/iam/tags/all/{arg}', access: 'user', handler: 'tags/all-tags', input: tagsAllParams,
    grants: ['table:read'], summary: 'Tags sorted by name, cursor paged: { tags, cursorId }; arg = all (every tag) or parents (parent tags only).',
  },
  {
    method: 'GET', path: '/api/iam/tags/get-single/{type}/{data}', access: 'user', handler: 'tags/get-single', input: tagSingleParams,
    grants: ['table:read'], summary: 'One tag: type = id or name (a tag\'s id is its name), data = the id or name; 404 when there is none.',
  },
  {
    method: 'PUT', path: '/api/iam/tags/check-if-last', access: 'user', handler: 'tags/check-if-last', input: checkIfLastInput,
    grants: ['table:read', 'table:write'], summary: 'Remove each listed tag (tagIdArr, at most 50) that no content uses any more (usageCount 0, checked in the delete itself): { removed }.',
  },

  // ── Notifications ───────────────────────────────────────────────────────────────────────
  {
    method: 'GET', path: '/api/iam/notifications/unread-tally', access: 'user', handler: 'notifications/unread-tally', input: noInput,
    grants: ['table:read'], summary: '{ tally }: how many of the caller\'s notifications are unseen (a counter kept with every write).',
  },
  {
    method: 'GET', path: '/api/iam/notifications/all', access: 'user', handler: 'notifications/all', input: cursorQuery,
    grants: ['table:read'], summary: 'The caller\'s notifications, newest first, cursor paged: { notifications, cursorId }.',
  },
  {
    method: 'PUT', path: '/api/iam/notifications/mark-as-seen', access: 'user', handler: 'notifications/mark-as-seen', input: markAsSeenInput,
    grants: ['table:read', 'table:write'],
    summary: 'Mark the caller\'s notifications notifIds (at most 100; an empty list = every unseen one) seen; the tally drops by exactly the number that changed: { tally }. Ids that are not the caller\'s change nothing.',
  },
  {
    method: 'POST', path: '/api/iam/notifications/new-immutable', access: 'admin', handler: 'notifications/new-immutable', input: newImmutableInput,
    grants: ['table:read', 'table:write'], timeoutSeconds: 29,
    summary: 'An announcement (text, 1-500 characters) the recipient cannot delete, to recipientId or, without it, to every registered user: { sent }.',
  },
] as const satisfies readonly RouteDef[];

export type RouteTable = typeof routes;

/** The handler of API Gateway's `$default` route: every path no route matches. */
export const CATCH_ALL = { handler: 'system/not-found', grants: [] } as const;
