/** The mail routes: each contract entry with its handler and grants. */
import * as admin from '../../shared/contract/admin';
import * as mail from '../../shared/contract/mail';
import type { RouteDef } from '../lib/route-types';

export const mailRoutes = [
  { ...mail.unsubscribe, handler: 'mail/handlers/unsubscribe', grants: ['table:read', 'table:write'] },
  { ...admin.countAnnouncementRecipients, handler: 'mail/handlers/count-announcement-recipients', grants: ['table:read', 'table:write'] },
  { ...admin.startAnnouncement, handler: 'mail/handlers/start-announcement', grants: ['table:read', 'table:write'] },
  { ...admin.announcementProgress, handler: 'mail/handlers/announcement-progress', grants: ['table:read'] },
] as const satisfies readonly RouteDef[];
