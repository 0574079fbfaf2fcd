/** GET /api/iam/messages/conversation/{a}/{b}: a conversation and its newest messages, participants only. */
import type { conversation as route } from '../../../shared/contract/messages';
import type { Main } from '../../lib/route-types';
import { readConversation } from '../conversations';

export const main: Main<typeof route> = async ({ input, session }) => readConversation(session, input.a, input.b, input.cursorId, 'cursorId');
