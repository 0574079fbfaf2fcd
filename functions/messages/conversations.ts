/**
 * Conversations, as far as account deletion needs them: "delete all of a user's conversations"
 * (the messages feature builds the rest on the same items).
 */
import { db } from '../db/service';

/** Deletes every conversation the user takes part in, with all its items and memberships. */
export async function deleteAllConversationsOf(userId: string): Promise<number> {
  const svc = db();
  const { data: memberships } = await svc.entities.conversationMember.query.byUser({ userId }).go({ pages: 'all' });
  for (const m of memberships) {
    const { data: conv } = await svc.entities.conversation.get({ id: m.conversationId }).go();
    const participants = conv?.participantIds ?? [userId];
    await svc.entities.conversationMember.delete(participants.map((p) => ({ userId: p, conversationId: m.conversationId }))).go();
    if (conv) await svc.entities.conversation.delete({ id: conv.id }).go();
  }
  return memberships.length;
}
