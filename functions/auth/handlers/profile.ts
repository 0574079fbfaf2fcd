/** GET /api/iam/authn/profile: the signed-in user's own profile and account state (`profile` in shared/answers/auth.ts), with the session's csrf_token. */
import type { profile as route } from '../../../shared/contract/auth';
import { unauthorized } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { getUser, toProfile } from '../../users/users';

export const main: Main<typeof route> = async ({ session }) => {
  const user = await getUser(session.userId);
  if (!user) throw unauthorized('Your account no longer exists');
  return toProfile(user, session.csrfToken);
};
