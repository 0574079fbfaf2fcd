/** The pages routes (pages, members and roles, tags, images, news) and the places routes: each contract entry with its handler and grants. */
import * as pages from '../../shared/contract/pages';
import type { RouteDef } from '../lib/route-types';

const RW = ['table:read', 'table:write'] as const;
const GAZETTEER_MB = 512;

export const pagesRoutes = [
  // Claims the avatar and cover uploads (HEAD) and deletes replaced ones. Routes that read the
  // gazetteer (a 14 MB index loaded on first use) get more memory, and with it more CPU to load it.
  { ...pages.newPage, handler: 'pages/new-page', grants: [...RW, 'images:read'], memoryMb: GAZETTEER_MB },
  { ...pages.updatePage, handler: 'pages/update-page', grants: [...RW, 'images:read', 'images:write'], memoryMb: GAZETTEER_MB },
  { ...pages.updatePageSettings, handler: 'pages/update-page-settings', grants: [...RW] },
  { ...pages.createPageSettings, handler: 'pages/create-page-settings', grants: ['table:read'] },
  // Deletes the page's images, then sweeps its posts (their photos) in-process or in the stream job.
  { ...pages.deletePage, handler: 'pages/delete-page', grants: [...RW, 'images:read', 'images:write'] },
  { ...pages.pagesOfUser, handler: 'pages/pages-of-user', grants: ['table:read'] },
  { ...pages.singlePage, handler: 'pages/single-page', grants: ['table:read'] },
  { ...pages.morePostsByPage, handler: 'pages/more-posts-by-page', grants: ['table:read'] },
  { ...pages.connectTags, handler: 'pages/connect-tags', grants: [...RW] },
  { ...pages.disconnectTags, handler: 'pages/disconnect-tags', grants: [...RW] },
  { ...pages.pagesDirectory, handler: 'pages/pages-directory', grants: ['table:read'] },
  { ...pages.pageAllDetails, handler: 'pages/page-all-details', grants: ['table:read'] },
  { ...pages.nearbyPages, handler: 'pages/nearby-pages', grants: ['table:read'] },
  { ...pages.postsByPage, handler: 'pages/posts-by-page', grants: ['table:read'] },
  { ...pages.newPageEmail, handler: 'pages/new-page-email', grants: [...RW, 'mail'] },
  { ...pages.joinPage, handler: 'pages/join-page', grants: [...RW] },
  { ...pages.leavePage, handler: 'pages/leave-page', grants: [...RW] },
  { ...pages.pageMembers, handler: 'pages/page-members', grants: ['table:read'] },
  { ...pages.joinRequests, handler: 'pages/join-requests', grants: ['table:read'] },
  { ...pages.approveRequest, handler: 'pages/approve-request', grants: [...RW] },
  { ...pages.declineRequest, handler: 'pages/decline-request', grants: [...RW] },
  { ...pages.inviteToPage, handler: 'pages/invite-to-page', grants: [...RW] },
  { ...pages.memberRole, handler: 'pages/member-role', grants: [...RW] },
  { ...pages.removeMember, handler: 'pages/remove-member', grants: [...RW] },
  { ...pages.pageImageUpload, handler: 'pages/page-image-upload', grants: [...RW, 'images:write'] },
] as const satisfies readonly RouteDef[];

export const locationRoutes = [
  { ...pages.places, handler: 'location/places', grants: [], memoryMb: GAZETTEER_MB },
  { ...pages.placeAt, handler: 'location/place-at', grants: [], memoryMb: GAZETTEER_MB },
  { ...pages.nearYou, handler: 'location/near-you', grants: ['table:read'] },
] as const satisfies readonly RouteDef[];
