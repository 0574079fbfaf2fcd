/** PUT /api/iam/admin/update/site-text: an admin writes the about page, the terms of use or the privacy policy. */
import type { updateSiteText as route } from '../../../shared/contract/site-settings';
import type { Main } from '../../lib/route-types';
import { putSiteText } from '../texts';

export const main: Main<typeof route> = async ({ input, session }) => putSiteText(input, session.userId);
