/**
 * Conversation writes. Each change is one transaction that carries every count it moves:
 * - sending: the message, its id's claim, the sender's inbox row, and the recipient's row (unread +1, back in the inbox) and tally (+1, and the
 *   conversation and the sender in its unread collections, unless muted);
 * - reading (mark-as-seen), hiding and muting: the participant item, guarded on the unread count
 *   and muted flag read before, and the tally by exactly the difference (reading takes off the
 *   other side's messages between the old read mark and the new one);
 * - erasing (account deletion): each participant with its tally's share, then the messages.
 * The tally of a member or page is the sum of the unread counts of its participant items that are
 * not muted, and its collections name exactly those with unread > 0; the property test of
 * test/api/messages.test.ts holds every write to it.
 */
import type { MessageView } from '../../shared/answers/messages';
import { batchDelete, batchGet, queryPage, type TableKey } from '../db/batch';
import { and, eq, exists, live, oneOf } from '../db/condition';
import {
  blockKey, conversationKey, convPk, inboxPk, inboxSk, messageClaimKey, messageSk, participantKey,
  type ConversationItem, type MessageItem, type ParticipantItem, type ParticipantType,
} from '../db/entities/conversation';
import type { OwnerRef } from '../db/entities/owner';
import { pageKey, pageMemberKey } from '../db/entities/page';
import { db } from '../db/service';
import { tallyChange } from '../db/items/message-tally';
import { failedChecks, named, txEntities, writeItems, type TxItem, type TxOutcome } from '../db/transact';
import { conditionCheck, deleteItem, updateItem } from '../db/write';
import { badRequest, conflict, forbidden, notFound, serviceUnavailable } from '../lib/errors';
import { hitRateLimit } from '../lib/rate-limit';
import type { Session } from '../lib/session/token';
import { isPageStaff, livePage } from '../pages/pages';
import { assertAuthorWasLive, authorLiveCheck } from '../users/author-live';
import { getUser } from '../users/users';
import {
  conversationFor, conversationIdOf, getConversation, getParticipant, justAbove, messageViewOf, ownerPkOf, previewOf, sideIn, sideRef, type Side,
} from './conversations';

const ATTEMPTS = 5;

/** The tally change of one participant: `delta` unread, and its conversation in or out of the collections. */
function tallyUpdate(p: Pick<ParticipantItem, 'participantType' | 'participantId' | 'conversationId' | 'otherType' | 'otherId'>, delta: number, collections: 'add' | 'remove' | 'keep'): TxItem {
  return tallyChange({
    ownerPk: ownerPkOf(p.participantType, p.participantId),
    unread: delta,
    ...(collections !== 'keep' ? { collections: { change: collections, conversationId: p.conversationId, otherType: p.otherType, otherId: p.otherId } } : {}),
  });
}

/** The participant's unread (and read marks, hidden and muted flags) set, guarded on the unread and muted it was read with. */
function participantReadUpdate(p: ParticipantItem, set: { unread: number; lastReadAt?: string; lastReadKey?: string; hidden?: boolean; clearedKey?: string; muted?: boolean }): TxItem {
  return updateItem({
    key: participantKey(p.conversationId, { type: p.participantType, id: p.participantId }),
    set,
    // Hidden: out of the inbox index.
    ...(set.hidden === true ? { remove: ['gsi1pk', 'gsi1sk'] } : {}),
    condition: and(exists(), eq('unread', p.unread), eq('muted', p.muted)),
  });
}

async function freshParticipant(conversationId: string, participant: OwnerRef): Promise<ParticipantItem> {
  const p = await getParticipant(conversationId, participant, true);
  if (!p) throw notFound('There is no such conversation', 'conversation');
  return p;
}

/** Runs `attempt` until its transaction lands; a guard that failed (a concurrent change) re-reads and retries. */
async function withRetries(attempt: () => Promise<TxOutcome | null>): Promise<void> {
  for (let i = 0; i < ATTEMPTS; i++) {
    const out = await attempt();
    if (!out || !out.canceled) return;
  }
  throw serviceUnavailable('The conversation changed meanwhile; please try again');
}

// ---------------------------------------------------------------- starting

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
  await livePage(pageId);
  const { data: membership } = await db().entities.pageMember.get({ pageId, userId }).go();
  if (membership?.status === 'member' && isPageStaff(membership.role)) {
    throw badRequest('You answer this page\'s messages yourself; write to a member instead', 'pageId');
  }
  const { convnId } = await ensureConversation(session, { id: userId, type: 'user' }, { id: pageId, type: 'page' }, 'tomypage', { userId, pageId });
  return { convnId };
}

// ---------------------------------------------------------------- sending

/** Whether a message of `side` came from that side (its own never count as unread). */
function fromSide(m: Pick<MessageItem, 'senderId' | 'asPageId'>, side: Pick<Side, 'type' | 'participantId'>): boolean {
  return side.type === 'page' ? m.asPageId === side.participantId : m.senderId === side.participantId && !m.asPageId;
}

function otherOf(conv: ConversationItem, side: Side): { id: string; type: ParticipantType } {
  if (conv.convType === 'tomypage') return side.type === 'page' ? { id: conv.userId!, type: 'user' } : { id: conv.pageId!, type: 'page' };
  return { id: conv.participantIds.find((p) => p !== side.participantId)!, type: 'user' };
}

async function claimedMessage(session: Session, id: string, conversationId: string): Promise<MessageItem | null> {
  const { data: claim } = await db().entities.messageClaim.get({ id }).go({ consistent: true });
  if (!claim) return null;
  if (claim.senderId !== session.userId || claim.conversationId !== conversationId) throw conflict('This message id is already taken; send with a new id', 'id');
  const { data } = await db().entities.message.get({ conversationId, sentMs: claim.sentMs, id }).go({ consistent: true });
  return (data as MessageItem | null) ?? null;
}

/** A page's staff member's role, as a condition of the write: a demotion that lands first cancels it. */
function staffCheck(pageId: string, userId: string): TxItem {
  return conditionCheck(pageMemberKey(pageId, userId), and(eq('status', 'member'), oneOf('role', ['creator', 'admin', 'moderator'])));
}

function pageLiveCheck(pageId: string): TxItem {
  return conditionCheck(pageKey(pageId), live());
}

function inboxPlacement(conversationId: string, participant: OwnerRef, at: string, preview: string, senderId: string, extra: { unreadBy?: number; guardMuted?: boolean }): TxItem {
  return updateItem({
    key: participantKey(conversationId, participant),
    // Back in the inbox index, at the top.
    set: { lastMessageAt: at, lastPreview: preview, lastSenderId: senderId, hidden: false, gsi1pk: inboxPk(participant), gsi1sk: inboxSk(at, conversationId) },
    ...(extra.unreadBy ? { add: { unread: extra.unreadBy } } : {}),
    condition: and(exists(), extra.guardMuted !== undefined ? eq('muted', extra.guardMuted) : undefined),
  });
}

/**
 * POST messages/new. The sender's own row moves to the top of their inbox (their own messages
 * never count as unread; their read mark is left to mark-as-seen). When the recipient
 * blocks the sender the answer is the same, but the message is withheld: stored for the sender's
 * own view only, counted nowhere, delivered to no one else.
 */
export async function sendMessage(session: Session, input: { id: string; conversation_id: string; content: string }): Promise<{ message: MessageView; created: boolean }> {
  // One strongly consistent BatchGet for the conversation and the id's claim.
  const first = await batchGet([conversationKey(input.conversation_id), messageClaimKey(input.id)], { consistent: true });
  const convItem = first.find((i) => i.sk === 'conv');
  const claimItem = first.find((i) => i.sk === 'msgid');
  const conv = convItem ? (db().entities.conversation.parse({ Item: convItem }).data as ConversationItem) : null;
  const side = await sideIn(conv, session);
  if (claimItem) {
    const again = await claimedMessage(session, input.id, conv!.id);
    if (again) return { message: messageViewOf(again), created: false };
  }
  await hitRateLimit('MESSAGE_USER', session.userId);
  return deliverMessage(session, conv!, side, input);
}

async function deliverMessage(session: Session, conv: ConversationItem, side: Side, input: { id: string; content: string }): Promise<{ message: MessageView; created: boolean }> {
  const other = otherOf(conv, side);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    // The recipient's side and, between two members, the blocks either way: one BatchGet.
    // A staff member answering as a page is withheld from a member who blocks them too.
    const memberToMember = conv.convType === 'user-to-user';
    const toBlocker = memberToMember || !!side.asPageId;
    const keys = [
      participantKey(conv.id, other),
      ...(memberToMember ? [blockKey(session.userId, other.id)] : []),
      ...(toBlocker ? [blockKey(other.id, session.userId)] : []),
    ];
    const found = await batchGet(keys, { consistent: true });
    const has = (k: { pk: string; sk: string }) => found.find((i) => i.pk === k.pk && i.sk === k.sk);
    if (memberToMember && has(blockKey(session.userId, other.id))) throw forbidden('You block this member: unblock them to write to them');
    const withheld = toBlocker && !!has(blockKey(other.id, session.userId));
    const recipientItem = has(participantKey(conv.id, other));
    if (!recipientItem) throw notFound('There is no such conversation', 'conversation_id');
    const recipient = withheld ? null : (db().entities.conversationParticipant.parse({ Item: recipientItem }).data as ParticipantItem);
    const nowMs = Date.now();
    const sentMs = String(nowMs).padStart(13, '0');
    const createdAt = new Date(nowMs).toISOString();
    const preview = previewOf(input.content);
    const message = {
      conversationId: conv.id, id: input.id, sentMs, senderId: session.userId, content: input.content, createdAt,
      ...(side.asPageId ? { asPageId: side.asPageId } : {}),
      ...(withheld ? { withheld: true } : {}),
    };
    const { message: messageEntity, messageClaim } = txEntities();
    const items: TxItem[] = [
      named('message-id-free', messageClaim.create({ id: input.id, conversationId: conv.id, senderId: session.userId, sentMs }).commit()),
      messageEntity.create(message).commit(),
      authorLiveCheck(session.userId),
      named('sender-in-conversation', inboxPlacement(conv.id, sideRef(side), createdAt, preview, session.userId, {})),
    ];
    if (recipient) {
      items.push(inboxPlacement(conv.id, { type: recipient.participantType, id: recipient.participantId }, createdAt, preview, session.userId, { unreadBy: 1, guardMuted: recipient.muted }));
      if (!recipient.muted) items.push(tallyUpdate(recipient, 1, 'add'));
    }
    if (side.asPageId) items.push(named('still-page-staff', staffCheck(side.asPageId, session.userId)));
    else if (conv.convType === 'tomypage' && conv.pageId) items.push(named('page-live', pageLiveCheck(conv.pageId)));
    const out = await writeItems(items);
    if (!out.canceled) return { message: messageViewOf(message as MessageItem), created: true };
    const failed = failedChecks(out, items);
    if (failed.has('message-id-free')) {
      const same = await claimedMessage(session, input.id, conv.id);
      if (same) return { message: messageViewOf(same), created: false };
    }
    await assertAuthorWasLive(out, items, session.userId);
    if (failed.has('sender-in-conversation')) throw notFound('There is no such conversation', 'conversation_id');
    if (side.asPageId && failed.has('still-page-staff')) throw notFound('There is no such conversation', 'conversation_id');
    if (!side.asPageId && conv.convType === 'tomypage' && failed.has('page-live')) throw notFound('This page no longer exists', 'conversation_id');
    // The recipient muted, unmuted or left meanwhile: read again.
  }
  throw serviceUnavailable('The conversation changed meanwhile; please try again');
}

// ---------------------------------------------------------------- reading

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
    if (!p.muted && unread !== p.unread) items.push(tallyUpdate(p, unread - p.unread, unread === 0 ? 'remove' : 'keep'));
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

// ---------------------------------------------------------------- hiding and muting

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
    if (!p.muted && p.unread > 0) items.push(tallyUpdate(p, -p.unread, 'remove'));
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
    if (p.unread > 0) items.push(tallyUpdate(p, muted ? -p.unread : p.unread, muted ? 'remove' : 'add'));
    return writeItems(items);
  });
  return muted;
}

// ---------------------------------------------------------------- erasing

/** Removes a conversation for everyone: the metadata (no send lands after it), each side with its tally's share, then the messages and their claims. */
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
      if (!p.muted && p.unread > 0) items.push(tallyUpdate(p, -p.unread, 'remove'));
      return writeItems(items);
    });
  }
  let start: Record<string, unknown> | undefined;
  do {
    const out = await queryPage(convPk(conversationId), { attributes: ['pk', 'sk', 'id', '__edb_e__'], ...(start ? { start } : {}) });
    const keys: TableKey[] = [];
    for (const item of out.items) {
      keys.push({ pk: String(item.pk), sk: String(item.sk) });
      if (item.__edb_e__ === 'message') keys.push(messageClaimKey(String(item.id)));
    }
    await batchDelete(keys);
    start = out.next;
  } while (start);
}

/** Account deletion's first step: every conversation the member takes part in, erased. */
export async function eraseAllConversationsOf(userId: string): Promise<number> {
  const { data } = await db().entities.conversationParticipant.query.byParticipant({ participantType: 'user', participantId: userId }).go({ pages: 'all' });
  for (const p of data) await eraseConversation(p.conversationId);
  return data.length;
}

