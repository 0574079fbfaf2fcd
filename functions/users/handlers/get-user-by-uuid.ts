/** GET /api/user/get-user-by-uuid/{uuid}: a member's public profile (404 for unknown or unregistered accounts). */
import type { getUserByUuid as route } from '../../../shared/contract/users';
import { notFound } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { getUser, toPublicUser } from '../users';

export const main: Main<typeof route> = async ({ input }) => {
  const user = await getUser(input.uuid);
  const shown = user ? toPublicUser(user) : null;
  if (!shown) throw notFound('No such user');
  return shown;
};
