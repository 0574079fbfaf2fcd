/** GET /api/iam/usercounts/byuser/{id}: a user's feed counts as the caller may see them. */
import type { userCounts as route } from '../../../shared/contract/feeds';
import { userCounts } from '../counts';
import { viewerOf } from '../../lib/session/viewer';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) => {
  return { counts: await userCounts(input.id, await viewerOf(session)) };
};
