/** DELETE /api/iam/wanted/{id}: stop wanting a plant. */
import type { deleteWanted as route } from '../../../shared/contract/wanted';
import type { Main } from '../../lib/route-types';
import { deleteWanted } from '../wanted';

export const main: Main<typeof route> = async ({ input, session }) => {
  await deleteWanted(session, input.id);
  return { deleted: true as const };
};
