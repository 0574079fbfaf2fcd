/** Starting a conversation with a member or with a page (or finding the one that exists). */
import { type ConversationItem, type ParticipantType } from '../db/entities/conversation';
import { db } from '../db/service';
import { failedChecks, named, txEntities, writeItems } from '../db/transact';
import { badRequest, forbidden, notFound, serviceUnavailable } from '../lib/errors';
import { hitRateLimit } from '../lib/rate-limit';
import type { Session } from '../lib/session/token';
import { isPageStaff, livePage } from '../pages/pages';
import { assertAuthorWasLive, authorLiveCheck } from '../users/author-live';
import { getUser } from '../users/users';
import { conversationIdOf, getConversation } from './conversations';

interface NewSide {
  id: string;
  type: ParticipantType;
}

async function ensureConversation(session: Session, a: NewSide, b: NewSide, convType: ConversationItem['convType'], extra: { userId?: string; pageId?: string }): Promise<{ convnId: string; created: boolean }> {
  const id = conversationIdOf(a, b);
  const existing = await getConversation(id, true);
  if (existing) return { convnId: id, created: false };
  await hitRateLimit('CONVERSATION_USER', session.userId);
  const now = new Date().toISOString();
  const { conversation, conversationParticipant } = txEntities();
  const part = (me: NewSide, other: NewSide) =>
    conversationParticipant
      .create({ conversationId: id, participantId: me.id, participantType: me.type, otherId: other.id, otherType: other.type, convType, unread: 0, lastMessageAt: now, muted: false, hidden: true })
      .commit();
  const items = [
    named('conversation-new', conversation.create({ id, convType, participantIds: [a.id, b.id].sort(), createdAt: now, ...extra }).commit()),
    part(a, b),
    part(b, a),
    authorLiveCheck(session.userId),
  ];
  const out = await writeItems(items);
  if (out.canceled) {
    await assertAuthorWasLive(out, items, session.userId);
    // Made by a concurrent call: the same pair, the same conversation.
    if (failedChecks(out, items).has('conversation-new')) return { convnId: id, created: false };
    throw serviceUnavailable('Could not start the conversation; please try again');
  }
  return { convnId: id, created: true };
}

/** POST new-u-to-u-conversation: the caller and another live member. */
export async function startUserConversation(session: Session, participants: string[]): Promise<{ convnId: string }> {
  const me = session.userId;
  if (!participants.includes(me)) throw forbidden('participants must hold your own id: you may start only your own conversations');
  const other = participants.find((p) => p !== me);
  if (!other) throw badRequest('must name another member besides you', 'participants');
  const user = await getUser(other);
  if (!user || user.deletedAt || user.regState !== 'complete') throw notFound('There is no member with this id', 'participants');
  const { convnId } = await ensureConversation(session, { id: me, type: 'user' }, { id: other, type: 'user' }, 'user-to-user', {});
  return { convnId };
}

/** POST new-u-to-p-conversation: the caller and a live page they do not answer for. */
export async function startPageConversation(session: Session, userId: string, pageId: string): Promise<{ convnId: string }> {
  if (userId !== session.userId) throw forbidden('userId must be your own id: you may start only your own conversations');
  // A page an admin hid takes no new conversation (its staff do not write to their own page).
  if ((await livePage(pageId)).hiddenAt) throw notFound('There is no page with this id', 'pageId');
  const { data: membership } = await db().entities.pageMember.get({ pageId, userId }).go();
  if (membership?.status === 'member' && isPageStaff(membership.role)) {
    throw badRequest('You answer this page\'s messages yourself; write to a member instead', 'pageId');
  }
  const { convnId } = await ensureConversation(session, { id: userId, type: 'user' }, { id: pageId, type: 'page' }, 'tomypage', { userId, pageId });
  return { convnId };
}
