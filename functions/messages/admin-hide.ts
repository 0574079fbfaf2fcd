/**
 * An admin hides a reported message: the message keeps its place in its conversation, but both
 * sides read a placeholder in place of its text, and an inbox row whose preview is that message
 * shows the placeholder's words instead; its photos are deleted (the caller calls
 * `removeRetiredPhotos` after the write). The caller adds its own items (the sender's notice, the
 * case's close) to the same write.
 */
import { absent, and, eq, exists } from '../db/condition';
import { convPk, messageSk, participantKey, type MessageItem, type ParticipantType } from '../db/entities/conversation';
import { db } from '../db/service';
import { named, type TxItem } from '../db/transact';
import { updateItem } from '../db/write';
import { getConversation, getParticipant, HIDDEN_PREVIEW } from './conversations';
import { retirePhotoItems } from './photos';

/** Named on the inbox rows' updates: a message sent meanwhile changed the preview, so read again. */
export const PREVIEW_CURRENT = 'preview-current';

/**
 * The message (null when gone or already hidden) and the items that hide it: the message itself,
 * guarded on its being shown, and each side's inbox row still previewing it.
 */
export async function hideMessageItems(conversationId: string, sentMs: string, id: string, adminId: string): Promise<{ message: MessageItem; items: TxItem[] } | null> {
  const { data } = await db().entities.message.get({ conversationId, sentMs, id }).go({ consistent: true });
  const message = (data as MessageItem | null) ?? null;
  if (!message || message.hiddenAt) return null;
  const now = new Date().toISOString();
  const items: TxItem[] = [
    updateItem({ key: { pk: convPk(conversationId), sk: messageSk(sentMs, id) }, set: { hiddenAt: now, hiddenBy: adminId }, condition: and(exists(), absent('hiddenAt')) }),
    // Its photos go with it: records that lead the sweep to them, then `removeRetiredPhotos`.
    ...retirePhotoItems(message),
  ];
  const conv = await getConversation(conversationId, true);
  const sides: [ParticipantType, string][] = !conv ? [] : conv.convType === 'tomypage' ? [['user', conv.userId!], ['page', conv.pageId!]] : conv.participantIds.map((p) => ['user', p]);
  for (const [type, pid] of sides) {
    const p = await getParticipant(conversationId, { type, id: pid }, true);
    if (!p || p.lastMessageAt !== message.createdAt || p.lastSenderId !== message.senderId) continue;
    items.push(named(PREVIEW_CURRENT, updateItem({ key: participantKey(conversationId, { type, id: pid }), set: { lastPreview: HIDDEN_PREVIEW }, condition: and(exists(), eq('lastMessageAt', message.createdAt)) })));
  }
  return { message, items };
}
