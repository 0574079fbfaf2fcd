/** GET /api/iam/admin/announcements/{id} (admin): an announcement and how far its sending has got. */
import type { announcementProgress as route } from '../../../shared/contract/admin';
import type { Main } from '../../lib/route-types';
import { readAnnouncement } from '../announcements';

export const main: Main<typeof route> = async ({ input }) => readAnnouncement(input.id);
