/** GET /api/iam/users/invites: the caller's invites, newest first, cursor paged. */
import type { invitesList as route } from '../../../shared/contract/users';
import type { Main } from '../../lib/route-types';
import { invitesOf } from '../invites';

export const main: Main<typeof route> = async ({ input, session }) => {
  const { items, cursorId } = await invitesOf(session.userId, input.cursorId);
  return { invites: items, cursorId };
};
