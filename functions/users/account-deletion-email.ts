/** POST /api/iam/emails/account-deletion: e-mails the caller how to delete their account. */
import type { emptyInput } from '../../shared/schemas/identity';
import { sendAccountDeletionInfo } from '../auth/mails';
import { unauthorized } from '../lib/errors';
import type { Main } from '../lib/route-types';
import { getUser } from './users';

export const main: Main<typeof emptyInput> = async ({ session }) => {
  const user = await getUser(session!.userId);
  if (!user) throw unauthorized('Your account no longer exists');
  await sendAccountDeletionInfo(user.email);
  return { sent: true };
};
