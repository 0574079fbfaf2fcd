/** The tags routes: each contract entry with its handler and grants. */
import * as tags from '../../shared/contract/tags';
import type { RouteDef } from '../lib/route-types';

export const tagsRoutes = [
  { ...tags.newTag, handler: 'tags/handlers/new-tag', grants: ['table:read', 'table:write'] },
  { ...tags.prefix, handler: 'tags/handlers/prefix', grants: ['table:read'] },
  { ...tags.allTags, handler: 'tags/handlers/all-tags', grants: ['table:read'] },
  { ...tags.getSingle, handler: 'tags/handlers/get-single', grants: ['table:read'] },
  { ...tags.checkIfLast, handler: 'tags/handlers/check-if-last', grants: ['table:read', 'table:write'] },
] as const satisfies readonly RouteDef[];
