/** GET /api/iam/admin/reports/{state} (admin): the moderation queue, open oldest first or closed newest first. */
import type { listReports as route } from '../../../shared/contract/reports';
import type { Main } from '../../lib/route-types';
import { casePage } from '../reports';
import { caseViews } from '../views';

export const main: Main<typeof route> = async ({ input }) => {
  const page = await casePage(input.state, input.cursorId);
  return { reports: await caseViews(page.items), cursorId: page.cursorId };
};
