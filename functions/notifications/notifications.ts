/**
 * Notifications (N1) and the unread tally (N2). Later features (reactions, comments, attendance)
 * put `notificationWrite(...)` items into their own transaction, so the notification and the
 * tally change land together with the action that causes them, or not at all.
 */
import { randomUUID } from 'node:crypto';
import type { NotificationTargetType, NotificationView } from '../../shared/answers/notifications';
import { plantName } from '../../shared/format';
import type { NotificationKind } from '../../shared/schemas/notifications';
import { notificationsPartition, type NotificationItem } from '../db/entities/notification';
import type { MailScope } from '../db/items/pending-mail';
import type { PostItem } from '../db/entities/post';
import type { UserItem } from '../db/entities/user';
import { db } from '../db/service';
import { failedChecks, named, txEntities, writeItems, type TxItem } from '../db/transact';
import { PAGE_SIZE } from '../../shared/constants';
import { onePage, type Page } from '../lib/paging';
import { responderOf, usersAnd } from '../users/cards';
import { mailWait } from './mail-wait';

export interface NotificationFields {
  kind: NotificationKind;
  actorId?: string;
  targetType?: NotificationTargetType;
  targetId?: string;
  text?: string;
  /** What it is about, by name (targetNameOf, excerpt). */
  targetName?: string;
  immutable?: boolean;
}

/** A notification names a post or a comment by its start: the first line, cut at a word to at most this many characters. */
export const TARGET_EXCERPT = 48;

/** "Just repotted my monstera and it is so happy\nMore…" → "Just repotted my monstera and it is so…"; '' for a blank text. */
export function excerpt(text: string, max = TARGET_EXCERPT): string {
  const line = (text.split(/\r?\n/).find((l) => l.trim()) ?? '').trim().replace(/\s+/g, ' ');
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s.,;:!?-]+$/u, '')}…`;
}

/** A post or plant by name: the plant's common name as lists show it, or the start of the post (undefined when it has no text). */
export function targetNameOf(post: Pick<PostItem, 'kind' | 'text' | 'plant'>): string | undefined {
  const common = post.kind === 'plant' ? (post.plant as { commonName?: unknown } | undefined)?.commonName : undefined;
  const name = typeof common === 'string' && common.trim() ? plantName(common) : excerpt(post.text ?? '');
  return name || undefined;
}

/** `<creation time in ms, 13 digits>-<uuid>`: the id alone gives the item's sort key. */
export function newNotificationId(nowMs = Date.now()): string {
  return `${String(nowMs).padStart(13, '0')}-${randomUUID()}`;
}

function createdAtOf(id: string): string {
  return new Date(Number(id.slice(0, 13))).toISOString();
}

/** A notification as the list and the socket give it, its actor (if any) read from `users`. */
export function withActor(item: NotificationItem, users: Map<string, UserItem>): NotificationView {
  return { ...toNotification(item), actor: item.actorId ? responderOf(users.get(item.actorId), item.actorId) : null };
}

export function toNotification(item: NotificationItem): NotificationView {
  return {
    id: item.id,
    kind: item.kind,
    actorId: item.actorId ?? null,
    actor: null,
    // Written only from NotificationFields, whose targetType is one of NOTIFICATION_TARGET_TYPES.
    targetType: (item.targetType as NotificationTargetType | undefined) ?? null,
    targetId: item.targetId ?? null,
    text: item.text ?? null,
    ...(item.targetName ? { targetName: item.targetName } : {}),
    seen: item.seen,
    immutable: item.immutable,
    createdAt: item.createdAt,
  };
}

/**
 * The transaction items of one notification: its put and the recipient's tally +1, and with
 * `mailAbout` the mail it waits in (functions/notifications/mail-wait.ts: comments and replies
 * under a post, an event's changes). Empty when the actor is the recipient: nobody is notified of
 * their own action (reacting to or commenting on one's own post notifies no one).
 */
export function notificationWrite(recipientId: string, fields: NotificationFields, { mailAbout, nowMs = Date.now() }: { mailAbout?: MailScope; nowMs?: number } = {}): TxItem[] {
  if (fields.actorId !== undefined && fields.actorId === recipientId) return [];
  const id = newNotificationId(nowMs);
  const { actorId, targetType, targetId, text, targetName, immutable, kind } = fields;
  const item = {
    recipientId, id, kind, createdAt: new Date(nowMs).toISOString(), seen: false, immutable: immutable ?? false,
    ...(actorId !== undefined ? { actorId } : {}),
    ...(targetType !== undefined ? { targetType } : {}),
    ...(targetId !== undefined ? { targetId } : {}),
    ...(text !== undefined ? { text } : {}),
    ...(targetName ? { targetName } : {}),
  };
  const { notification, notificationTally } = txEntities();
  return [
    notification.create(item).commit(),
    notificationTally.update({ recipientId }).add({ unread: 1 }).commit(),
    ...(mailAbout ? [mailWait(mailAbout, { type: 'user', id: recipientId }, id, nowMs)] : []),
  ];
}

/** Writes one notification with its tally change on its own; false when nothing was written (self). */
export async function writeNotification(recipientId: string, fields: NotificationFields): Promise<boolean> {
  const items = notificationWrite(recipientId, fields);
  if (!items.length) return false;
  const out = await writeItems(items);
  if (out.canceled) throw new Error(`notification write cancelled: ${JSON.stringify(out.data)}`);
  return true;
}

export async function unreadTally(userId: string): Promise<number> {
  const { data } = await db().entities.notificationTally.get({ recipientId: userId }).go();
  return Math.max(0, data?.unread ?? 0);
}

/** The user's notifications, newest first: one Query per page. */
export async function notificationsOf(userId: string, cursorId: string | undefined): Promise<Page<NotificationView>> {
  const page = await onePage(cursorId, notificationsPartition(userId), (cursor) =>
    db().entities.notification.query.byRecipient({ recipientId: userId }).go({ cursor, limit: PAGE_SIZE, order: 'desc' }),
  );
  const { users } = await usersAnd(page.items.flatMap((n) => (n.actorId ? [n.actorId] : [])));
  return { items: page.items.map((n) => withActor(n, users)), cursorId: page.cursorId };
}

/** The user's notifications among `ids` that are still unseen (ids of others' simply are not there). */
export async function unseenAmong(userId: string, ids: string[]): Promise<NotificationItem[]> {
  if (!ids.length) return [];
  const keys = ids.map((id) => ({ recipientId: userId, createdAt: createdAtOf(id), id }));
  const { data } = await db().entities.notification.get(keys).go();
  return data.filter((n) => !n.seen);
}

/** Every unseen notification of the user (the "mark all" case): a Query of the partition. */
async function allUnseen(userId: string): Promise<NotificationItem[]> {
  const { data } = await db()
    .entities.notification.query.byRecipient({ recipientId: userId })
    .where((a, op) => op.eq(a.seen, false))
    .go({ pages: 'all' });
  return data;
}

/** Sets the tally to the true unseen count (repair when it was found below it; should not happen). */
async function recountTally(userId: string): Promise<void> {
  const unread = (await allUnseen(userId)).length;
  await db().entities.notificationTally.put({ recipientId: userId, unread }).go();
}

/** Marks up to 99 notifications seen and takes exactly as many off the tally, in one transaction. */
async function markChunk(userId: string, chunk: NotificationItem[]): Promise<void> {
  let pending = chunk;
  for (let attempt = 0; pending.length > 0; attempt++) {
    const items = pending;
    const patches = () =>
      items.map((n) =>
        txEntities().notification.patch({ recipientId: userId, createdAt: n.createdAt, id: n.id })
          .set({ seen: true })
          .where((a, op) => op.eq(a.seen, false))
          .commit(),
      );
    const tx: TxItem[] = [
      ...patches().map((patch) => named('still-unseen', patch)),
      named('tally-covers-them', txEntities().notificationTally.update({ recipientId: userId }).subtract({ unread: items.length }).where((a, op) => op.gte(a.unread, items.length)).commit()),
    ];
    const out = await writeItems(tx);
    if (!out.canceled) return;
    const failed = failedChecks(out, tx);
    const someSeenMeanwhile = failed.has('still-unseen');
    if (!someSeenMeanwhile && failed.has('tally-covers-them')) {
      await writeItems(patches());
      await recountTally(userId);
      return;
    }
    if (attempt >= 4) throw new Error(`mark-as-seen cancelled: ${JSON.stringify(out.data)}`);
    // Another call marked some of them meanwhile: retry with those still unseen.
    pending = await unseenAmong(userId, items.map((n) => n.id));
  }
}

/**
 * Marks the user's listed notifications (or, for an empty list, every unseen one) seen; the
 * tally drops by exactly the number that changed from unseen to seen. Answers the new tally.
 */
export async function markSeen(userId: string, ids: string[]): Promise<number> {
  const targets = ids.length ? await unseenAmong(userId, [...new Set(ids)]) : await allUnseen(userId);
  for (let i = 0; i < targets.length; i += 99) await markChunk(userId, targets.slice(i, i + 99));
  return unreadTally(userId);
}
