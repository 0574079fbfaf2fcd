/** GET /api/iam/users/{uuid}/permission/{name}: whether the user may do this (own account, or an admin asking). */
import type { permission as route } from '../../../shared/contract/users';
import { notFound } from '../../lib/errors';
import { assertSelf } from '../../lib/session/live';
import type { Main } from '../../lib/route-types';
import { hasPermission, loadPermissionSettings } from '../permission-rules';
import { getUser } from '../users';

export const main: Main<typeof route> = async ({ input, session }) => {
  await assertSelf(session, input.uuid);
  const [user, settings] = await Promise.all([getUser(input.uuid), loadPermissionSettings()]);
  if (!user) throw notFound('No such user');
  return { allowed: hasPermission(user, input.name, settings) };
};
