/** POST /api/iam/blocks/new: the caller blocks userId. */
import type { newBlock as route } from '../../../shared/contract/messages';
import type { Main } from '../../lib/route-types';
import { block } from '../blocks';

export const main: Main<typeof route> = async ({ input, session }) => {
  await block(session, input.userId);
  return { blocked: true };
};
