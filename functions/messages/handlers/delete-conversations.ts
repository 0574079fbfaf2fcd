/** DELETE /api/iam/messages/conversations: hides every conversation of the caller (uuid must be theirs). */
import type { deleteConversations as route } from '../../../shared/contract/messages';
import type { Main } from '../../lib/route-types';
import { hideAllConversations } from '../hiding';

export const main: Main<typeof route> = async ({ input, session }) => ({ hidden: await hideAllConversations(session, input.uuid) });
