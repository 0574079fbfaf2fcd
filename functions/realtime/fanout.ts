/**
 * Fan-out: from a changed item to the frames its members' open sockets receive. Both hosts call
 * it with the item as it now stands; they differ only in how the item gets here (the table's
 * stream in the cloud, functions/realtime/local.ts in the local host) and in the sink that
 * carries a frame to a socket (API Gateway's postToConnection, or a `ws` socket).
 * - a message → every participant's sockets (a page's: its admins' and moderators'), the sender's
 *   other tabs included; a withheld message → its sender's only;
 * - a notification → its recipient's, with their notification tally;
 * - a message tally → the member's (a page's: each of its staff's) unreadMsgsTally;
 * - a date's attendance counts (a member answered, left, or moved up from the waitlist) →
 *   `changed` event (its randomId, as the SPA's address has it) to everyone with an answer on any
 *   of its dates and to its staff;
 * - a page membership → `changed` page to the member and the page's staff;
 * - a comment → `changed` thread (the post's id) to the post's author and its commenters.
 * `changed` says only what to read again, to those who may already read it; it never repeats what
 * `message`, `notification` and `messages-tally` carry. Each list of members is capped.
 * A connection the sink finds gone is removed.
 *
 * What a send's fan-out reads is kept small, as it adds to the time a message takes to arrive
 * (budget: a fifth of the send's own time, docs/budgets.md): a member's live connections are read
 * once for all the items of one batch (a send's message and its tally reach the same sockets), and
 * a conversation's sides, which never change, are remembered by the instance.
 */
import type { ServerFrame } from '../../shared/realtime';
import type { MessageItem, MessageTallyItem, ParticipantType } from '../db/entities/conversation';
import type { NotificationItem } from '../db/entities/notification';
import { batchGet, queryPage } from '../db/batch';
import { DATE_COUNTS_MARKER } from '../db/items/date-counts';
import type { CommentItem } from '../db/entities/comment';
import type { PageMemberItem } from '../db/entities/page';
import { sessionKey } from '../db/entities/session';
import { db } from '../db/service';
import { logger } from '../lib/logger';
import { usableFamily } from '../lib/session/live';
import { getConversation, memberUnreadCount, staffOf } from '../messages/conversations';
import { getEvent } from '../events/events';
import { getPostItem } from '../posts/post-item';
import { unreadTally, withActor } from '../notifications/notifications';
import { usersAnd } from '../users/cards';
import { connectionsWithSessions, removeConnection } from './connections';

export interface FrameSink {
  /** Sends a frame's text to one connection; 'gone' when the connection no longer exists. */
  send(connectionId: string, frame: string): Promise<'sent' | 'gone'>;
  /** Closes one connection whose item was deleted; a connection that no longer exists is no error. */
  close(connectionId: string): Promise<void>;
}

/** The entities whose changes reach sockets. */
export const FANOUT_ENTITIES = ['message', 'notification', 'messageTally', DATE_COUNTS_MARKER, 'pageMember', 'comment'] as const;

/** Entities whose new items alone reach sockets: a comment's later changes are its counts (replies, reactions). */
export const FANOUT_ON_INSERT_ONLY: readonly string[] = ['comment'];

/** At most this many members get one `changed` frame (an event's answerers, a thread's commenters). */
export const CHANGED_RECIPIENTS_MAX = 500;

/**
 * The connections among these whose session is still live; the others are removed (which closes
 * their sockets). A revocation removes its session's connections itself, finding them through an
 * index that may lag behind a handshake that has just stored one: such a socket gets no frame
 * here, and goes at the first one.
 */
async function liveOnly(userId: string, connections: { connectionId: string; familyId?: string }[]): Promise<string[]> {
  if (!connections.length) return [];
  const familyIds = [...new Set(connections.flatMap((c) => (c.familyId ? [c.familyId] : [])))];
  const families = familyIds.length ? await batchGet(familyIds.map((familyId) => sessionKey(userId, familyId)), { consistent: true }) : [];
  const live = new Set(families.map((item) => db().entities.session.parse({ Item: item }).data).filter(usableFamily).map((f) => f.familyId));
  const isLive = (c: { familyId?: string }) => !!c.familyId && live.has(c.familyId);
  const [keep, drop] = [connections.filter(isLive), connections.filter((c) => !isLive(c))];
  await Promise.all(drop.map((c) => removeConnection(c.connectionId)));
  return keep.map((c) => c.connectionId);
}

/** Each member's live connections, read once for a batch of items (member id → their connection ids). */
export type LiveConnections = Map<string, Promise<string[]>>;

/** Sends `frame` to every open socket of each member whose session is still live. */
export async function deliver(userIds: Iterable<string>, frame: ServerFrame | ((userId: string) => Promise<ServerFrame>), sink: FrameSink, live: LiveConnections = new Map()): Promise<number> {
  let sent = 0;
  await Promise.all(
    [...new Set(userIds)].map(async (userId) => {
      let found = live.get(userId);
      if (!found) {
        found = connectionsWithSessions(userId).then((all) => liveOnly(userId, all));
        live.set(userId, found);
      }
      const connections = await found;
      if (!connections.length) return;
      const text = JSON.stringify(typeof frame === 'function' ? await frame(userId) : frame);
      await Promise.all(
        connections.map(async (id) => {
          if ((await sink.send(id, text)) === 'gone') await removeConnection(id);
          else sent++;
        }),
      );
    }),
  );
  return sent;
}

/** The members behind a participant: the member, or the page's staff. */
async function membersOf(type: 'user' | 'page', id: string): Promise<string[]> {
  return type === 'user' ? [id] : staffOf(id);
}

/** Conversations' sides (written once, never changed), remembered by the instance up to a bound. */
const SIDES_KEPT = 10_000;
const sidesKept = new Map<string, [ParticipantType, string][]>();

async function sidesOf(conversationId: string): Promise<[ParticipantType, string][] | null> {
  const kept = sidesKept.get(conversationId);
  if (kept) return kept;
  const conv = await getConversation(conversationId);
  if (!conv) return null;
  const sides: [ParticipantType, string][] = conv.convType === 'tomypage' ? [['user', conv.userId!], ['page', conv.pageId!]] : conv.participantIds.map((id) => ['user', id]);
  if (sidesKept.size >= SIDES_KEPT) sidesKept.clear();
  sidesKept.set(conversationId, sides);
  return sides;
}

async function messageFanOut(item: MessageItem, sink: FrameSink, live: LiveConnections): Promise<void> {
  const frame: ServerFrame = {
    type: 'message',
    data: {
      conversationId: item.conversationId,
      // Hidden by an admin (the item changed): the placeholder's flag in place of the text.
      message: {
        id: item.id,
        content: item.hiddenAt ? '' : item.content,
        senderId: item.senderId,
        ...(item.asPageId ? { asPageId: item.asPageId } : {}),
        createdAt: item.createdAt,
        ...(item.hiddenAt ? { hidden: true as const } : {}),
        // Ids only: the URLs are signed for a reader when the client reads the conversation again.
        ...(item.photos?.length && !item.hiddenAt ? { photos: item.photos.map((p) => ({ id: p.id })) } : {}),
      },
    },
  };
  if (item.withheld) {
    await deliver([item.senderId], frame, sink, live);
    return;
  }
  const sides = await sidesOf(item.conversationId);
  if (!sides) return;
  const members = await Promise.all(sides.map(([type, id]) => membersOf(type, id)));
  await deliver(members.flat(), frame, sink, live);
}

async function notificationFanOut(item: NotificationItem, sink: FrameSink, live: LiveConnections): Promise<void> {
  const { users } = await usersAnd(item.actorId ? [item.actorId] : []);
  const notification = withActor(item, users);
  await deliver([item.recipientId], async () => ({ type: 'notification', data: { notification, tally: await unreadTally(item.recipientId) } }), sink, live);
}

async function tallyFanOut(item: MessageTallyItem, sink: FrameSink, live: LiveConnections): Promise<void> {
  const [type, id] = item.ownerPk.split('#') as ['user' | 'page', string];
  const members = await membersOf(type, id);
  await deliver(members, async (userId) => ({ type: 'messages-tally', data: { unreadMsgsTally: await memberUnreadCount(userId) } }), sink, live);
}

type ChangedKind = 'event' | 'page' | 'thread';
const changed = (kind: ChangedKind, id: string): ServerFrame => ({ type: 'changed', data: { kind, id } });

/** The distinct values of `attribute` among the partition's items whose sort key starts with `prefix`, at most `max`. */
async function distinctIn(pk: string, prefix: string, attribute: string, max: number): Promise<string[]> {
  const out = new Set<string>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await queryPage(pk, { prefix, attributes: [attribute], ...(start ? { start } : {}) });
    for (const item of page.items) {
      const value = item[attribute];
      if (typeof value === 'string') out.add(value);
      if (out.size >= max) return [...out];
    }
    start = page.next;
  } while (start);
  return [...out];
}

async function eventChanged(raw: Record<string, unknown>, sink: FrameSink, live: LiveConnections): Promise<void> {
  const eventId = String(raw.pk).slice('event#'.length);
  const event = await getEvent(eventId);
  if (!event || event.deletedAt) return;
  const [answered, staff] = await Promise.all([
    distinctIn(String(raw.pk), 'attend#', 'userId', CHANGED_RECIPIENTS_MAX),
    event.ownerType === 'page' ? staffOf(event.ownerId) : Promise.resolve([event.ownerId]),
  ]);
  await deliver([...staff, ...answered], changed('event', event.randomId), sink, live);
}

async function pageChanged(item: PageMemberItem, sink: FrameSink, live: LiveConnections): Promise<void> {
  await deliver([item.userId, ...(await staffOf(item.pageId))], changed('page', item.pageId), sink, live);
}

async function threadChanged(item: CommentItem, sink: FrameSink, live: LiveConnections): Promise<void> {
  const post = await getPostItem(item.postId);
  if (!post || post.deletedAt) return;
  const commenters = await distinctIn(`post#${item.postId}`, 'comment#', 'authorId', CHANGED_RECIPIENTS_MAX);
  await deliver([post.authorId, ...commenters], changed('thread', item.postId), sink, live);
}

/** Fans out one changed item (its new image, as the table holds it); items of other entities are ignored. */
export async function fanOutItem(raw: Record<string, unknown>, sink: FrameSink, live: LiveConnections = new Map()): Promise<void> {
  const entities = db().entities;
  switch (raw.__edb_e__) {
    case 'message': {
      const item = entities.message.parse({ Item: raw }).data as MessageItem | null;
      if (item) await messageFanOut(item, sink, live);
      return;
    }
    case 'notification': {
      const item = entities.notification.parse({ Item: raw }).data as NotificationItem | null;
      if (item) await notificationFanOut(item, sink, live);
      return;
    }
    case 'messageTally': {
      const item = entities.messageTally.parse({ Item: raw }).data as MessageTallyItem | null;
      if (item) await tallyFanOut(item, sink, live);
      return;
    }
    case DATE_COUNTS_MARKER:
      await eventChanged(raw, sink, live);
      return;
    case 'pageMember': {
      const item = entities.pageMember.parse({ Item: raw }).data as PageMemberItem | null;
      if (item) await pageChanged(item, sink, live);
      return;
    }
    case 'comment': {
      const item = entities.comment.parse({ Item: raw }).data as CommentItem | null;
      if (item) await threadChanged(item, sink, live);
      return;
    }
    default:
      return;
  }
}

/** Fans out each item; one that fails is logged and does not stop the others. */
export async function fanOutItems(items: Record<string, unknown>[], sink: FrameSink, live: LiveConnections = new Map()): Promise<void> {
  await Promise.all(
    items.map((item) =>
      fanOutItem(item, sink, live).catch((err: unknown) => logger.error('Realtime fan-out failed', { error: err as Error, entity: String(item.__edb_e__), pk: String(item.pk) })),
    ),
  );
}
