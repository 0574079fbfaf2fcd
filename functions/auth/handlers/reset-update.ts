/**
 * PUT /api/iam/pwreset/update: sets a new password with a reset token (single use), as the
 * mailbox's holder (mailbox-owner.ts): every session of the account ends, its login limit is
 * cleared, and an account not verified until now is verified without the profile set before.
 */
import type { resetUpdate as route } from '../../../shared/contract/auth';
import { badRequest, HttpError } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { getUser } from '../../users/users';
import { consumeItem, peekEmailToken } from '../email-tokens';
import { LinkUsedMeanwhile, setPasswordAsMailboxOwner } from '../mailbox-owner';
import { hashPassword, passwordProblem } from '../passwords';

const INVALID = () => new HttpError(400, 'invalid_token', 'This link is invalid, used or expired; ask for a new one', 'token');

export const main: Main<typeof route> = async ({ input }) => {
  const peeked = await peekEmailToken('reset-password', input.token);
  if (!peeked) throw INVALID();
  const problem = passwordProblem(input.password, peeked.email);
  if (problem) throw badRequest(`password ${problem}`, 'password');
  const hash = await hashPassword(input.password);
  const user = await getUser(peeked.userId);
  if (!user) throw INVALID();
  // Look first; the link is used up in the transaction that saves the password, so only a saved
  // password uses it, and only once (saving is retried over concurrent edits of the account).
  try {
    await setPasswordAsMailboxOwner(user, hash, () => consumeItem(peeked));
  } catch (err) {
    throw err instanceof LinkUsedMeanwhile ? INVALID() : err;
  }
  return { updated: true };
};
