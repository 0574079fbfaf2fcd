/**
 * PUT /api/iam/users/{uuid} (admin): names, suspension, admin role. A suspended user's next
 * access token (at the latest after its 15 minutes, on refresh) carries the suspension.
 */
import { toTitleCase } from '../../shared/format';
import type { adminUserUpdateInput } from '../../shared/schemas/identity';
import { assertLive } from '../auth/sessions';
import { isConfiguredAdmin } from '../lib/admins';
import { badRequest, notFound } from '../lib/errors';
import type { Main } from '../lib/route-types';
import { toAdminUser } from './admin-view';
import { getUser, saveUser } from './users';

export const main: Main<typeof adminUserUpdateInput> = async ({ input, session }) => {
  await assertLive(session!);
  const user = await getUser(input.uuid);
  if (!user) throw notFound('No such user');
  if (input.is_admin === false && isConfiguredAdmin(user.email)) {
    throw badRequest('is_admin cannot be removed here: this admin is named in ADMIN_EMAILS', 'is_admin');
  }
  const saved = await saveUser({
    ...user,
    ...(input.first_name !== undefined ? { firstName: toTitleCase(input.first_name) } : {}),
    ...(input.last_name !== undefined ? { lastName: toTitleCase(input.last_name) } : {}),
    ...(input.suspended !== undefined ? { suspended: input.suspended } : {}),
    ...(input.is_admin !== undefined ? { role: input.is_admin ? ('admin' as const) : ('user' as const) } : {}),
  });
  return toAdminUser(saved);
};
