/** DELETE /api/iam/blocks/{userId}: the caller unblocks userId. */
import type { deleteBlock as route } from '../../../shared/contract/messages';
import type { Main } from '../../lib/route-types';
import { unblock } from '../blocks';

export const main: Main<typeof route> = async ({ input, session }) => {
  await unblock(session, input.userId);
  return { blocked: false };
};
