/** DELETE /api/iam/users/{uuid} (admin): deletes an account as its owner would (functions/cascades/account-deletion.ts: conversations first, then the account, then what is left of it). */
import type { adminDeleteUser as route } from '../../../shared/contract/users';
import type { Main } from '../../lib/route-types';
import { deleteAccount } from '../../cascades/account-deletion';

export const main: Main<typeof route> = async ({ input }) => {
  await deleteAccount(input.uuid, undefined, { byAdmin: true });
  return { deleted: true };
};
