/** PUT /api/iam/pages/member-role: a member's role (the page's admins; the creator keeps theirs; one admin always stays). */
import type { memberRole as route } from '../../../shared/contract/pages';
import type { Main } from '../../lib/route-types';
import { changeRole } from '../members';

export const main: Main<typeof route> = async ({ input, session }) => changeRole(session, input.pageId, input.userId, input.role);
