/** POST /api/iam/pages/invite: see the contract (shared/contract/pages.ts). */
import type { inviteToPage as route } from '../../../shared/contract/pages';
import type { Main } from '../../lib/route-types';
import { inviteMember } from '../members';

export const main: Main<typeof route> = async ({ input, session }) => inviteMember(session, input.pageId, input.userId);
