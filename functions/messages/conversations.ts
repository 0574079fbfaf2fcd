/**
 * Conversations as they are read (M1–M6 in docs/data-model.md): who the caller speaks as in a
 * conversation, the cards of both sides, the inbox (one Query), a conversation's messages (one
 * Query, over-read past withheld messages at most 3 times) and the unread tallies. The writes are
 * starting.ts, sending.ts, reading.ts, hiding.ts and erasing.ts (what they share: participant-writes.ts).
 */
import type { ConversationAnswer, ConversationRow, MessageView, Party, UnreadCollections } from '../../shared/answers/messages';
import { PAGE_SIZE } from '../../shared/constants';
import { batchGet, queryPage } from '../db/batch';
import {
  conversationIdOf, convPk, messageSk, messageTallyKey,
  type ConversationItem, type MessageItem, type MessageTallyItem, type ParticipantItem, type ParticipantType,
} from '../db/entities/conversation';
import { ownerPk, ownerRefKey, type OwnerRef } from '../db/entities/owner';
import { pageKey, type PageItem } from '../db/entities/page';
import { userKey, type UserItem } from '../db/entities/user';
import { db } from '../db/service';
import { notFound } from '../lib/errors';
import { encodeCursor, readCursor } from '../lib/paging';
import type { Session } from '../lib/session/token';
import { isPageStaff } from '../pages/pages';
import { ownersOfIds } from '../users/owner-ids';
import { getUser } from '../users/users';
import { photoViewsOf } from './photos';

/** The owner partition of a participant's tally. */
export const ownerPkOf = (type: ParticipantType, id: string): string => ownerPk({ type, id });
export { conversationIdOf };

export async function getConversation(id: string, consistent = false): Promise<ConversationItem | null> {
  const { data } = await db().entities.conversation.get({ id }).go({ consistent });
  return (data as ConversationItem | null) ?? null;
}

export async function getParticipant(conversationId: string, p: OwnerRef, consistent = false): Promise<ParticipantItem | null> {
  const { data } = await db().entities.conversationParticipant.get({ conversationId, participantType: p.type, participantId: p.id }).go({ consistent });
  return (data as ParticipantItem | null) ?? null;
}

/** The pages a member answers messages for (admin or moderator), by id. */
export async function pagesStaffedBy(userId: string): Promise<string[]> {
  const { data } = await db().entities.pageMember.query.byUser({ userId }).begins({ status: 'member' }).go({ pages: 'all' });
  return data.filter((m) => m.status === 'member' && isPageStaff(m.role)).map((m) => m.pageId);
}

/** The members who answer for a page: its creator, admins and moderators. */
export async function staffOf(pageId: string): Promise<string[]> {
  const { data } = await db().entities.pageMember.query.members({ pageId }).lt({ roleRank: '3' }).go({ pages: 'all' });
  return data.filter((m) => isPageStaff(m.role)).map((m) => m.userId);
}

/** Whether the member may answer for the page now (a strongly consistent read of their role). */
export async function answersForPage(pageId: string, userId: string): Promise<boolean> {
  const { data } = await db().entities.pageMember.get({ pageId, userId }).go({ consistent: true });
  return !!data && data.status === 'member' && isPageStaff(data.role);
}

/** The side of a conversation a member speaks as: themself, or the page they answer for. */
export interface Side {
  participantId: string;
  type: ParticipantType;
  /** The member acting. */
  userId: string;
  /** Set when the member acts as the page. */
  asPageId?: string;
}

/**
 * The caller's side of a conversation; 404 (as for a conversation that does not exist) when they
 * take no part in it. A member who is both a participant and the page's staff speaks as themself.
 */
export async function sideIn(conv: ConversationItem | null, session: Session): Promise<Side> {
  if (conv) {
    const asMember = conv.convType === 'tomypage' ? conv.userId === session.userId : conv.participantIds.includes(session.userId);
    if (asMember) return { participantId: session.userId, type: 'user', userId: session.userId };
    // Answering for a page takes a registered, unsuspended, live account and a staff role now.
    if (conv.convType === 'tomypage' && conv.pageId && session.registered && !session.suspended) {
      const [staff, user] = await Promise.all([answersForPage(conv.pageId, session.userId), getUser(session.userId)]);
      if (staff && user && !user.deletedAt) return { participantId: conv.pageId, type: 'page', userId: session.userId, asPageId: conv.pageId };
    }
  }
  throw notFound('There is no such conversation', 'conversation');
}

/** The participant a side speaks as. */
export const sideRef = (side: Pick<Side, 'type' | 'participantId'>): OwnerRef => ({ type: side.type, id: side.participantId });

/** The conversation and the caller's side in it; 404 for both "absent" and "not yours". */
export async function conversationFor(session: Session, id: string): Promise<{ conv: ConversationItem; side: Side }> {
  const conv = await getConversation(id, true);
  const side = await sideIn(conv, session);
  return { conv: conv!, side };
}

/** Cards of members and pages by `ownerRefKey` (one BatchGet). */
export async function partiesOf(refs: { type: ParticipantType; id: string }[]): Promise<Map<string, Party>> {
  const keys = refs.map((r) => (r.type === 'user' ? userKey(r.id) : pageKey(r.id)));
  const items = keys.length ? await batchGet(keys) : [];
  const out = new Map<string, Party>();
  for (const item of items) {
    if (item.__edb_e__ === 'user') {
      const u = db().entities.user.parse({ Item: item }).data as UserItem | null;
      if (u) out.set(ownerRefKey('user', u.uuid), userParty(u));
    } else if (item.__edb_e__ === 'page') {
      const p = db().entities.page.parse({ Item: item }).data as PageItem | null;
      if (p) out.set(ownerRefKey('page', p.id), pageParty(p));
    }
  }
  for (const r of refs) if (!out.has(ownerRefKey(r.type, r.id))) out.set(ownerRefKey(r.type, r.id), goneParty(r.type, r.id));
  return out;
}

export function userParty(u: UserItem): Party {
  if (u.deletedAt || !u.username) return goneParty('user', u.uuid);
  const name = [u.firstName, u.lastName].filter(Boolean).join(' ').trim();
  return { type: 'user', id: u.uuid, handle: u.username, name: name || u.username, avatar: u.avatar ?? null };
}

export function pageParty(p: PageItem): Party {
  if (p.deletedAt) return goneParty('page', p.id);
  return { type: 'page', id: p.id, handle: p.handle, name: p.name, avatar: p.avatar ?? null };
}

function goneParty(type: ParticipantType, id: string): Party {
  return type === 'user'
    ? { type, id, handle: 'former-member', name: 'Former member', avatar: null }
    : { type, id, handle: 'former-page', name: 'Former page', avatar: null };
}

export function rowOf(p: ParticipantItem, parties: Map<string, Party>): ConversationRow {
  return {
    id: p.conversationId,
    convType: p.convType,
    me: parties.get(ownerRefKey(p.participantType, p.participantId)) ?? goneParty(p.participantType, p.participantId),
    with: parties.get(ownerRefKey(p.otherType, p.otherId)) ?? goneParty(p.otherType, p.otherId),
    lastMessageAt: p.lastMessageAt,
    lastPreview: p.lastPreview ?? null,
    lastSenderId: p.lastSenderId ?? null,
    unread: Math.max(0, p.unread),
    muted: p.muted,
  };
}

/** A message as its reader sees it, without its photos' URLs (`withPhotoUrls` signs them). */
export function messageViewOf(m: MessageItem): MessageView {
  const view = { id: m.id, conversationId: m.conversationId, content: m.content, senderId: m.senderId, asPageId: m.asPageId ?? null, createdAt: m.createdAt };
  // Hidden by an admin: both sides get the placeholder's flag, never the text nor the photos.
  return m.hiddenAt ? { ...view, content: '', hidden: true } : view;
}

/** A message as its reader sees it, with fresh GETs of its photos: only for a reader already found a participant. */
export async function withPhotoUrls(m: MessageItem): Promise<MessageView> {
  const view = messageViewOf(m);
  const photos = await photoViewsOf(m);
  return photos ? { ...view, photos } : view;
}

/** An inbox row's preview when its last message was hidden by an admin. */
export const HIDDEN_PREVIEW = 'Hidden by an admin';

/** The preview an inbox row shows: the message's start on one line. */
export function previewOf(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}

const INBOX_CURSOR = /^(\d{4}-\d\d-\d\dT[\d:.]+Z)#([0-9a-f-]{36})$/;

/** A participant's inbox, newest activity first: one Query of `inbox#<kind>#<participantId>`. */
export async function inboxOf(participant: OwnerRef, cursorId: string | undefined): Promise<{ items: ParticipantItem[]; cursorId: string | null }> {
  const after = readCursor(cursorId, 'cursorId', {
    maxLength: 200,
    message: 'cursorId is not a cursor of this inbox; start again from the first page',
    parse: (t) => (INBOX_CURSOR.test(t) ? t : null),
  });
  let query = db().entities.conversationParticipant.query.inbox({ participantType: participant.type, participantId: participant.id });
  if (after) {
    const [, at, conversationId] = INBOX_CURSOR.exec(after)!;
    query = query.lt({ lastMessageAt: at!, conversationId: conversationId! }) as typeof query;
  }
  const { data } = await query.go({ order: 'desc', limit: PAGE_SIZE + 1 });
  const items = (data as ParticipantItem[]).slice(0, PAGE_SIZE);
  const last = items[items.length - 1];
  return { items, cursorId: data.length > PAGE_SIZE && last ? encodeCursor(`${last.lastMessageAt}#${last.conversationId}`) : null };
}

const MESSAGE_CURSOR = /^msg#\d{13}#[0-9a-f-]{36}$/;

/** The least key above `key`. */
export function justAbove(key: string): string {
  return `${key}\u0000`;
}

/** The greatest key of the message format below `key` (a Query's BETWEEN is inclusive). */
export function justBelow(key: string): string {
  return `${key.slice(0, -1)}${String.fromCharCode(key.charCodeAt(key.length - 1) - 1)}\uffff`;
}
/** Reads at most this many times to fill a page past messages withheld from the reader. */
const MAX_READS = 3;

/**
 * A conversation's messages, newest first, as the side `side` may see them: messages withheld
 * from it (sent by a member its member blocks) are shown to their sender only. The page comes
 * back full unless more than MAX_READS reads would be needed.
 */
export async function messagesOf(conversationId: string, readerUserId: string, cursorId: string | undefined, floorKey?: string, field = 'cursorId'): Promise<{ items: MessageItem[]; cursorId: string | null }> {
  let before = readCursor(cursorId, field, {
    maxLength: 200,
    message: `${field} is not a cursor of this conversation; start again from the newest messages`,
    parse: (t) => (MESSAGE_CURSOR.test(t) ? t : null),
  });
  const items: MessageItem[] = [];
  // A cursor at or below what this side cleared (an old cursor after hiding) leads to nothing.
  if (before && floorKey && before <= floorKey) return { items, cursorId: null };
  for (let read = 0; read < MAX_READS && items.length < PAGE_SIZE; read++) {
    const want = PAGE_SIZE - items.length;
    const out = await queryPage(convPk(conversationId), { between: [floorKey ? justAbove(floorKey) : 'msg#', before ? justBelow(before) : 'msg#\uffff'], newestFirst: true, limit: want + 1 });
    const data = out.items.map((i) => db().entities.message.parse({ Item: i }).data as MessageItem | null).filter((m): m is MessageItem => !!m);
    const page = data.slice(0, want);
    items.push(...page.filter((m) => !m.withheld || m.senderId === readerUserId));
    const last = page[page.length - 1];
    if (data.length <= want || !last) return { items, cursorId: null };
    before = messageSk(last.sentMs, last.id);
  }
  return { items, cursorId: before ? encodeCursor(before) : null };
}

export interface MemberTally {
  unreadMsgsTally: number;
  unread: UnreadCollections;
}

/**
 * A member's unread messages and collections: their own tally item and those of the pages they
 * answer for (one Query for the pages, one BatchGet for the tallies), each count kept on write;
 * the collections are the unread index of each (M5b: one Query each, in parallel), whose items
 * are exactly the participants with unread messages that are not muted.
 */
export async function memberTally(userId: string): Promise<MemberTally> {
  const pageIds = await pagesStaffedBy(userId);
  const owners = ownersFor(userId, pageIds);
  const [total, unreadSides] = await Promise.all([unreadCountOf(owners), Promise.all(owners.map((o) => unreadOf(o)))]);
  const [own = [], ...ofPages] = unreadSides;
  const users = new Set<string>();
  const pages = new Set<string>();
  const onMyPages = new Set<string>();
  for (const p of own) (p.otherType === 'user' ? users : pages).add(p.otherId);
  for (const [i, sides] of ofPages.entries()) {
    for (const p of sides) {
      onMyPages.add(p.conversationId);
      if (p.otherType === 'user') users.add(p.otherId);
    }
    if (sides.length) pages.add(pageIds[i]!);
  }
  return {
    unreadMsgsTally: total,
    unread: {
      conversationsNotOnMyPages: own.map((p) => p.conversationId).sort(),
      conversationsOnMyPages: [...onMyPages].sort(),
      users: [...users].sort(),
      pages: [...pages].sort(),
    },
  };
}

/** The member and the pages they answer for. */
const ownersFor = (userId: string, pageIds: string[]): OwnerRef[] => [{ type: 'user', id: userId }, ...pageIds.map((id) => ({ type: 'page' as const, id }))];

/** The unread messages of these owners: their tallies, kept on write (one BatchGet). */
async function unreadCountOf(owners: OwnerRef[]): Promise<number> {
  const items = await batchGet(owners.map((o) => messageTallyKey(ownerPkOf(o.type, o.id))));
  const tallies = items.map((i) => db().entities.messageTally.parse({ Item: i }).data as MessageTallyItem | null).filter((t): t is MessageTallyItem => !!t);
  return tallies.reduce((sum, t) => sum + Math.max(0, t.unread), 0);
}

/** `unreadMsgsTally` alone (the badge, the tally frame): the member's tally and their pages' (one Query, one BatchGet). */
export async function memberUnreadCount(userId: string): Promise<number> {
  return unreadCountOf(ownersFor(userId, await pagesStaffedBy(userId)));
}

/** A participant's conversations with unread messages, not muted: its unread index (M5b). */
async function unreadOf(owner: OwnerRef): Promise<ParticipantItem[]> {
  const { data } = await db().entities.conversationParticipant.query.unread({ participantType: owner.type, participantId: owner.id }).go({ pages: 'all' });
  // An index copy a moment behind its item can still show it read or muted: left out.
  return (data as ParticipantItem[]).filter((p) => p.unread > 0 && !p.muted);
}

/**
 * The conversation of a and b (bare ids: each one's kind comes from its claim) as the caller's
 * side sees it, from `cursor` back. Ids nobody holds name no conversation (404).
 */
export async function readConversation(session: Session, a: string, b: string, cursor: string | undefined, field: string): Promise<ConversationAnswer> {
  const owners = await ownersOfIds([a.toLowerCase(), b.toLowerCase()]);
  const [x, y] = [owners.get(a.toLowerCase()), owners.get(b.toLowerCase())];
  if (!x || !y) throw notFound('There is no such conversation', 'conversation');
  const { conv, side } = await conversationFor(session, conversationIdOf(x, y));
  const me = await getParticipant(conv.id, sideRef(side));
  if (!me) throw notFound('There is no such conversation', 'conversation');
  const [page, parties] = await Promise.all([
    messagesOf(conv.id, session.userId, cursor, me.clearedKey, field),
    partiesOf([{ type: me.participantType, id: me.participantId }, { type: me.otherType, id: me.otherId }]),
  ]);
  return { conversation: rowOf(me, parties), messages: await Promise.all(page.items.map(withPhotoUrls)), cursorId: page.cursorId };
}
