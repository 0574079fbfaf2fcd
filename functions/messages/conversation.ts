/** GET /api/iam/messages/conversation/{a}/{b}: a conversation and its newest messages, participants only. */
import type { ConversationAnswer } from '../../shared/answers/messages';
import type { conversation as route } from '../../shared/contract/messages';
import { notFound } from '../lib/errors';
import type { Session } from '../lib/session/token';
import type { Main } from '../lib/route-types';
import { conversationFor, conversationIdOf, getParticipant, messagesOf, messageViewOf, partiesOf, rowOf } from './conversations';

/** The conversation of a and b as the caller's side sees it, from `cursor` back. */
export async function readConversation(session: Session, a: string, b: string, cursor: string | undefined, field: string): Promise<ConversationAnswer> {
  const { conv, side } = await conversationFor(session, conversationIdOf(a, b));
  const me = await getParticipant(conv.id, side.participantId);
  if (!me) throw notFound('There is no such conversation', 'conversation');
  const [page, parties] = await Promise.all([
    messagesOf(conv.id, session.userId, cursor, me.clearedKey, field),
    partiesOf([{ type: me.participantType, id: me.participantId }, { type: me.otherType, id: me.otherId }]),
  ]);
  return { conversation: rowOf(me, parties), messages: page.items.map(messageViewOf), cursorId: page.cursorId };
}

export const main: Main<typeof route> = async ({ input, session }) => readConversation(session, input.a, input.b, input.cursorId, 'cursorId');
