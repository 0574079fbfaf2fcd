/** POST /api/iam/messages/new-u-to-u-conversation: the caller's conversation with another member → { convnId }. */
import type { newUserConversation as route } from '../../../shared/contract/messages';
import type { Main } from '../../lib/route-types';
import { startUserConversation } from '../starting';

export const main: Main<typeof route> = async ({ input, session }) => startUserConversation(session, input.participants);
