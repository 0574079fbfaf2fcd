/** PUT /api/iam/users/invites/update-validity/{uuid} (admin): switches an invite on or off. */
import type { inviteValidity as route } from '../../../shared/contract/users';
import type { Main } from '../../lib/route-types';
import { setInviteValidity } from '../invites';

export const main: Main<typeof route> = async ({ input }) => {
  return setInviteValidity(input.uuid, input.is_valid);
};
