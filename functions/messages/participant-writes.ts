/**
 * What the conversation writes share. Each change is one transaction that carries every count it
 * moves: the participant items (unread count, muted flag, place in the inbox) and the member's or
 * page's tally of unread messages. The tally of a member or page is the sum of the unread counts
 * of its participant items that are not muted, and exactly those with unread > 0 carry the keys
 * of the unread index (M5b: the unread collections are a Query of it, not sets on the tally, so
 * no item grows with the number of unread conversations); the property test of
 * test/api/messages.test.ts holds every write to both.
 */
import { and, eq, exists, live } from '../db/condition';
import { INBOX_PLACE_FIELDS, participantKey, UNREAD_PLACE_FIELDS, unreadPlace, type MessageItem, type ParticipantItem } from '../db/entities/conversation';
import type { OwnerRef } from '../db/entities/owner';
import { pageKey } from '../db/entities/page';
import { tallyChange } from '../db/items/message-tally';
import { type TxItem, type TxOutcome } from '../db/transact';
import { conditionCheck, updateItem } from '../db/write';
import { notFound, serviceUnavailable } from '../lib/errors';
import { getParticipant, ownerPkOf, type Side } from './conversations';

export const ATTEMPTS = 5;

/** The tally change of one participant: `delta` unread. */
export function tallyUpdate(p: Pick<ParticipantItem, 'participantType' | 'participantId'>, delta: number): TxItem {
  return tallyChange({ ownerPk: ownerPkOf(p.participantType, p.participantId), unread: delta });
}

/**
 * The participant's unread (and read marks, hidden and muted flags) set, guarded on the unread and
 * muted it was read with; filed in the unread index exactly while it has unread and is not muted.
 */
export function participantReadUpdate(p: ParticipantItem, set: { unread: number; lastReadAt?: string; lastReadKey?: string; hidden?: boolean; clearedKey?: string; muted?: boolean }): TxItem {
  const unreadShown = set.unread > 0 && !(set.muted ?? p.muted);
  return updateItem({
    key: participantKey(p.conversationId, { type: p.participantType, id: p.participantId }),
    set: { ...set, ...(unreadShown ? unreadPlace(p) : {}) },
    // Hidden: out of the inbox index; nothing unread (or muted): out of the unread index.
    remove: [...(set.hidden === true ? INBOX_PLACE_FIELDS : []), ...(unreadShown ? [] : UNREAD_PLACE_FIELDS)],
    condition: and(exists(), eq('unread', p.unread), eq('muted', p.muted)),
  });
}

export async function freshParticipant(conversationId: string, participant: OwnerRef): Promise<ParticipantItem> {
  const p = await getParticipant(conversationId, participant, true);
  if (!p) throw notFound('There is no such conversation', 'conversation');
  return p;
}

/** Runs `attempt` until its transaction lands; a guard that failed (a concurrent change) re-reads and retries. */
export async function withRetries(attempt: () => Promise<TxOutcome | null>): Promise<void> {
  for (let i = 0; i < ATTEMPTS; i++) {
    const out = await attempt();
    if (!out || !out.canceled) return;
  }
  throw serviceUnavailable('The conversation changed meanwhile; please try again');
}


/** Whether a message of `side` came from that side (its own never count as unread). */
export function fromSide(m: Pick<MessageItem, 'senderId' | 'asPageId'>, side: Pick<Side, 'type' | 'participantId'>): boolean {
  return side.type === 'page' ? m.asPageId === side.participantId : m.senderId === side.participantId && !m.asPageId;
}

export function pageLiveCheck(pageId: string): TxItem {
  return conditionCheck(pageKey(pageId), live());
}
