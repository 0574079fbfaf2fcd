/** GET /api/iam/admin/users/{uuid}/invites: one member's invites, for an admin who may switch them off. */
import type { memberInvites as route } from '../../../shared/contract/users';
import { notFound } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { toAdminUser } from '../admin-view';
import { invitesOf } from '../invites';
import { getUser } from '../users';

export const main: Main<typeof route> = async ({ input }) => {
  const [user, page] = await Promise.all([getUser(input.uuid), invitesOf(input.uuid, input.cursorId)]);
  if (!user) throw notFound('No such member');
  return { inviter: toAdminUser(user), invites: page.items, cursorId: page.cursorId };
};
