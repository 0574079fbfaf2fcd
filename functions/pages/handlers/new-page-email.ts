/** POST /api/iam/emails/new-page: tells the site's admins about a new page, once per page (its admins ask). */
import type { newPageEmail as route } from '../../../shared/contract/pages';
import type { Main } from '../../lib/route-types';
import { mailAdminsAboutPage } from '../mails';
import { actOnPage } from '../pages';
import { markAdminsTold } from '../write';

export const main: Main<typeof route> = async ({ input, session }) => {
  const { page } = await actOnPage(session, input.pageId, 'admin', 'Only the page\'s admins may announce it');
  if (page.adminsToldAt || !(await markAdminsTold(page.id))) return { sent: false };
  await mailAdminsAboutPage(page);
  return { sent: true };
};
