/** POST /api/iam/pages/approve-request: see the contract (shared/contract/pages.ts). */
import type { approveRequest as route } from '../../../shared/contract/pages';
import type { Main } from '../../lib/route-types';
import { approveRequest } from '../members';

export const main: Main<typeof route> = async ({ input, session }) => approveRequest(session, input.pageId, input.userId);
