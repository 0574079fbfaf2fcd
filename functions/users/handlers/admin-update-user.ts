/**
 * PUT /api/iam/users/{uuid} (admin): names, suspension, admin role. Suspending or demoting someone
 * revokes every session family they hold: refreshes fail at once, admin and sensitive routes
 * refuse at once (they check the family and, for admins, the account itself), and every other
 * route when the access token in hand expires (within 15 minutes).
 */
import type { adminUpdateUser as route } from '../../../shared/contract/users';
import { toTitleCase } from '../../../shared/format';
import { isConfiguredAdmin } from '../../lib/admins';
import { badRequest, notFound } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { revokeAllSessions } from '../../auth/sessions';
import { toAdminUser } from '../admin-view';
import { getUser, saveUser } from '../users';

export const main: Main<typeof route> = async ({ input, session }) => {
  const user = await getUser(input.uuid);
  if (!user) throw notFound('No such user');
  if (input.is_admin === false && isConfiguredAdmin(user.email)) {
    throw badRequest('is_admin cannot be removed here: this admin is named in ADMIN_EMAILS', 'is_admin');
  }
  if (user.uuid === session.userId && (input.suspended === true || input.is_admin === false)) {
    throw badRequest('You cannot suspend or demote yourself; ask another admin', input.suspended === true ? 'suspended' : 'is_admin');
  }
  const saved = await saveUser({
    ...user,
    ...(input.first_name !== undefined ? { firstName: toTitleCase(input.first_name) } : {}),
    ...(input.last_name !== undefined ? { lastName: toTitleCase(input.last_name) } : {}),
    ...(input.suspended !== undefined ? { suspended: input.suspended } : {}),
    ...(input.is_admin !== undefined ? { role: input.is_admin ? ('admin' as const) : ('user' as const) } : {}),
  });
  const losesPowers = (input.suspended === true && !user.suspended) || (input.is_admin === false && user.role === 'admin');
  if (losesPowers) await revokeAllSessions(saved.uuid);
  return toAdminUser(saved);
};
