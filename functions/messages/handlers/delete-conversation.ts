/** DELETE /api/iam/messages/conversation: hides one conversation for the caller. */
import type { deleteConversation as route } from '../../../shared/contract/messages';
import type { Main } from '../../lib/route-types';
import { hideConversation } from '../hiding';

export const main: Main<typeof route> = async ({ input, session }) => ({ hidden: await hideConversation(session, input.convnId) });
