/** The pages routes' contract (pages, members and roles, tags, images) and the places routes'. */
import { presignedUpload } from '../answers/images';
import {
  joinRequests as joinRequestsAnswer, membershipAnswer, nearbyPages as nearbyPagesAnswer, nearYou as nearYouAnswer, newPageMail, pageAnswer, pageCards, pageDeleted, pageDetails, pageMembers as pageMembersAnswer, pagePosts,
  placeAnswer, placeList, placesNear as placesNearAnswer, userPages,
} from '../answers/pages';
import {
  createPageSettingsInput, morePostsByPageParams, nearbyPagesQuery, nearYouQuery, newPageInput, pageByIdParams, pageHandleParams, pageIdInput,
  pageImageUploadInput, pageListParams, pageMemberInput, pageRoleInput, pageSettingsInput, pagesDirectoryParams, pagesOfUserParams, pageTagsInput,
  placeAtQuery, placesNearQuery, placesQuery, postsByPageParams, updatePageInput,
} from '../schemas/pages';
import { defineRoute } from './route';

// ── Pages (catalogue) ────────────────────────────────────────────────────────────────────────

export const newPage = defineRoute({
  method: 'POST', path: '/api/iam/pages/new', access: 'registered', status: 201, idempotent: true,
  input: newPageInput, output: pageAnswer,
  errors: { 409: 'the handle is taken, or the id is held by something else', 429: 'past the page limit' },
  summary: 'Create a page (id = client UUID, so a retry answers the same page): handle (one namespace with usernames), name, category?, about?, avatar? and cover? (keys from POST /api/iam/pages/image-upload), place? ({ placeId } from the places lookup, or { latitude, longitude }), address? (kept only with a place), tags?, openness?, addressPublic?. The creator is its first admin: 201 { page }; 409 when the handle is taken.',
});

export const updatePage = defineRoute({
  method: 'PUT', path: '/api/iam/pages/update', access: 'page-staff',
  input: updatePageInput, output: pageAnswer,
  errors: { 404: 'no such page', 409: 'the new handle is taken' },
  summary: 'Change a page (pageId; admins only): handle?, name?, category?, about?, avatar?/cover? (a new key, or null to remove), place? (or null), address? (or null): { page }. 409 when the new handle is taken.',
});

export const updatePageSettings = defineRoute({
  method: 'PUT', path: '/api/iam/pages/update-page-settings', access: 'page-staff',
  input: pageSettingsInput, output: pageAnswer,
  errors: { 404: 'no such page' },
  summary: 'Change a page\'s settings (pageId; admins only): openness (open, moderated, invite), addressPublic, postingRole (the lowest role that posts news as the page): { page }.',
});

export const createPageSettings = defineRoute({
  method: 'POST', path: '/api/iam/pages/create-page-settings', access: 'page-staff',
  input: createPageSettingsInput, output: pageAnswer,
  errors: { 404: 'no such page' },
  summary: 'The page\'s settings (pageId; admins only). A page is created with its settings, so this answers them as they are: { page }.',
});

export const deletePage = defineRoute({
  method: 'DELETE', path: '/api/iam/pages/page', access: 'page-staff',
  input: pageIdInput, output: pageDeleted,
  errors: { 404: 'no such page' },
  summary: 'Delete a page (pageId; admins only): its stored images first, then one transaction marks it deleted, frees its handle and removes its tag links; its posts and memberships are swept, and its id is never reused: { deleted: true }.',
});

export const pagesOfUser = defineRoute({
  method: 'GET', path: '/api/iam/pages/get-all-by-user/{id}', access: 'user',
  input: pagesOfUserParams, output: userPages,
  summary: 'The pages a member belongs to (id = their uuid), newest membership first, cursor paged: { pages, cursorId }; each card holds the caller\'s own relation to the page.',
});

export const singlePage = defineRoute({
  method: 'GET', path: '/api/iam/pages/single-page/{id}', access: 'user',
  input: pageByIdParams, output: pageAnswer,
  errors: { 404: 'no such page' },
  summary: 'One page by id, with the caller\'s relation to it: { page }; 404 when there is none.',
});

export const morePostsByPage = defineRoute({
  method: 'GET', path: '/api/iam/pages/morepostsbypage/{a}/{b}/{c}', access: 'user',
  input: morePostsByPageParams, output: pagePosts,
  summary: 'A page\'s posts (a = pageId) of one kind (b = post or plant), newest first, from a cursor (c = first, or the cursorId of the previous page): { posts, cursorId }.',
});

export const connectTags = defineRoute({
  method: 'POST', path: '/api/iam/pages/connect-tags', access: 'page-staff',
  input: pageTagsInput, output: pageAnswer,
  errors: { 404: 'no such page' },
  summary: 'Add tags to a page (pageId, tagIdArr; admins only; at most 12 in all; tags are made on first use): { page }.',
});

export const disconnectTags = defineRoute({
  method: 'POST', path: '/api/iam/pages/disconnect-tags', access: 'page-staff',
  input: pageTagsInput, output: pageAnswer,
  errors: { 404: 'no such page' },
  summary: 'Remove tags from a page (pageId, tagIdArr; admins only): { page }.',
});

export const pagesDirectory = defineRoute({
  method: 'GET', path: '/api/page/get-all/{arg}', access: 'public',
  input: pagesDirectoryParams, output: pageCards,
  summary: 'The directory of pages by name, cursor paged: arg = all, or a tag name (pages with that tag); q = words, each starting a word of the name (case and accents folded; "fern" finds "Sydney Fern Society"), listed in the order of the word matched (a single letter: a name prefix): { pages, cursorId }.',
});

export const pageAllDetails = defineRoute({
  method: 'GET', path: '/api/page/all-details/{handle}', access: 'public',
  input: pageHandleParams, output: pageDetails,
  errors: { 404: 'no page has the handle' },
  summary: 'A page\'s profile by handle: { page, posts (its news, newest first), cursorId, counts }; 404 when no page has the handle.',
});

export const nearbyPages = defineRoute({
  method: 'GET', path: '/api/page/location/nearby-pages', access: 'public',
  input: nearbyPagesQuery, output: nearbyPagesAnswer,
  summary: 'Pages near a point (lat, long; radiusKm 1-100, default 20; take 1-50, default 20), nearest first, at most 9 Queries: { pages, radius_km }. A page is placed at its ~1 km cell unless its address is public. userId is accepted and ignored (the session says who asks).',
});

export const postsByPage = defineRoute({
  method: 'GET', path: '/api/posts/more/by-page/{arg}', access: 'public',
  input: postsByPageParams, output: pagePosts,
  errors: { 404: 'no such page (or one an admin hid, but to its staff)' },
  summary: 'A page\'s news (arg = pageId) newest first, as the viewer may see it, cursor paged: { posts, cursorId }.',
});

export const newPageEmail = defineRoute({
  method: 'POST', path: '/api/iam/emails/new-page', access: 'page-staff',
  input: pageIdInput, output: newPageMail,
  errors: { 404: 'no such page' },
  summary: 'Tell the site\'s admins about a new page by e-mail (pageId; the page\'s admins only; once per page): { sent }.',
});

// ── Pages: members, roles and images (beyond the catalogue) ─────────────────────────────────

export const joinPage = defineRoute({
  method: 'POST', path: '/api/iam/pages/join', access: 'registered',
  input: pageIdInput, output: membershipAnswer,
  errors: { 404: 'no such page', 409: 'the membership changed meanwhile', 429: 'past the join limit' },
  summary: 'Join a page (pageId): an open page at once; a moderated one records a join request (its admins and moderators list them; its creator, while an admin, is notified); an invite-only one only with an invitation (else 403). A repeat answers the same: { pageId, userId, membership, memberCount }.',
});

export const leavePage = defineRoute({
  method: 'POST', path: '/api/iam/pages/leave', access: 'registered',
  input: pageIdInput, output: membershipAnswer,
  errors: { 404: 'no such page', 409: 'the last admin cannot leave, or the membership changed meanwhile', 429: 'past the join limit' },
  summary: 'Leave a page, or withdraw a join request or decline an invitation (pageId). The last admin cannot leave (409): name another admin or delete the page. { pageId, userId, membership, memberCount }.',
});

export const pageMembers = defineRoute({
  method: 'GET', path: '/api/iam/pages/members/{pageId}', access: 'user',
  input: pageListParams, output: pageMembersAnswer,
  errors: { 404: 'no such page (or one an admin hid, but to its staff)' },
  summary: 'A page\'s members: creator, admins, moderators, then members, cursor paged: { members, cursorId }.',
});

export const joinRequests = defineRoute({
  method: 'GET', path: '/api/iam/pages/join-requests/{pageId}', access: 'page-staff',
  input: pageListParams, output: joinRequestsAnswer,
  errors: { 404: 'no such page' },
  summary: 'A page\'s open join requests, oldest first (admins and moderators only), cursor paged: { requests, cursorId }.',
});

export const approveRequest = defineRoute({
  method: 'POST', path: '/api/iam/pages/approve-request', access: 'page-staff',
  input: pageMemberInput, output: membershipAnswer,
  errors: { 404: 'no such page or request', 409: 'the membership changed meanwhile' },
  summary: 'Approve a join request (pageId, userId; admins and moderators): the member joins and is notified. 404 when there is no such request.',
});

export const declineRequest = defineRoute({
  method: 'POST', path: '/api/iam/pages/decline-request', access: 'page-staff',
  input: pageMemberInput, output: membershipAnswer,
  errors: { 404: 'no such page or request', 409: 'the membership changed meanwhile' },
  summary: 'Decline a join request (pageId, userId; admins and moderators). 404 when there is no such request.',
});

export const inviteToPage = defineRoute({
  method: 'POST', path: '/api/iam/pages/invite', access: 'page-staff',
  input: pageMemberInput, output: membershipAnswer,
  errors: { 404: 'no such page or member', 409: 'already a member, or the membership changed meanwhile', 429: 'past 30 invitations an hour, or 3 a day of one member to one page' },
  summary: 'Invite a member (pageId, userId; admins and moderators): they are notified and may join, even an invite-only page. A pending request is approved instead. 409 when they are already a member; 429 past 30 invitations an hour, or 3 a day of one member to one page.',
});

export const memberRole = defineRoute({
  method: 'PUT', path: '/api/iam/pages/member-role', access: 'page-staff',
  input: pageRoleInput, output: membershipAnswer,
  errors: { 404: 'no such page or member', 409: 'no admin would be left, or the membership changed meanwhile' },
  summary: 'Change a member\'s role (pageId, userId, role = admin, moderator or member; admins only). The creator keeps their role; a change that would leave no admin is refused (409).',
});

export const removeMember = defineRoute({
  method: 'DELETE', path: '/api/iam/pages/member', access: 'page-staff',
  input: pageMemberInput, output: membershipAnswer,
  errors: { 404: 'no such page or member', 409: 'no admin would be left, or the membership changed meanwhile' },
  summary: 'Remove a member from a page (pageId, userId): admins remove anyone but the creator; moderators remove plain members. Use leave for yourself.',
});

export const pageImageUpload = defineRoute({
  method: 'POST', path: '/api/iam/pages/image-upload', access: 'page-staff',
  input: pageImageUploadInput, output: presignedUpload,
  errors: { 429: 'past the upload limit' },
  summary: 'A presigned PUT (5 min; JPEG, PNG or WebP; at most 5 MB) for a page\'s avatar or cover (pageId: the page\'s id, or the client id of a page about to be created): { url, key, headers, expires_in }; save the key with pages/new or pages/update. Admins of an existing page only; 429 after 30 in an hour.',
});

// ── Places ─────────────────────────────────────────────────────────────────────────────────

export const places = defineRoute({
  method: 'GET', path: '/api/location/places', access: 'public',
  input: placesQuery, output: placeList,
  summary: 'Places by name from the bundled gazetteer (GeoNames cities, no outside service): q = the start of a suburb or city name, optionally ", state" or ", country"; lat and long rank nearer places first. At most 10: { places, attribution }.',
});

export const placeAt = defineRoute({
  method: 'GET', path: '/api/location/place-at', access: 'public',
  input: placeAtQuery, output: placeAnswer,
  summary: 'The populated place nearest a position (lat, long), to name a position from the browser\'s geolocation: { place }.',
});

export const placesNear = defineRoute({
  method: 'GET', path: '/api/location/places-near', access: 'public',
  input: placesNearQuery, output: placesNearAnswer,
  summary: 'The towns and suburbs within radiusKm (1-100) of a position (lat, long), from the bundled gazetteer: what a map without tiles names to orient its reader. At most 40, most populous first: { places: [{ name, latitude, longitude, population }], attribution }.',
});

export const nearYou = defineRoute({
  method: 'GET', path: '/api/nearby/near-you', access: 'public',
  input: nearYouQuery, output: nearYouAnswer,
  summary: 'The "Near you" panel in one request: the three nearest available plants and pages, and the three soonest upcoming events (then nearest, with the distance), within radiusKm (default: the member\'s "nearby means within" setting; 20 for a guest) of lat/long, else the member\'s place, else the IP\'s, else the site\'s default: { origin, radius_km, plants, pages }.',
});
