/** The search routes: each contract entry with its handler and grants. */
import * as search from '../../shared/contract/search';
import type { RouteDef } from '../lib/route-types';

export const searchRoutes = [
  { ...search.usernamePageHandle, handler: 'search/handlers/username-page-handle', grants: ['table:read'] },
  { ...search.searchTerm, handler: 'search/handlers/search-term', grants: ['table:read', 'table:write'] },
] as const satisfies readonly RouteDef[];
