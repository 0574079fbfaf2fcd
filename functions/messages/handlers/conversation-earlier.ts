/** GET /api/iam/messages/conversation/{a}/{b}/{c}: earlier messages, from the cursor c. */
import type { conversationEarlier as route } from '../../../shared/contract/messages';
import type { Main } from '../../lib/route-types';
import { readConversation } from '../conversations';

export const main: Main<typeof route> = async ({ input, session }) => readConversation(session, input.a, input.b, input.c, 'c');
