/** GET /api/iam/users/all/{arg} (admin): users whose registration is complete or incomplete, newest first, cursor paged. */
import type { usersListParams } from '../../shared/schemas/identity';
import type { Main } from '../lib/route-types';
import { usersByRegState } from './admin-view';

export const main: Main<typeof usersListParams> = async ({ input }) => {
  const { items, cursorId } = await usersByRegState(input.arg, input.cursorId);
  return { users: items, cursorId };
};
