/** The notifications routes: each contract entry with its handler and grants. */
import * as notifications from '../../shared/contract/notifications';
import type { RouteDef } from '../lib/route-types';

export const notificationsRoutes = [
  { ...notifications.unreadTally, handler: 'notifications/unread-tally', grants: ['table:read'] },
  { ...notifications.all, handler: 'notifications/all', grants: ['table:read'] },
  { ...notifications.markAsSeen, handler: 'notifications/mark-as-seen', grants: ['table:read', 'table:write'] },
  { ...notifications.newImmutable, handler: 'notifications/new-immutable', grants: ['table:read', 'table:write'], timeoutSeconds: 29 },
  { ...notifications.newReactionNotif, handler: 'notifications/new-reaction-notif', grants: ['table:read'] },
  { ...notifications.newCommentNotif, handler: 'notifications/new-comment-notif', grants: ['table:read'] },
] as const satisfies readonly RouteDef[];
