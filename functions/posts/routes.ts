/** The posts routes (posts and plant listings: create, edit, delete): each contract entry with its handler and grants. */
import * as posts from '../../shared/contract/posts';
import type { RouteDef } from '../lib/route-types';

export const postsRoutes = [
  { ...posts.newPost, handler: 'posts/handlers/new-post', grants: ['table:read', 'table:write', 'images:read'] },
  { ...posts.newPlant, handler: 'posts/handlers/new-plant', grants: ['table:read', 'table:write', 'images:read'] },
  { ...posts.deletePost, handler: 'posts/handlers/delete-post', grants: ['table:read', 'table:write', 'images:write'] },
  { ...posts.privacy, handler: 'posts/handlers/privacy', grants: ['table:read', 'table:write', 'images:read', 'images:write'] },
  { ...posts.textAndTags, handler: 'posts/handlers/text-and-tags', grants: ['table:read', 'table:write'] },
  { ...posts.plantDetails, handler: 'posts/handlers/plant-details', grants: ['table:read', 'table:write', 'images:read', 'images:write'] },
  { ...posts.photoDescriptions, handler: 'posts/handlers/photo-descriptions', grants: ['table:read', 'table:write'] },
] as const satisfies readonly RouteDef[];
