/**
 * Reading (mark-as-seen): the participant item, guarded on the unread count read before, and the
 * tally by exactly the difference (reading takes off the other side's messages between the old
 * read mark and the new one).
 */
import { batchGet, queryPage } from '../db/batch';
import { convPk, messageClaimKey, messageSk } from '../db/entities/conversation';
import { db } from '../db/service';
import { writeItems } from '../db/transact';
import type { Session } from '../lib/session/token';
import { conversationFor, justAbove, sideRef, type Side } from './conversations';
import { freshParticipant, fromSide, participantReadUpdate, tallyUpdate, withRetries } from './participant-writes';

/** Query pages counted at most per read: a long unread run is read in steps, each one saved. */
const COUNT_PAGES = 4;

/**
 * Counts the messages in (`fromKey`, `toKey`] that are not the side's own and not withheld from
 * it, reading at most COUNT_PAGES pages: `lastKey` is how far it got (`toKey` when it read all).
 */
async function countBetween(conversationId: string, side: Pick<Side, 'type' | 'participantId'>, fromKey: string, toKey: string): Promise<{ counted: number; lastKey: string }> {
  let counted = 0;
  let lastKey = fromKey;
  let start: Record<string, unknown> | undefined;
  for (let page = 0; page < COUNT_PAGES; page++) {
    const out = await queryPage(convPk(conversationId), { between: [justAbove(fromKey), toKey], attributes: ['sk', 'senderId', 'asPageId', 'withheld'], ...(start ? { start } : {}) });
    for (const m of out.items) {
      lastKey = String(m.sk);
      if (m.withheld) continue;
      if (!fromSide({ senderId: String(m.senderId), asPageId: m.asPageId as string | undefined }, side)) counted++;
    }
    start = out.next;
    if (!start) return { counted, lastKey: toKey };
  }
  return { counted, lastKey };
}

/**
 * Reads the side's view of a conversation up to `key` (a message's sort key). `unread` is the
 * other side's messages after the read mark, so moving the mark takes off exactly those between
 * the old mark and the new one: the read is bounded by what became read, not by the
 * conversation. The tally follows by the same difference.
 */
async function readUpTo(conversationId: string, side: Pick<Side, 'type' | 'participantId'>, key: string): Promise<void> {
  await withRetries(async () => {
    const p = await freshParticipant(conversationId, sideRef(side));
    const from = p.lastReadKey ?? 'msg#';
    if (from >= key) return null;
    const { counted, lastKey } = await countBetween(conversationId, side, from, key);
    const unread = Math.max(0, p.unread - counted);
    const items = [participantReadUpdate(p, { unread, lastReadAt: new Date().toISOString(), lastReadKey: lastKey })];
    if (!p.muted && unread !== p.unread) items.push(tallyUpdate(p, unread - p.unread));
    return writeItems(items);
  });
}

/** PUT mark-as-seen: each listed message's conversation is read up to it, for the caller's side. */
export async function markMessagesSeen(session: Session, ids: string[]): Promise<void> {
  // Strongly consistent: a message marked the moment it arrives is found.
  const claims = (await batchGet(ids.map((id) => messageClaimKey(id)), { consistent: true }))
    .map((item) => db().entities.messageClaim.parse({ Item: item }).data)
    .filter((c): c is NonNullable<typeof c> => !!c);
  const latest = new Map<string, string>();
  for (const c of claims) {
    const key = messageSk(c.sentMs, c.id);
    if ((latest.get(c.conversationId) ?? '') < key) latest.set(c.conversationId, key);
  }
  for (const [conversationId, key] of latest) {
    let side: Side;
    try {
      ({ side } = await conversationFor(session, conversationId));
    } catch {
      continue; // Not the caller's conversation: it changes nothing.
    }
    await readUpTo(conversationId, side, key);
  }
}
