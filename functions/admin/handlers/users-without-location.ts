/** GET /api/iam/admin/users-without-location (admin): registered users with no location, newest first, cursor paged. */
import type { usersWithoutLocation as route } from '../../../shared/contract/admin';
import type { Main } from '../../lib/route-types';
import { usersWithoutLocation } from '../../users/admin-view';

export const main: Main<typeof route> = async ({ input }) => {
  const { items, cursorId } = await usersWithoutLocation(input.cursorId);
  return { users: items, cursorId };
};
