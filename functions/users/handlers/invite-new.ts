/** POST /api/iam/users/invites/new: a new invite link of the caller's (registered members holding the invite permission). */
import type { inviteNew as route } from '../../../shared/contract/users';
import { forbidden, unauthorized } from '../../lib/errors';
import { reply } from '../../lib/http';
import type { Main } from '../../lib/route-types';
import { createInvite } from '../invites';
import { hasPermission, loadPermissionSettings } from '../permission-rules';
import { getUser } from '../users';

export const main: Main<typeof route> = async ({ session }) => {
  const [user, settings] = await Promise.all([getUser(session.userId), loadPermissionSettings()]);
  if (!user) throw unauthorized('Your account no longer exists');
  if (!hasPermission(user, 'invite', settings)) throw forbidden('You may not invite people');
  return reply(await createInvite(user.uuid), { status: 201 });
};
