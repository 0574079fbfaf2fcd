/** POST /api/iam/pwreset/verify and /api/iam/authn/verifyreset: is this reset link still good? (It is not used up.) */
import type { resetVerify as route } from '../../../shared/contract/auth';
import { HttpError } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { peekEmailToken } from '../email-tokens';

export const main: Main<typeof route> = async ({ input }) => {
  if (!(await peekEmailToken('reset-password', input.token))) {
    throw new HttpError(400, 'invalid_token', 'This link is invalid, used or expired; ask for a new one', 'token');
  }
  return { valid: true };
};
