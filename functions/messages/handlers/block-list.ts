/** GET /api/iam/blocks: the members the caller blocks. */
import type { blockList as route } from '../../../shared/contract/messages';
import type { Main } from '../../lib/route-types';
import { blockList } from '../blocks';

export const main: Main<typeof route> = async ({ input, session }) => blockList(session, input.cursorId);
