/** POST /api/iam/admin/announcements/count (admin): how many members an announcement to an audience would mail now. */
import type { countAnnouncementRecipients as route } from '../../../shared/contract/admin';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { countRecipients } from '../announcements';

export const main: Main<typeof route> = async ({ input, session }) => {
  await hitRateLimit('ANNOUNCEMENT_COUNT_ADMIN', session.userId);
  return countRecipients(input);
};
