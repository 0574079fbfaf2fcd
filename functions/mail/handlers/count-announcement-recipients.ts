/** POST /api/iam/admin/announcements/count (admin): how many members an announcement to an audience would mail now. */
import type { countAnnouncementRecipients as route } from '../../../shared/contract/admin';
import type { Main } from '../../lib/route-types';
import { countRecipients } from '../announcements';

export const main: Main<typeof route> = async ({ input }) => countRecipients(input);
