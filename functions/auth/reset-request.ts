/** POST /api/iam/authn/reset: e-mails a password-reset link (same answer whether or not the address exists). */
import type { emailOnlyInput } from '../../shared/schemas/identity';
import { hitRateLimit } from '../lib/rate-limit';
import type { Main } from '../lib/route-types';
import { getUser, userIdByEmail } from '../users/users';
import { createEmailToken } from './email-tokens';
import { sendPasswordReset } from './mails';

export const main: Main<typeof emailOnlyInput> = async ({ input }) => {
  await hitRateLimit('RESET_EMAIL', input.email);
  const userId = await userIdByEmail(input.email);
  const user = userId ? await getUser(userId) : null;
  if (user) await sendPasswordReset(user.email, await createEmailToken('reset-password', user.uuid, user.email));
  return { sent: true };
};
