/** The comments routes: each contract entry with its handler and grants. */
import * as comments from '../../shared/contract/comments';
import type { RouteDef } from '../lib/route-types';

export const commentsRoutes = [
  { ...comments.newComment, handler: 'comments/handlers/new-comment', grants: ['table:read', 'table:write'] },
  { ...comments.deleteComment, handler: 'comments/handlers/delete-comment', grants: ['table:read', 'table:write'] },
] as const satisfies readonly RouteDef[];
