/** The posts routes (posts and plant listings: create, edit, delete): each contract entry with its handler and grants. */
import * as posts from '../../shared/contract/posts';
import type { RouteDef } from '../lib/route-types';

export const postsRoutes = [
  { ...posts.newPost, handler: 'posts/new-post', grants: ['table:read', 'table:write', 'images:read'] },
  { ...posts.newPlant, handler: 'posts/new-plant', grants: ['table:read', 'table:write', 'images:read'] },
  { ...posts.deletePost, handler: 'posts/delete-post', grants: ['table:read', 'table:write', 'images:write'] },
  { ...posts.privacy, handler: 'posts/privacy', grants: ['table:read', 'table:write', 'images:read', 'images:write'] },
  { ...posts.textAndTags, handler: 'posts/text-and-tags', grants: ['table:read', 'table:write'] },
  { ...posts.plantDetails, handler: 'posts/plant-details', grants: ['table:read', 'table:write', 'images:read', 'images:write'] },
  { ...posts.photoDescriptions, handler: 'posts/photo-descriptions', grants: ['table:read', 'table:write'] },
] as const satisfies readonly RouteDef[];
