/**
 * PUT /api/iam/pwreset/update: sets a new password with a reset token (single use) and signs
 * every session of the account out; the account's login limit starts afresh.
 */
import type { resetUpdate as route } from '../../shared/contract/auth';
import { badRequest, HttpError } from '../lib/errors';
import type { Main } from '../lib/route-types';
import { getUser, saveUser } from '../users/users';
import { consumeEmailToken, peekEmailToken } from './email-tokens';
import { clearLoginLimit } from './login-limit';
import { hashPassword, passwordProblem } from './passwords';
import { listSessions, revokeFamily } from './sessions';

const INVALID = () => new HttpError(400, 'invalid_token', 'This link is invalid, used or expired; ask for a new one', 'token');

export const main: Main<typeof route> = async ({ input }) => {
  const peeked = await peekEmailToken('reset-password', input.token);
  if (!peeked) throw INVALID();
  const problem = passwordProblem(input.password, peeked.email);
  if (problem) throw badRequest(`password ${problem}`, 'password');
  const record = await consumeEmailToken('reset-password', input.token);
  const user = record ? await getUser(record.userId) : null;
  if (!record || !user) throw INVALID();
  // Opening the e-mailed link proves the address too.
  await saveUser({ ...user, passwordHash: await hashPassword(input.password), emailVerified: true });
  for (const s of await listSessions(user.uuid)) await revokeFamily(user.uuid, s.familyId);
  await clearLoginLimit(user.uuid);
  return { updated: true };
};
