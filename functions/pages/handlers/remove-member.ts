/** DELETE /api/iam/pages/member: a member removed by the page's admins (anyone but the creator) or moderators (plain members). */
import type { removeMember as route } from '../../../shared/contract/pages';
import type { Main } from '../../lib/route-types';
import { removeMember } from '../members';

export const main: Main<typeof route> = async ({ input, session }) => removeMember(session, input.pageId, input.userId);
