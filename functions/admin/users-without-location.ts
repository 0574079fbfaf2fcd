/** GET /api/iam/admin/users-without-location (admin): registered users with no location, newest first, cursor paged. */
import type { cursorQuery } from '../../shared/schemas/identity';
import type { Main } from '../lib/route-types';
import { usersWithoutLocation } from '../users/admin-view';

export const main: Main<typeof cursorQuery> = async ({ input }) => {
  const { items, cursorId } = await usersWithoutLocation(input.cursorId);
  return { users: items, cursorId };
};
