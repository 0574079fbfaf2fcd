/** POST /api/iam/admin/announcements (admin): stores an announcement for the job to mail in batches; 409 while another is sent. */
import type { startAnnouncement as route } from '../../../shared/contract/admin';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { startAnnouncement } from '../announcements';

export const main: Main<typeof route> = async ({ input, session }) => {
  await hitRateLimit('ANNOUNCEMENT_ADMIN', session.userId);
  return startAnnouncement(session.userId, input);
};
