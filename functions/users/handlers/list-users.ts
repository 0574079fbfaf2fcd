/** GET /api/iam/users/all/{arg} (admin): users whose registration is complete or incomplete, newest first, cursor paged. */
import type { listUsers as route } from '../../../shared/contract/users';
import type { Main } from '../../lib/route-types';
import { usersByRegState } from '../admin-view';

export const main: Main<typeof route> = async ({ input }) => {
  const { items, cursorId } = await usersByRegState(input.arg, input.cursorId);
  return { users: items, cursorId };
};
