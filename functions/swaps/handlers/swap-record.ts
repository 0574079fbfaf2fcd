/** GET /api/user/{uuid}/swap-record: a member's swap record (completed, share positive, shown reviews); 404 for unknown or unregistered accounts. */
import type { swapRecord as route } from '../../../shared/contract/swaps';
import { notFound } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { getUser, toPublicUser } from '../../users/users';
import { swapRecordOf } from '../reviews';

export const main: Main<typeof route> = async ({ input }) => {
  // The account first: an unknown one costs no record's reads.
  const user = await getUser(input.uuid);
  if (!user || !toPublicUser(user)) throw notFound('No such user', 'uuid');
  return swapRecordOf('user', input.uuid);
};
