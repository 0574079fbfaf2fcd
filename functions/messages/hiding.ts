/** Hiding and muting: the participant item, guarded on the unread count and muted flag read before, and the tally by exactly the difference. */
import { queryPage } from '../db/batch';
import { convPk, type ParticipantItem } from '../db/entities/conversation';
import type { OwnerRef } from '../db/entities/owner';
import { db } from '../db/service';
import { writeItems } from '../db/transact';
import { forbidden } from '../lib/errors';
import type { Session } from '../lib/session/token';
import { conversationFor, sideRef } from './conversations';
import { freshParticipant, participantReadUpdate, tallyUpdate, withRetries } from './participant-writes';

async function latestMessageKey(conversationId: string): Promise<string | null> {
  const out = await queryPage(convPk(conversationId), { between: ['msg#', 'msg#\uffff'], attributes: ['sk'], newestFirst: true, limit: 1 });
  return (out.items[0]?.sk as string | undefined) ?? null;
}

/** Hides a conversation for one side: out of its inbox, its messages so far out of its view, its unread out of its tally. */
async function hideFor(conversationId: string, participant: OwnerRef): Promise<void> {
  await withRetries(async () => {
    const p = await freshParticipant(conversationId, participant);
    const latest = await latestMessageKey(conversationId);
    const now = new Date().toISOString();
    const items = [participantReadUpdate(p, { unread: 0, hidden: true, lastReadAt: now, ...(latest ? { lastReadKey: latest, clearedKey: latest } : {}) })];
    if (!p.muted && p.unread > 0) items.push(tallyUpdate(p, -p.unread));
    return writeItems(items);
  });
}

/** DELETE conversation: hidden for the caller's side only. */
export async function hideConversation(session: Session, conversationId: string): Promise<number> {
  const { side } = await conversationFor(session, conversationId);
  await hideFor(conversationId, sideRef(side));
  return 1;
}

/** DELETE conversations: every conversation in the member's inbox hidden for them. */
export async function hideAllConversations(session: Session, uuid: string): Promise<number> {
  if (uuid !== session.userId) throw forbidden('You may only act on your own account');
  const { data } = await db().entities.conversationParticipant.query.byParticipant({ participantType: 'user', participantId: uuid }).go({ pages: 'all' });
  const shown = (data as ParticipantItem[]).filter((p) => !p.hidden);
  for (const p of shown) await hideFor(p.conversationId, { type: 'user', id: uuid });
  return shown.length;
}

/** PUT conversation/mute: a muted conversation's unread leave the tally and collections (and come back on unmute). */
export async function muteConversation(session: Session, conversationId: string, muted: boolean): Promise<boolean> {
  const { side } = await conversationFor(session, conversationId);
  await withRetries(async () => {
    const p = await freshParticipant(conversationId, sideRef(side));
    if (p.muted === muted) return null;
    const items = [participantReadUpdate(p, { unread: p.unread, muted })];
    if (p.unread > 0) items.push(tallyUpdate(p, muted ? -p.unread : p.unread));
    return writeItems(items);
  });
  return muted;
}
