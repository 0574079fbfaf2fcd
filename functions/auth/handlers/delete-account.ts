/** DELETE /api/iam/authn/delete: the signed-in user deletes their own account (uuid must be theirs). */
import type { deleteAccount as route } from '../../../shared/contract/auth';
import { assertSelf } from '../../lib/session/live';
import { reply } from '../../lib/http';
import type { Main } from '../../lib/route-types';
import { clearedSessionCookies } from '../../lib/session/cookies';
import { deleteAccount } from '../../cascades/account-deletion';
import { assertLive } from '../sessions';

export const main: Main<typeof route> = async ({ input, session }) => {
  await assertSelf(session, input.uuid);
  await assertLive(session);
  await deleteAccount(input.uuid);
  const own = input.uuid === session.userId;
  return reply({ deleted: true }, own ? { cookies: clearedSessionCookies() } : {});
};
