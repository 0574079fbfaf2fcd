/** POST /api/iam/emails/account-deletion: e-mails the caller how to delete their account. */
import type { accountDeletionEmail as route } from '../../../shared/contract/users';
import { sendAccountDeletionInfo } from '../../auth/mails';
import { forbidden, unauthorized } from '../../lib/errors';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { getUser } from '../users';

export const main: Main<typeof route> = async ({ session }) => {
  const user = await getUser(session.userId);
  if (!user) throw unauthorized('Your account no longer exists');
  // Only to an address its owner has proven, and a few a day: each call is a mail to that inbox.
  if (!user.emailVerified) throw forbidden('Verify your e-mail address first');
  await hitRateLimit('ACCOUNT_MAIL_USER', user.uuid);
  await sendAccountDeletionInfo(user.email);
  return { sent: true };
};
