/** POST /api/iam/pages/decline-request: see the contract (shared/contract/pages.ts). */
import type { declineRequest as route } from '../../../shared/contract/pages';
import type { Main } from '../../lib/route-types';
import { declineRequest } from '../members';

export const main: Main<typeof route> = async ({ input, session }) => declineRequest(session, input.pageId, input.userId);
