/** DELETE /api/iam/posts/reaction: undo the caller's reaction. */
import type { deleteReaction as route } from '../../../shared/contract/reactions';
import { viewerOf } from '../../lib/session/viewer';
import { logFaults } from '../../lib/log-faults';
import { unreact } from '../reactions';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ input, session }) =>
  logFaults('reaction or delete error', { userId: session.userId, reactionId: input.id }, async () => unreact(await viewerOf(session), input.id));
