/**
 * THE route table: every HTTP route of the product, declared once. The CDK stack makes one
 * Lambda and one API route of each entry, the local gateway dispatches to the same handler
 * modules, the security suite enumerates it, and docs/api.md is generated from it.
 * Catch-all: API Gateway's `$default` route (CATCH_ALL below) answers the 404 envelope.
 */
import { noInput } from '../shared/schemas/common';
import {
  availNearbyInput,
  basicParams,
  byHandleParams,
  commentNotifInput,
  contentMoreParams,
  contentRecentQuery,
  cursorParams,
  deleteCommentInput,
  deletePostInput,
  deleteReactionInput,
  listingsParams,
  moreByHandleParams,
  morePlantsByUserParams,
  morePostsByUserParams,
  newCommentInput,
  newPlantInput,
  newPostInput,
  newReactionInput,
  noCursorQuery,
  photoDescriptionsInput,
  photoUploadInput,
  plantsByHandleParams,
  plantsByUserParams,
  plantsMoreRecentParams,
  plantsRecentParams,
  plantUpdateInput,
  postIdParams,
  postPrivacyInput,
  publicPlantsRecentParams,
  reactionNotifInput,
  tagFeedParams,
  textAndTagsInput,
  userIdParams,
} from '../shared/schemas/content';
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
    grants: ['table:read', 'table:write'], summary: 'Create or change a site setting (name, value, dataType default string, isPublic). sms_daily_budget (number, 0-1000000) and sms_allowed_countries (string, ISO codes such as AU,NZ; empty for all) are checked.',
  },
  {
    method: 'POST', path: '/api/iam/forms/new', access: 'registered', handler: 'forms/new-form', input: newFormInput,
    grants: ['table:read', 'table:write', 'mail'], summary: 'Send a contact or report form to the admins; the client id makes retries idempotent; 429 after 5 forms in an hour.',
  },

  // ── Authentication and account ──────────────────────────────────────────────────────────
  {
    method: 'POST', path: '/api/iam/authn/signup', access: 'public', csrfExempt: true, handler: 'auth/signup', input: signupInput,
    grants: ['table:read', 'table:write', 'mail'], memoryMb: 1024, timeoutSeconds: 10,
    summary: 'Create an account (registration incomplete) and e-mail a verification link; the same answer, and no session, for a known address (whose owner is told, at most once a day). Rate limited per IP (an IPv6 /64).',
  },
  {
    method: 'POST', path: '/api/iam/authn/login', access: 'public', csrfExempt: true, handler: 'auth/login', input: loginInput,
    grants: ['table:read', 'table:write'], memoryMb: 1024, timeoutSeconds: 10,
    summary: 'Sign in: session cookies and the profile (with csrf_token). Wrong password and unknown address answer alike. Rate limited per IP (an IPv6 /64) and per address from one IP.',
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
    grants: ['table:read', 'table:write', 'images:read', 'images:write'],
    summary: 'Change one\'s own profile: names, bio, motivations, location, avatar (a pending upload, checked after upload; the replaced one is deleted). A change of place moves one\'s plant listings.',
  },
  {
    method: 'DELETE', path: '/api/iam/authn/delete', access: 'self', handler: 'auth/delete-account', input: deleteAccountInput,
    grants: ['table:read', 'table:write', 'images:read', 'images:write', 'mail'],
    summary: 'Delete one\'s account: conversations first, then the account (handle and e-mail freed), then the avatar and every other avatar upload; an e-mail confirms.',
  },
  {
    method: 'POST', path: '/api/iam/authn/register', access: 'user', handler: 'auth/register', input: registerInput,
    grants: ['table:read', 'table:write'], summary: 'Complete registration (verified e-mail needed): username, names, motivations, location.',
  },
  {
    method: 'POST', path: '/api/iam/authn/reset', access: 'public', csrfExempt: true, handler: 'auth/reset-request', input: emailOnlyInput,
    grants: ['table:read', 'table:write', 'mail'], summary: 'E-mail a password-reset link (1 h); the same answer, and the same work, whether or not the address exists. Rate limited.',
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
    grants: ['table:read', 'table:write', 'mail'], summary: 'E-mail a new verification link (24 h); the same answer, and the same work, whether or not the address is known. Rate limited.',
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
    grants: ['table:read', 'table:write'], summary: 'Change some settings; show_in_nearby and show_in_directory add or drop the user from nearby searches and the directory at once (show_in_nearby moves their plant listings too).',
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
    grants: ['table:read', 'table:write', 'images:read', 'images:write', 'mail'], summary: 'Delete a user\'s account: conversations first, then the account, then the avatar and every other avatar upload; an e-mail tells the user.',
  },
  {
    method: 'GET', path: '/api/iam/admin/users-without-location', access: 'admin', handler: 'admin/users-without-location', input: cursorQuery,
    grants: ['table:read'], summary: 'Registered users with no location, newest first, cursor paged: { users, cursorId }.',
  },
  {
    method: 'POST', path: '/api/iam/emails/account-deletion', access: 'user', handler: 'users/account-deletion-email', input: emptyInput,
    grants: ['table:read', 'table:write', 'mail'], summary: 'E-mail the caller how to delete their account: a verified address only (403 otherwise), 3 a day (429 past it).',
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
    method: 'PUT', path: '/api/users/nearby', access: 'registered', handler: 'users/nearby', input: nearbyUsersInput,
    grants: ['table:read'], summary: 'Members within radiusKm (default: the caller\'s setting) of a point, nearest first, with distance_km rounded to 1 km and never coordinates.',
  },
  {
    method: 'GET', path: '/api/location/from-ip', access: 'public', handler: 'users/location-from-ip', input: noInput,
    grants: ['table:read'], summary: '{ latitude, longitude, suburb_city, state, country }: CloudFront\'s viewer geolocation in the cloud, else the site\'s default place.',
  },
  {
    method: 'POST', path: '/api/iam/authn/init-phone-and-check', access: 'self', handler: 'users/phone-init', input: phoneCheckInput,
    grants: ['table:read', 'table:write', 'sms'], summary: 'Text a 6-digit code (10 min, 5 tries) to the number: { unverifiable, recordId }; an invalid or unsendable number is unverifiable. 403 until the e-mail is verified; 400 for a country not on sms_allowed_countries; 429 past 5 an hour per account or number; 503 once the site\'s sms_daily_budget (default 500 a UTC day) is spent.',
  },
  {
    method: 'PUT', path: '/api/iam/authn/confirm-phone-and-record', access: 'self', handler: 'users/phone-confirm', input: phoneConfirmInput,
    grants: ['table:read', 'table:write'], summary: 'Check the texted code (single use): the phone is saved as verified on the account, then the check is recorded.',
  },
  {
    method: 'POST', path: '/api/iam/images/avatar-upload', access: 'user', handler: 'images/avatar-upload', input: avatarUploadInput,
    grants: ['table:write', 'images:write'],
    summary: 'A presigned PUT (5 min; JPEG, PNG or WebP; content type and length signed; at most 5 MB) for a new avatar: { url, key, headers, expires_in }; save the key with PUT /api/iam/authn/update. The upload stays pending until saved; unused ones are removed after a day. 403 for suspended members; 429 after 30 in an hour.',
  },
  {
    method: 'GET', path: '/api/iam/search/username-page-handle/{handle}', access: 'public', handler: 'search/username-page-handle', input: handleAvailabilityInput,
    grants: ['table:read'], summary: '{ available, reason? }: whether a username or page handle (one namespace) can be taken; malformed and reserved handles cannot.',
  },
  // ── Tags ────────────────────────────────────────────────────────────────────────────────
  {
    method: 'POST', path: '/api/iam/tags/new', access: 'registered', handler: 'tags/new-tag', input: newTagInput,
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
    method: 'PUT', path: '/api/iam/tags/check-if-last', access: 'registered', handler: 'tags/check-if-last', input: checkIfLastInput,
    grants: ['table:write'], summary: 'Remove each listed tag (tagIdArr, at most 50) that no content uses any more (usageCount 0, checked in the delete itself): { removed }.',
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
  {
    method: 'POST', path: '/api/iam/notifications/new-reaction-notif', access: 'user', handler: 'notifications/new-reaction-notif', input: reactionNotifInput,
    grants: ['table:read'], summary: 'Compatibility: a reaction\'s notification is written with the reaction. Accepts only the caller\'s own reaction (reactionId) and answers { notified } without writing again (idempotent); 404 for any other.',
  },
  {
    method: 'POST', path: '/api/iam/notifications/new-comment-notif', access: 'user', handler: 'notifications/new-comment-notif', input: commentNotifInput,
    grants: ['table:read'], summary: 'Compatibility: a comment\'s or reply\'s notification is written with it. Accepts only the caller\'s own comment (commentId) and answers { notified } without writing again (idempotent); 404 for any other.',
  },

  // ── Posts and plants ────────────────────────────────────────────────────────────────────
  {
    method: 'POST', path: '/api/iam/posts/new', access: 'registered', handler: 'posts/new-post', input: newPostInput,
    grants: ['table:read', 'table:write', 'images:read'], summary: 'Create a post (id = client UUID, so a retry answers the same post): text, tags (at most 8), photos (keys from the upload URL route, at most 10), privacy, pageId?: 201 { post }; 200 with the existing post on a retry; 409 when the id is taken by another post; 429 after 30 posts and plants in an hour.',
  },
  {
    method: 'POST', path: '/api/iam/plant/new', access: 'registered', handler: 'posts/new-plant', input: newPlantInput,
    grants: ['table:read', 'table:write', 'images:read'], summary: 'Create a plant post (id = client UUID): plant details with availability, plant_photos (1-10, each with a description), text?, tags, privacy, pageId?: 201 { plant }; a retry answers the same plant; 403 when the site requires a verified phone to list plants and the member has none; 429 after 30 posts and plants in an hour.',
  },
  {
    method: 'DELETE', path: '/api/iam/posts', access: 'self', handler: 'posts/delete-post', input: deletePostInput,
    grants: ['table:read', 'table:write', 'images:write'], summary: 'Delete the caller\'s post or plant (postId, userId = the caller): one transaction takes it out of every list and fixes every count, then its comments, reactions and photos are swept: { deleted: true }.',
  },
  {
    method: 'PUT', path: '/api/iam/posts/privacy', access: 'self', handler: 'posts/privacy', input: postPrivacyInput,
    grants: ['table:read', 'table:write', 'images:read', 'images:write'],
    summary: 'Change a post\'s privacy (id, uuid = the caller, privacy); it moves to the front of its lists and the counts follow; a narrower audience moves its photos to new keys (old photo URLs stop working): { post }.',
  },
  {
    method: 'PUT', path: '/api/iam/posts/update/textandtags', access: 'self', handler: 'posts/text-and-tags', input: textAndTagsInput,
    grants: ['table:read', 'table:write'], summary: 'Change a post\'s text and tags (postId, userId = the caller); it moves to the front of its lists: { post }.',
  },
  {
    method: 'PUT', path: '/api/iam/plant/update/details', access: 'self', handler: 'posts/plant-details', input: plantUpdateInput,
    grants: ['table:read', 'table:write', 'images:read', 'images:write'],
    summary: 'Change a plant post\'s details, availability and privacy (postId, userId = the caller); a narrower audience moves its photos to new keys: { plant }.',
  },
  {
    method: 'PUT', path: '/api/iam/plant/update/photo-descriptions', access: 'self', handler: 'posts/photo-descriptions', input: photoDescriptionsInput,
    grants: ['table:read', 'table:write'], summary: 'Change the descriptions of a plant post\'s photos (id, uuid = the caller, plantPhotos [{ key, description }]): { plant }.',
  },
  {
    method: 'POST', path: '/api/iam/posts/comment/new', access: 'registered', handler: 'posts/new-comment', input: newCommentInput,
    grants: ['table:read', 'table:write'], summary: 'Comment on a post (id = client UUID, post_id, content) or reply (parent_id, level = parent\'s level + 1, at most 5); the post\'s or parent\'s author is notified in the same transaction: 201 { comment, commentCount }; 429 after 120 comments in an hour.',
  },
  {
    method: 'DELETE', path: '/api/iam/posts/comment', access: 'self', handler: 'posts/delete-comment', input: deleteCommentInput,
    grants: ['table:read', 'table:write'], summary: 'Delete the caller\'s comment (id, uuid = the caller) with all its replies and their reactions; the post\'s count drops by the number removed: { deleted, commentCount }.',
  },
  {
    method: 'POST', path: '/api/iam/posts/reaction/new', access: 'registered', handler: 'posts/new-reaction', input: newReactionInput,
    grants: ['table:read', 'table:write'], summary: 'React to a post (post_id) or a comment (comment_id): one per user and target, a second call answers the same reaction (200); the author is notified in the same transaction, once per member and target (reacting again after an undo notifies nobody): 201 { reaction }; 429 after 300 in an hour.',
  },
  {
    method: 'DELETE', path: '/api/iam/posts/reaction', access: 'self', handler: 'posts/delete-reaction', input: deleteReactionInput,
    grants: ['table:read', 'table:write'], summary: 'Undo the caller\'s reaction (id from reaction/new): { reactionCount }.',
  },
  {
    method: 'GET', path: '/api/iam/posts/{id}', access: 'user', handler: 'posts/get-post', input: postIdParams,
    grants: ['table:read'], summary: 'A post with a page of its comments in thread order and its responders, as the caller may see it: { post, comments, responders, commentsCursor }; 404 when it does not exist or is not visible.',
  },
  {
    method: 'GET', path: '/api/iam/plant/{id}', access: 'user', handler: 'posts/get-plant', input: postIdParams,
    grants: ['table:read'], summary: 'A plant post with a page of its comments and its responders: { plant, comments, responders, commentsCursor }; 404 when it does not exist or is not visible.',
  },
  {
    method: 'GET', path: '/api/iam/posts/tag/{tag}', access: 'user', handler: 'posts/by-tag', input: tagFeedParams,
    grants: ['table:read'], summary: 'Posts and plants with the tag that the caller may see, newest first: { contentItems, counts, cursorId } (cursorId in the query string).',
  },
  {
    method: 'GET', path: '/api/iam/posts/init-recent', access: 'user', handler: 'posts/recent-posts', input: noCursorQuery,
    grants: ['table:read'], summary: 'First page of recent posts for members: { posts, counts, cursorId }.',
  },
  {
    method: 'GET', path: '/api/iam/posts/more-recent/{cursor}', access: 'user', handler: 'posts/more-recent-posts', input: cursorParams,
    grants: ['table:read'], summary: 'The next page of recent posts after cursor: { posts, counts, cursorId }.',
  },
  {
    method: 'GET', path: '/api/iam/posts/bymyuser/{cursor}', access: 'user', handler: 'posts/by-my-user', input: cursorParams,
    grants: ['table:read'], summary: 'The caller\'s own posts, private ones included; cursor = first for the first page: { posts, counts, cursorId }.',
  },
  {
    method: 'GET', path: '/api/iam/usercounts/byuser/{id}', access: 'user', handler: 'posts/user-counts', input: userIdParams,
    grants: ['table:read'], summary: 'Feed counts of a user as the caller may see them (their own private items too on their own profile): { counts }.',
  },
  {
    method: 'GET', path: '/api/iam/plantsbyuser/{userId}/{filter}/{take}', access: 'user', handler: 'posts/plants-by-user', input: plantsByUserParams,
    grants: ['table:read'], summary: 'First page (take, at most 50) of a user\'s plants, filter = plantsAll | plantsAvail: { plants, counts, cursorId }.',
  },
  {
    method: 'GET', path: '/api/iam/morepostsbyuser/{userId}/{take}/{cursor}', access: 'user', handler: 'posts/more-posts-by-user', input: morePostsByUserParams,
    grants: ['table:read'], summary: 'The next page of a user\'s posts after cursor: { posts, counts, cursorId }.',
  },
  {
    method: 'GET', path: '/api/iam/moreplantsbyuser/{userId}/{filter}/{take}/{cursor}', access: 'user', handler: 'posts/more-plants-by-user', input: morePlantsByUserParams,
    grants: ['table:read'], summary: 'The next page of a user\'s plants after cursor: { plants, counts, cursorId }.',
  },
  {
    method: 'GET', path: '/api/iam/plants/init-recent/{x}', access: 'user', handler: 'posts/recent-plants-members', input: plantsRecentParams,
    grants: ['table:read'], summary: 'First page of recent plants for members, x = plantsAll | plantsAvail: { plants, counts, cursorId }.',
  },
  {
    method: 'GET', path: '/api/iam/plants/more-recent/{filter}/{cursor}', access: 'user', handler: 'posts/more-recent-plants-members', input: plantsMoreRecentParams,
    grants: ['table:read'], summary: 'The next page of recent plants for members: { plants, counts, cursorId }.',
  },
  {
    method: 'GET', path: '/api/iam/user-or-page-basic/{x}', access: 'user', handler: 'posts/user-or-page-basic', input: basicParams,
    grants: ['table:read'], summary: 'The card of a user (or, later, a page) by id or handle: { owner: { type, id, handle, name, avatar } }.',
  },
  {
    method: 'GET', path: '/api/posts/{username}', access: 'public', handler: 'posts/posts-by-handle', input: byHandleParams,
    grants: ['table:read'], summary: 'A user\'s posts as the viewer may see them, newest first: { posts, counts, cursorId, owner }.',
  },
  {
    method: 'GET', path: '/api/posts/more/by-user/{arg}', access: 'public', handler: 'posts/more-posts-by-handle', input: moreByHandleParams,
    grants: ['table:read'], summary: 'The next page of a user\'s posts (arg = handle, cursorId in the query string): { posts, counts, cursorId, owner }.',
  },
  {
    method: 'GET', path: '/api/post/{id}', access: 'public', handler: 'posts/get-post', input: postIdParams,
    grants: ['table:read'], summary: 'A post with a page of its thread and its responders, only if the viewer may see it (404 otherwise, so existence does not leak): { post, comments, responders, commentsCursor }; ?commentsCursor= for the next page of comments.',
  },
  {
    method: 'GET', path: '/api/posts/tag/{tag}', access: 'public', handler: 'posts/by-tag', input: tagFeedParams,
    grants: ['table:read'], summary: 'Posts and plants with the tag that the viewer may see, newest first: { contentItems, counts, cursorId }.',
  },
  {
    method: 'GET', path: '/api/plants/by-user/{user}', access: 'public', handler: 'posts/plants-by-handle', input: plantsByHandleParams,
    grants: ['table:read'], summary: 'A user\'s plants (user = handle; filter = plantsAll | plantsAvail in the query string): { plants, counts, cursorId, owner }.',
  },
  {
    method: 'GET', path: '/api/plants/by-user/more/{user}', access: 'public', handler: 'posts/plants-by-handle', input: plantsByHandleParams,
    grants: ['table:read'], summary: 'The next page of a user\'s plants (cursorId and filter in the query string): { plants, counts, cursorId, owner }.',
  },
  {
    method: 'GET', path: '/api/plants/recent/{arg}', access: 'public', handler: 'posts/recent-plants', input: publicPlantsRecentParams,
    grants: ['table:read'], summary: 'Recent plants the viewer may see, arg = plantsAll | plantsAvail: { plants, counts, cursorId }.',
  },
  {
    method: 'GET', path: '/api/plants/recent/more/{arg}', access: 'public', handler: 'posts/recent-plants', input: publicPlantsRecentParams,
    grants: ['table:read'], summary: 'The next page of recent plants (cursorId in the query string): { plants, counts, cursorId }.',
  },
  {
    method: 'GET', path: '/api/plant/{id}', access: 'public', handler: 'posts/get-plant', input: postIdParams,
    grants: ['table:read'], summary: 'A plant post with a page of its thread and its responders, only if the viewer may see it (404 otherwise): { plant, comments, responders, commentsCursor }; ?commentsCursor= for the next page.',
  },
  {
    method: 'GET', path: '/api/plant/listings/user/{uuid}', access: 'public', handler: 'posts/listings', input: listingsParams,
    grants: ['table:read'], summary: 'A user\'s available plants (listings) the viewer may see, newest first: { plants, counts, cursorId }.',
  },
  {
    method: 'GET', path: '/api/plants/get-latest/plants-users', access: 'public', handler: 'posts/latest-plants-users', input: noCursorQuery,
    grants: ['table:read'], summary: 'The latest plants the viewer may see, each with its owner card: { plants }.',
  },
  {
    method: 'PUT', path: '/api/plants/avail-nearby', access: 'public', handler: 'posts/avail-nearby', input: availNearbyInput,
    grants: ['table:read'], summary: 'Available plants near latitude/longitude within radiusKm (default 25), nearest first, distances rounded to 1 km: { plants, radius_km }.',
  },
  {
    method: 'GET', path: '/api/content-items/recent', access: 'public', handler: 'posts/content-recent', input: contentRecentQuery,
    grants: ['table:read'], summary: 'Posts and plants merged, newest first, as the viewer may see them; filter = all | postsAll | plantsAll | plantsAvail | news: { contentItems, counts, cursorId }.',
  },
  {
    method: 'GET', path: '/api/content-items/more/{arg}', access: 'public', handler: 'posts/content-more', input: contentMoreParams,
    grants: ['table:read'], summary: 'The next page of content items after arg (a cursor; filter in the query string): { contentItems, counts, cursorId }.',
  },

  // ── Images ──────────────────────────────────────────────────────────────────────────────
  {
    method: 'POST', path: '/api/iam/images/upload-url', access: 'registered', handler: 'images/photo-upload', input: photoUploadInput,
    grants: ['table:write', 'images:write'], summary: 'A presigned PUT (5 min; JPEG, PNG or WebP; at most 10 MB) for a post or plant photo: { url, key, headers, expires_in }. The key stays pending until a post uses it; unused uploads are removed after a day. 429 after 150 in an hour.',
  },
] as const satisfies readonly RouteDef[];

export type RouteTable = typeof routes;

/** The handler of API Gateway's `$default` route: every path no route matches. */
export const CATCH_ALL = { handler: 'system/not-found', grants: [] } as const;
