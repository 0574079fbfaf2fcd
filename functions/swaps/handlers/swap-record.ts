/** GET /api/user/{uuid}/swap-record: a member's swap record (completed, share positive, shown reviews); 404 for unknown or unregistered accounts. */
import type { swapRecord as route } from '../../../shared/contract/swaps';
import { notFound } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { getUser, toPublicUser } from '../../users/users';
import { swapRecordOf } from '../reviews';

export const main: Main<typeof route> = async ({ input }) => {
  const [user, record] = await Promise.all([getUser(input.uuid), swapRecordOf('user', input.uuid)]);
  if (!user || !toPublicUser(user)) throw notFound('No such user', 'uuid');
  return record;
};
