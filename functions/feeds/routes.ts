/** The feeds routes (the read side of content: lists, a post with its thread, nearby plants, counts, owner cards): each contract entry with its handler and grants. */
import * as feeds from '../../shared/contract/feeds';
import type { RouteDef } from '../lib/route-types';

export const feedsRoutes = [
  { ...feeds.getPostMember, handler: 'feeds/handlers/get-post', grants: ['table:read'] },
  { ...feeds.getPlantMember, handler: 'feeds/handlers/get-plant', grants: ['table:read'] },
  { ...feeds.byTagMember, handler: 'feeds/handlers/by-tag', grants: ['table:read'] },
  { ...feeds.recentPosts, handler: 'feeds/handlers/recent-posts', grants: ['table:read'] },
  { ...feeds.moreRecentPosts, handler: 'feeds/handlers/more-recent-posts', grants: ['table:read'] },
  { ...feeds.byMyUser, handler: 'feeds/handlers/by-my-user', grants: ['table:read'] },
  { ...feeds.userCounts, handler: 'feeds/handlers/user-counts', grants: ['table:read'] },
  { ...feeds.plantsByUser, handler: 'feeds/handlers/plants-by-user', grants: ['table:read'] },
  { ...feeds.morePostsByUser, handler: 'feeds/handlers/more-posts-by-user', grants: ['table:read'] },
  { ...feeds.morePlantsByUser, handler: 'feeds/handlers/more-plants-by-user', grants: ['table:read'] },
  { ...feeds.recentPlantsMembers, handler: 'feeds/handlers/recent-plants-members', grants: ['table:read'] },
  { ...feeds.moreRecentPlantsMembers, handler: 'feeds/handlers/more-recent-plants-members', grants: ['table:read'] },
  { ...feeds.userOrPageBasic, handler: 'feeds/handlers/user-or-page-basic', grants: ['table:read'] },
  { ...feeds.postsByHandle, handler: 'feeds/handlers/posts-by-handle', grants: ['table:read'] },
  { ...feeds.morePostsByHandle, handler: 'feeds/handlers/more-posts-by-handle', grants: ['table:read'] },
  { ...feeds.getPost, handler: 'feeds/handlers/get-post', grants: ['table:read'] },
  { ...feeds.byTag, handler: 'feeds/handlers/by-tag', grants: ['table:read'] },
  { ...feeds.plantsByHandle, handler: 'feeds/handlers/plants-by-handle', grants: ['table:read'] },
  { ...feeds.plantsByHandleMore, handler: 'feeds/handlers/plants-by-handle-more', grants: ['table:read'] },
  { ...feeds.recentPlants, handler: 'feeds/handlers/recent-plants', grants: ['table:read'] },
  { ...feeds.recentPlantsMore, handler: 'feeds/handlers/recent-plants-more', grants: ['table:read'] },
  { ...feeds.getPlant, handler: 'feeds/handlers/get-plant', grants: ['table:read'] },
  { ...feeds.listings, handler: 'feeds/handlers/listings', grants: ['table:read'] },
  { ...feeds.latestPlantsUsers, handler: 'feeds/handlers/latest-plants-users', grants: ['table:read'] },
  { ...feeds.availNearby, handler: 'feeds/handlers/avail-nearby', grants: ['table:read'] },
  { ...feeds.contentRecent, handler: 'feeds/handlers/content-recent', grants: ['table:read'] },
  { ...feeds.contentMore, handler: 'feeds/handlers/content-more', grants: ['table:read'] },
  { ...feeds.forYou, handler: 'feeds/handlers/for-you', grants: ['table:read'] },
] as const satisfies readonly RouteDef[];
