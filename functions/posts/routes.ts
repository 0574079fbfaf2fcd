/** The posts routes: each contract entry with its handler and grants. */
import * as posts from '../../shared/contract/posts';
import * as comments from '../../shared/contract/comments';
import * as reactions from '../../shared/contract/reactions';
import * as feeds from '../../shared/contract/feeds';
import type { RouteDef } from '../lib/route-types';

export const postsRoutes = [
  { ...posts.newPost, handler: 'posts/new-post', grants: ['table:read', 'table:write', 'images:read'] },
  { ...posts.newPlant, handler: 'posts/new-plant', grants: ['table:read', 'table:write', 'images:read'] },
  { ...posts.deletePost, handler: 'posts/delete-post', grants: ['table:read', 'table:write', 'images:write'] },
  { ...posts.privacy, handler: 'posts/privacy', grants: ['table:read', 'table:write', 'images:read', 'images:write'] },
  { ...posts.textAndTags, handler: 'posts/text-and-tags', grants: ['table:read', 'table:write'] },
  { ...posts.plantDetails, handler: 'posts/plant-details', grants: ['table:read', 'table:write', 'images:read', 'images:write'] },
  { ...posts.photoDescriptions, handler: 'posts/photo-descriptions', grants: ['table:read', 'table:write'] },
  { ...comments.newComment, handler: 'posts/new-comment', grants: ['table:read', 'table:write'] },
  { ...comments.deleteComment, handler: 'posts/delete-comment', grants: ['table:read', 'table:write'] },
  { ...reactions.newReaction, handler: 'posts/new-reaction', grants: ['table:read', 'table:write'] },
  { ...reactions.deleteReaction, handler: 'posts/delete-reaction', grants: ['table:read', 'table:write'] },
  { ...feeds.getPostMember, handler: 'posts/get-post', grants: ['table:read'] },
  { ...feeds.getPlantMember, handler: 'posts/get-plant', grants: ['table:read'] },
  { ...feeds.byTagMember, handler: 'posts/by-tag', grants: ['table:read'] },
  { ...feeds.recentPosts, handler: 'posts/recent-posts', grants: ['table:read'] },
  { ...feeds.moreRecentPosts, handler: 'posts/more-recent-posts', grants: ['table:read'] },
  { ...feeds.byMyUser, handler: 'posts/by-my-user', grants: ['table:read'] },
  { ...feeds.userCounts, handler: 'posts/user-counts', grants: ['table:read'] },
  { ...feeds.plantsByUser, handler: 'posts/plants-by-user', grants: ['table:read'] },
  { ...feeds.morePostsByUser, handler: 'posts/more-posts-by-user', grants: ['table:read'] },
  { ...feeds.morePlantsByUser, handler: 'posts/more-plants-by-user', grants: ['table:read'] },
  { ...feeds.recentPlantsMembers, handler: 'posts/recent-plants-members', grants: ['table:read'] },
  { ...feeds.moreRecentPlantsMembers, handler: 'posts/more-recent-plants-members', grants: ['table:read'] },
  { ...feeds.userOrPageBasic, handler: 'posts/user-or-page-basic', grants: ['table:read'] },
  { ...feeds.postsByHandle, handler: 'posts/posts-by-handle', grants: ['table:read'] },
  { ...feeds.morePostsByHandle, handler: 'posts/more-posts-by-handle', grants: ['table:read'] },
  { ...feeds.getPost, handler: 'posts/get-post', grants: ['table:read'] },
  { ...feeds.byTag, handler: 'posts/by-tag', grants: ['table:read'] },
  { ...feeds.plantsByHandle, handler: 'posts/plants-by-handle', grants: ['table:read'] },
  { ...feeds.plantsByHandleMore, handler: 'posts/plants-by-handle', grants: ['table:read'] },
  { ...feeds.recentPlants, handler: 'posts/recent-plants', grants: ['table:read'] },
  { ...feeds.recentPlantsMore, handler: 'posts/recent-plants', grants: ['table:read'] },
  { ...feeds.getPlant, handler: 'posts/get-plant', grants: ['table:read'] },
  { ...feeds.listings, handler: 'posts/listings', grants: ['table:read'] },
  { ...feeds.latestPlantsUsers, handler: 'posts/latest-plants-users', grants: ['table:read'] },
  { ...feeds.availNearby, handler: 'posts/avail-nearby', grants: ['table:read'] },
  { ...feeds.contentRecent, handler: 'posts/content-recent', grants: ['table:read'] },
  { ...feeds.contentMore, handler: 'posts/content-more', grants: ['table:read'] },
] as const satisfies readonly RouteDef[];
