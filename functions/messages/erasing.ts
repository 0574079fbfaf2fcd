/** Erasing (account deletion): each participant with its tally's share, then the messages. */
import { batchDelete, queryPage, type TableKey } from '../db/batch';
import { and, eq } from '../db/condition';
import { convPk, messageClaimKey, participantKey, type MessageItem, type ParticipantItem } from '../db/entities/conversation';
import { db } from '../db/service';
import { writeItems, type TxItem } from '../db/transact';
import { deleteItem } from '../db/write';
import { getParticipant } from './conversations';
import { tallyUpdate, withRetries } from './participant-writes';
import { removeRetiredPhotos, retirePhotos } from './photos';

/** Removes a conversation for everyone: the metadata (no send lands after it), each side with its tally's share, then the messages, their claims and their photos. */
export async function eraseConversation(conversationId: string): Promise<void> {
  await db().entities.conversation.delete({ id: conversationId }).go();
  const { data: parts } = await db().entities.conversationParticipant.query.byConversation({ conversationId }).go({ pages: 'all' });
  for (const first of parts as ParticipantItem[]) {
    await withRetries(async () => {
      const p = await getParticipant(conversationId, { type: first.participantType, id: first.participantId }, true);
      if (!p) return null;
      const items: TxItem[] = [
        deleteItem(participantKey(conversationId, { type: p.participantType, id: p.participantId }), and(eq('unread', p.unread), eq('muted', p.muted))),
      ];
      if (!p.muted && p.unread > 0) items.push(tallyUpdate(p, -p.unread));
      return writeItems(items);
    });
  }
  let start: Record<string, unknown> | undefined;
  do {
    const out = await queryPage(convPk(conversationId), { attributes: ['pk', 'sk', 'id', '__edb_e__', 'senderId', 'createdAt', 'photos'], ...(start ? { start } : {}) });
    const keys: TableKey[] = [];
    const withPhotos: Pick<MessageItem, 'senderId' | 'photos' | 'createdAt'>[] = [];
    for (const item of out.items) {
      keys.push({ pk: String(item.pk), sk: String(item.sk) });
      if (item.__edb_e__ !== 'message') continue;
      keys.push(messageClaimKey(String(item.id)));
      if (Array.isArray(item.photos) && item.photos.length) withPhotos.push(item as unknown as Pick<MessageItem, 'senderId' | 'photos' | 'createdAt'>);
    }
    // Photos are led to the sweep before their messages go, and deleted after.
    await retirePhotos(withPhotos);
    await batchDelete(keys);
    await removeRetiredPhotos(withPhotos);
    start = out.next;
  } while (start);
}

/** Account deletion's first step: every conversation the member takes part in, erased. */
export async function eraseAllConversationsOf(userId: string): Promise<number> {
  const { data } = await db().entities.conversationParticipant.query.byParticipant({ participantType: 'user', participantId: userId }).go({ pages: 'all' });
  for (const p of data) await eraseConversation(p.conversationId);
  return data.length;
}
