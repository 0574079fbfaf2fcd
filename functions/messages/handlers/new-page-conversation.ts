/** POST /api/iam/messages/new-u-to-p-conversation: the caller's conversation with a page → { convnId }. */
import type { newPageConversation as route } from '../../../shared/contract/messages';
import type { Main } from '../../lib/route-types';
import { startPageConversation } from '../starting';

export const main: Main<typeof route> = async ({ input, session }) => startPageConversation(session, input.userId, input.pageId);
