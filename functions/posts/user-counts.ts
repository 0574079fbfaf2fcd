/** GET /api/iam/usercounts/byuser/{id}: a user's feed counts as the caller may see them. */
import type { userIdParams } from '../../shared/schemas/content';
import { userCounts } from './feeds';
import { viewerOf } from './views';
import type { Main } from '../lib/route-types';

export const main: Main<typeof userIdParams> = async ({ input, session }) => {
  return { counts: await userCounts(input.id, viewerOf(session)) };
};
