/**
 * GET /api/iam/tags/user-interests/{id}: a member's interests. One's own always; another member's
 * as far as their profile is shown (GET /api/user/get-user-by-uuid): 404 where the profile is, none
 * for a suspended member (whose profile tells no more than the public card).
 */
import type { userInterestsOf as route } from '../../../shared/contract/tags';
import { INTERESTS_MAX } from '../../../shared/schemas/tags';
import { notFound } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { getUser, toPublicUser } from '../../users/users';
import { interestsOf } from '../interests';

export const main: Main<typeof route> = async ({ input, session }) => {
  if (input.id === session.userId) return interestsOf(input.id);
  const user = await getUser(input.id);
  if (!user || !toPublicUser(user)) throw notFound('No such user', 'id');
  if (user.suspended) return { interests: [], max: INTERESTS_MAX };
  return interestsOf(input.id);
};
