/** PUT /api/iam/users/update-user-settings: changes some of the caller's settings (listing settings move the user in the indexes). */
import type { updateUserSettings as route } from '../../../shared/contract/users';
import { unauthorized } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { unverifiedSessionGuard } from '../../lib/session/live';
import { updateSettings } from '../settings-store';
import { getUser } from '../users';

export const main: Main<typeof route> = async ({ input, session }) => {
  const user = await getUser(session.userId);
  if (!user) throw unauthorized('Your account no longer exists');
  return updateSettings(user, input, unverifiedSessionGuard(session));
};
