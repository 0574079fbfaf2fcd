/** The pages routes (pages, members and roles, tags, images, news) and the places routes: each contract entry with its handler and grants. */
import * as pages from '../../shared/contract/pages';
import type { RouteDef } from '../lib/route-types';

const RW = ['table:read', 'table:write'] as const;
const GAZETTEER_MB = 512;

export const pagesRoutes = [
  // Claims the avatar and cover uploads (HEAD) and deletes replaced ones. Routes that read the
  // gazetteer (a 14 MB index loaded on first use) get more memory, and with it more CPU to load it.
  { ...pages.newPage, handler: 'pages/handlers/new-page', grants: [...RW, 'images:read'], memoryMb: GAZETTEER_MB },
  { ...pages.updatePage, handler: 'pages/handlers/update-page', grants: [...RW, 'images:read', 'images:write'], memoryMb: GAZETTEER_MB },
  { ...pages.updatePageSettings, handler: 'pages/handlers/update-page-settings', grants: [...RW] },
  { ...pages.createPageSettings, handler: 'pages/handlers/create-page-settings', grants: ['table:read'] },
  // Deletes the page's images, then sweeps its posts (their photos) in-process or in the stream job.
  { ...pages.deletePage, handler: 'pages/handlers/delete-page', grants: [...RW, 'images:read', 'images:write'] },
  { ...pages.pagesOfUser, handler: 'pages/handlers/pages-of-user', grants: ['table:read'] },
  { ...pages.singlePage, handler: 'pages/handlers/single-page', grants: ['table:read'] },
  { ...pages.morePostsByPage, handler: 'pages/handlers/more-posts-by-page', grants: ['table:read'] },
  { ...pages.connectTags, handler: 'pages/handlers/connect-tags', grants: [...RW] },
  { ...pages.disconnectTags, handler: 'pages/handlers/disconnect-tags', grants: [...RW] },
  { ...pages.pagesDirectory, handler: 'pages/handlers/pages-directory', grants: ['table:read'] },
  { ...pages.pageAllDetails, handler: 'pages/handlers/page-all-details', grants: ['table:read'] },
  { ...pages.nearbyPages, handler: 'pages/handlers/nearby-pages', grants: ['table:read'] },
  { ...pages.postsByPage, handler: 'pages/handlers/posts-by-page', grants: ['table:read'] },
  { ...pages.newPageEmail, handler: 'pages/handlers/new-page-email', grants: [...RW, 'mail'] },
  { ...pages.joinPage, handler: 'pages/handlers/join-page', grants: [...RW] },
  { ...pages.leavePage, handler: 'pages/handlers/leave-page', grants: [...RW] },
  { ...pages.pageMembers, handler: 'pages/handlers/page-members', grants: ['table:read'] },
  { ...pages.joinRequests, handler: 'pages/handlers/join-requests', grants: ['table:read'] },
  { ...pages.approveRequest, handler: 'pages/handlers/approve-request', grants: [...RW] },
  { ...pages.declineRequest, handler: 'pages/handlers/decline-request', grants: [...RW] },
  { ...pages.inviteToPage, handler: 'pages/handlers/invite-to-page', grants: [...RW] },
  { ...pages.memberRole, handler: 'pages/handlers/member-role', grants: [...RW] },
  { ...pages.removeMember, handler: 'pages/handlers/remove-member', grants: [...RW] },
  { ...pages.pageImageUpload, handler: 'pages/handlers/page-image-upload', grants: [...RW, 'images:write'] },
] as const satisfies readonly RouteDef[];

export const locationRoutes = [
  { ...pages.places, handler: 'pages/handlers/places', grants: [], memoryMb: GAZETTEER_MB },
  { ...pages.placeAt, handler: 'pages/handlers/place-at', grants: [], memoryMb: GAZETTEER_MB },
  { ...pages.placesNear, handler: 'pages/handlers/places-near', grants: [], memoryMb: GAZETTEER_MB },
  { ...pages.nearYou, handler: 'pages/handlers/near-you', grants: ['table:read'] },
] as const satisfies readonly RouteDef[];
