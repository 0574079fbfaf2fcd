/** The notifications routes: each contract entry with its handler and grants. */
import * as notifications from '../../shared/contract/notifications';
import type { RouteDef } from '../lib/route-types';

export const notificationsRoutes = [
  { ...notifications.unreadTally, handler: 'notifications/handlers/unread-tally', grants: ['table:read'] },
  { ...notifications.all, handler: 'notifications/handlers/all', grants: ['table:read'] },
  { ...notifications.markAsSeen, handler: 'notifications/handlers/mark-as-seen', grants: ['table:read', 'table:write'] },
  { ...notifications.newImmutable, handler: 'notifications/handlers/new-immutable', grants: ['table:read', 'table:write'], timeoutSeconds: 29 },
  { ...notifications.newReactionNotif, handler: 'notifications/handlers/new-reaction-notif', grants: ['table:read'] },
  { ...notifications.newCommentNotif, handler: 'notifications/handlers/new-comment-notif', grants: ['table:read'] },
] as const satisfies readonly RouteDef[];
