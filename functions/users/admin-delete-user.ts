/** DELETE /api/iam/users/{uuid} (admin): deletes an account in the spec's order (conversations first). */
import type { adminDeleteUser as route } from '../../shared/contract/users';
import type { Main } from '../lib/route-types';
import { deleteAccount } from './delete-account';

export const main: Main<typeof route> = async ({ input }) => {
  await deleteAccount(input.uuid);
  return { deleted: true };
};
