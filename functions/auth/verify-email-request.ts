/** POST /api/iam/authn/verifyemail: sends a new verification link (same answer whether or not the address is known). */
import type { emailOnlyInput } from '../../shared/schemas/identity';
import { hitRateLimit } from '../lib/rate-limit';
import type { Main } from '../lib/route-types';
import { getUser, userIdByEmail } from '../users/users';
import { createEmailToken } from './email-tokens';
import { sendVerification } from './mails';

export const main: Main<typeof emailOnlyInput> = async ({ input }) => {
  await hitRateLimit('VERIFY_EMAIL', input.email);
  const userId = await userIdByEmail(input.email);
  const user = userId ? await getUser(userId) : null;
  if (user && !user.emailVerified) await sendVerification(user.email, await createEmailToken('verify-email', user.uuid, user.email));
  return { sent: true };
};
