/** PUT /api/iam/admin/reports/{id} (admin): dismiss, hide the content or suspend its author; the report closes. */
import type { actOnReport as route } from '../../../shared/contract/reports';
import type { Main } from '../../lib/route-types';
import { adminUpdateUser } from '../../auth/admin-user-update';
import { actOnReport } from '../act';
import { caseViews } from '../views';

export const main: Main<typeof route> = async ({ input, session }) => {
  // suspend-user: the admin user screen's own change, so the same rules hold (not oneself) and sessions end.
  const closed = await actOnReport(session.userId, input, async (uuid) => {
    await adminUpdateUser(session.userId, { uuid, suspended: true }, () => 'action');
  });
  const [view] = await caseViews([closed]);
  return view!;
};
