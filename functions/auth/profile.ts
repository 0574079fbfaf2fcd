/** GET /api/iam/authn/profile: the signed-in user (spec §3), with the session's csrf_token. */
import type { emptyInput } from '../../shared/schemas/identity';
import { unauthorized } from '../lib/errors';
import type { Main } from '../lib/route-types';
import { getUser, toProfile } from '../users/users';

export const main: Main<typeof emptyInput> = async ({ session }) => {
  const user = await getUser(session!.userId);
  if (!user) throw unauthorized('Your account no longer exists');
  return toProfile(user, session!.csrfToken);
};
