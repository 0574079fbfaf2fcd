/** The feeds routes (the read side of content: lists, a post with its thread, nearby plants, counts, owner cards): each contract entry with its handler and grants. */
import * as feeds from '../../shared/contract/feeds';
import type { RouteDef } from '../lib/route-types';

export const feedsRoutes = [
  { ...feeds.getPostMember, handler: 'feeds/get-post', grants: ['table:read'] },
  { ...feeds.getPlantMember, handler: 'feeds/get-plant', grants: ['table:read'] },
  { ...feeds.byTagMember, handler: 'feeds/by-tag', grants: ['table:read'] },
  { ...feeds.recentPosts, handler: 'feeds/recent-posts', grants: ['table:read'] },
  { ...feeds.moreRecentPosts, handler: 'feeds/more-recent-posts', grants: ['table:read'] },
  { ...feeds.byMyUser, handler: 'feeds/by-my-user', grants: ['table:read'] },
  { ...feeds.userCounts, handler: 'feeds/user-counts', grants: ['table:read'] },
  { ...feeds.plantsByUser, handler: 'feeds/plants-by-user', grants: ['table:read'] },
  { ...feeds.morePostsByUser, handler: 'feeds/more-posts-by-user', grants: ['table:read'] },
  { ...feeds.morePlantsByUser, handler: 'feeds/more-plants-by-user', grants: ['table:read'] },
  { ...feeds.recentPlantsMembers, handler: 'feeds/recent-plants-members', grants: ['table:read'] },
  { ...feeds.moreRecentPlantsMembers, handler: 'feeds/more-recent-plants-members', grants: ['table:read'] },
  { ...feeds.userOrPageBasic, handler: 'feeds/user-or-page-basic', grants: ['table:read'] },
  { ...feeds.postsByHandle, handler: 'feeds/posts-by-handle', grants: ['table:read'] },
  { ...feeds.morePostsByHandle, handler: 'feeds/more-posts-by-handle', grants: ['table:read'] },
  { ...feeds.getPost, handler: 'feeds/get-post', grants: ['table:read'] },
  { ...feeds.byTag, handler: 'feeds/by-tag', grants: ['table:read'] },
  { ...feeds.plantsByHandle, handler: 'feeds/plants-by-handle', grants: ['table:read'] },
  { ...feeds.plantsByHandleMore, handler: 'feeds/plants-by-handle', grants: ['table:read'] },
  { ...feeds.recentPlants, handler: 'feeds/recent-plants', grants: ['table:read'] },
  { ...feeds.recentPlantsMore, handler: 'feeds/recent-plants', grants: ['table:read'] },
  { ...feeds.getPlant, handler: 'feeds/get-plant', grants: ['table:read'] },
  { ...feeds.listings, handler: 'feeds/listings', grants: ['table:read'] },
  { ...feeds.latestPlantsUsers, handler: 'feeds/latest-plants-users', grants: ['table:read'] },
  { ...feeds.availNearby, handler: 'feeds/avail-nearby', grants: ['table:read'] },
  { ...feeds.contentRecent, handler: 'feeds/content-recent', grants: ['table:read'] },
  { ...feeds.contentMore, handler: 'feeds/content-more', grants: ['table:read'] },
] as const satisfies readonly RouteDef[];
