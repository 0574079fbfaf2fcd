/** PUT /api/iam/messages/conversation/mute: mutes or unmutes a conversation for the caller. */
import type { muteConversation as route } from '../../../shared/contract/messages';
import type { Main } from '../../lib/route-types';
import { muteConversation } from '../hiding';

export const main: Main<typeof route> = async ({ input, session }) => ({ muted: await muteConversation(session, input.convnId, input.muted) });
