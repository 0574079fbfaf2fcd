/** DELETE /api/iam/posts/reaction: undo the caller's reaction. */
import type { deleteReactionInput } from '../../shared/schemas/content';
import { unreact } from './thread';
import { viewerOf } from './views';
import type { Main } from '../lib/route-types';

export const main: Main<typeof deleteReactionInput> = async ({ input, session }) => {
  return unreact(viewerOf(session), input.id);
};
