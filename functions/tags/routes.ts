/** The tags routes: each contract entry with its handler and grants. */
import * as tags from '../../shared/contract/tags';
import type { RouteDef } from '../lib/route-types';

export const tagsRoutes = [
  { ...tags.newTag, handler: 'tags/handlers/new-tag', grants: ['table:read', 'table:write'] },
  { ...tags.prefix, handler: 'tags/handlers/prefix', grants: ['table:read'] },
  { ...tags.allTags, handler: 'tags/handlers/all-tags', grants: ['table:read'] },
  { ...tags.getSingle, handler: 'tags/handlers/get-single', grants: ['table:read'] },
  { ...tags.checkIfLast, handler: 'tags/handlers/check-if-last', grants: ['table:read', 'table:write'] },
  { ...tags.updateTag, handler: 'tags/handlers/update-tag', grants: ['table:read', 'table:write'] },
  { ...tags.deleteTag, handler: 'tags/handlers/delete-tag', grants: ['table:read', 'table:write'] },
  { ...tags.tagAndChildren, handler: 'tags/handlers/tag-and-children', grants: ['table:read'] },
  { ...tags.tagsAndChildren, handler: 'tags/handlers/tags-and-children', grants: ['table:read'] },
  { ...tags.interestCatTags, handler: 'tags/handlers/interest-cat-tags', grants: ['table:read'] },
  { ...tags.newInterests, handler: 'tags/handlers/new-interests', grants: ['table:read', 'table:write'] },
  { ...tags.deleteInterests, handler: 'tags/handlers/delete-interests', grants: ['table:read', 'table:write'] },
  { ...tags.userInterestsOf, handler: 'tags/handlers/user-interests-of', grants: ['table:read'] },
] as const satisfies readonly RouteDef[];
