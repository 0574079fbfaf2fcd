/**
 * Notification e-mails: what a member has not read of a conversation, or not seen of the
 * notifications about a post or an event, mailed once it has waited `NOTIFY_MAIL_DELAY_SECONDS`
 * (functions/notifications/mail-wait.ts writes the pending mail in the transaction of the message
 * or notification), and never more than once an hour per conversation, post or event.
 *
 * Everything is judged when the mail would go out, not when the message arrived: the member's
 * setting (`notify_email_messages`, `notify_email_comments`, `notify_email_events`,
 * `notify_email_wanted`), a suspended
 * or deleted account, a block either way between the member and the author, a muted conversation,
 * and what has been read or seen meanwhile. A page's conversations are mailed to each of its
 * admins and moderators, each judged alone. Every mail carries the one-click unsubscribe of
 * RFC 8058 for its setting.
 *
 * In the cloud a scheduled job runs this every minute (functions/mail/send-due.ts); locally the
 * host polls every 2 s. Two runs at once cannot mail twice: a run first claims an item (its due
 * time moved a lease ahead, on the version it read), and finishes only the entries it read.
 * A run that dies after mailing someone, before it finishes the item, cannot mail them the same
 * entries again once the lease is over either: each mail is marked before it goes (a marker per
 * person and set of entries, put only if absent; taken back if the send fails). A run that dies
 * between the mark and the send loses that mail: at most once, never twice.
 */
import type { MailSetting } from '../../shared/constants';
import { readEventNotice } from '../../shared/event-notice';
import { eventTimeText } from '../../shared/event-time';
import { batchGet, getItem, queryPage, type RawItem } from '../db/batch';
import { createHash } from 'node:crypto';
import { eq, and } from '../db/condition';
import type { MessageItem } from '../db/entities/conversation';
import type { NotificationItem } from '../db/entities/notification';
import { ownerRefKey } from '../db/entities/owner';
import { MAIL_DUE_PK, mailDueSk, type PendingMailItem } from '../db/items/pending-mail';
import { db } from '../db/service';
import { writeItems } from '../db/transact';
import { absent } from '../db/condition';
import { deleteItem, putItem, updateItem, type ItemKey } from '../db/write';
import { logger } from '../lib/logger';
import { mailer } from '../lib/outbound/mailer';
import { unsubscribePartsIfSigned } from '../lib/outbound/unsubscribe';
import { siteOrigin } from '../lib/site-origin';
import { getParticipant, partiesOf, staffOf } from '../messages/conversations';
import { notifyMailDelayMs } from '../notifications/mail-wait';
import { unseenAmong } from '../notifications/notifications';
import { eitherBlocks } from '../users/blocks';
import { readSettings } from '../users/settings-store';
import { getUser } from '../users/users';

const HOUR_MS = 3_600_000;
/** A claimed item is due again this long after, should its run die before finishing it. */
const LEASE_MS = 5 * 60_000;
/** Due items read per Query page. */
const PAGE = 50;
/** Messages or comments quoted in one mail; the rest are counted. */
const QUOTED = 5;
const QUOTE_CHARS = 280;

const SETTING: Record<PendingMailItem['scopeKind'], MailSetting> = {
  conv: 'notify_email_messages',
  post: 'notify_email_comments',
  event: 'notify_email_events',
  wanted: 'notify_email_wanted',
};

/** One thing waiting to be mailed: who wrote or did it, and what it says. */
interface Waiting {
  entry: string;
  authorId: string | null;
  /** The author's display name, when there is one. */
  who: string | null;
  line: string;
}

interface Mail {
  subject: string;
  intro: string;
  link: string;
}

const iso = (ms: number): string => new Date(ms).toISOString();
const quote = (text: string): string => (text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS - 1)}…` : text);
const plural = (n: number, one: string, many: string): string => (n === 1 ? one : `${n} ${many}`);

/** The entries a conversation's recipient side has not read: their messages, unless muted or gone. */
async function unreadMessages(item: PendingMailItem, entries: string[]): Promise<Waiting[]> {
  const side = await getParticipant(item.scopeId, { type: item.recipientType, id: item.recipientId }, true);
  if (!side || side.muted) return [];
  const readUpTo = [side.lastReadKey ?? '', side.clearedKey ?? ''].sort().at(-1)!;
  const keys = entries.map((e) => ({ pk: `conv#${item.scopeId}`, sk: `msg#${e}` })).filter((k) => k.sk > readUpTo);
  const found = keys.length ? await batchGet(keys, { consistent: true }) : [];
  const messages = found.map((raw) => db().entities.message.parse({ Item: raw }).data as MessageItem | null).filter((m): m is MessageItem => !!m && !m.withheld && !m.hiddenAt);
  const names = await partiesOf(messages.map((m) => ({ type: 'user' as const, id: m.senderId })));
  return messages
    .sort((a, b) => a.sentMs.localeCompare(b.sentMs))
    .map((m) => {
      const who = names.get(ownerRefKey('user', m.senderId))?.name ?? 'A member';
      // Photos are never mailed (they are private to the conversation): the mail says how many.
      const photos = m.photos?.length ? `[${m.photos.length === 1 ? 'a photo' : `${m.photos.length} photos`}]` : '';
      return { entry: `${m.sentMs}#${m.id}`, authorId: m.senderId, who, line: `${who}: ${[m.content ? quote(m.content) : '', photos].filter(Boolean).join(' ')}` };
    });
}

/** The entries (notification ids) the member has not seen, as lines of the mail. */
async function unseenNotices(userId: string, entries: string[]): Promise<{ waiting: Waiting[]; notices: NotificationItem[] }> {
  const notices = (await unseenAmong(userId, entries)).sort((a, b) => a.id.localeCompare(b.id));
  const names = await partiesOf(notices.flatMap((n) => (n.actorId ? [{ type: 'user' as const, id: n.actorId }] : [])));
  const waiting = notices.map((n) => {
    const who = n.actorId ? (names.get(ownerRefKey('user', n.actorId))?.name ?? 'A member') : null;
    return { entry: n.id, authorId: n.actorId ?? null, who, line: noticeLine(n, who) };
  });
  return { waiting, notices };
}

function noticeLine(n: NotificationItem, who: string | null): string {
  if (n.kind === 'comment' || n.kind === 'reply') return `${who ?? 'A member'}: ${quote(n.text ?? '')}`;
  if (n.kind === 'wanted') return quote(n.text ?? '');
  const notice = readEventNotice(n.text);
  const when = notice.at && notice.timeZone ? eventTimeText(notice.at, notice.timeZone, { locale: 'en' }) : notice.at;
  if (n.kind === 'event-cancelled') return `Cancelled: ${notice.title}${when ? `, ${when}` : ''}`;
  if (n.kind === 'event-moved') return `New time: ${notice.title} is now on ${when}`;
  if (n.kind === 'event-promoted') return `You have a place: ${notice.title}${when ? ` on ${when}` : ''}`;
  return notice.title || (n.text ?? '');
}

/** What waits for the item's recipient (not yet per person: blocks are judged per person). */
async function waitingOf(item: PendingMailItem, entries: string[]): Promise<{ waiting: Waiting[]; mail: (shown: Waiting[]) => Mail }> {
  const origin = siteOrigin();
  if (item.scopeKind === 'conv') {
    const waiting = await unreadMessages(item, entries);
    const page = item.recipientType === 'page' ? (await partiesOf([{ type: 'page', id: item.recipientId }])).get(ownerRefKey('page', item.recipientId)) : undefined;
    const to = page ? ` to ${page.name}` : '';
    return {
      waiting,
      mail: (shown) => {
        const from = [...new Set(shown.map((w) => w.who ?? 'a member'))];
        const fromText = from.length > 2 ? `${from.slice(0, 2).join(', ')} and others` : from.join(' and ');
        return { subject: `${plural(shown.length, 'A new message', 'new messages')}${to} from ${fromText}`, intro: `You have ${plural(shown.length, 'an unread message', 'unread messages')}${to}:`, link: `${origin}/messages` };
      },
    };
  }
  const { waiting, notices } = await unseenNotices(item.recipientId, entries);
  const target = notices[0]?.targetId ?? '';
  if (item.scopeKind === 'post') {
    const replies = notices.every((n) => n.kind === 'reply');
    // What it is about, as the notification names it (the post's first line, a plant's name, the comment replied to).
    const about = notices.find((n) => n.targetName)?.targetName;
    return {
      waiting,
      mail: (shown) => ({
        subject: replies ? `${plural(shown.length, 'A new reply', 'new replies')} to your comment` : `${plural(shown.length, 'A new comment', 'new comments')} on your post`,
        intro: replies ? `Replying to your comment${about ? ` “${about}”` : ''}:` : `On your post${about ? ` “${about}”` : ''}:`,
        link: `${origin}/post/${encodeURIComponent(target)}`,
      }),
    };
  }
  if (item.scopeKind === 'wanted') {
    return {
      waiting,
      mail: (shown) => ({
        subject: shown.length === 1 ? 'A plant you want is listed near you' : `${shown.length} plants you want are listed near you`,
        intro: 'Listed near you, from your wanted list:',
        link: shown.length === 1 ? `${origin}/plant/${encodeURIComponent(target)}` : `${origin}/profile/notifications`,
      }),
    };
  }
  const title = readEventNotice(notices[0]?.text).title;
  return {
    waiting,
    mail: () => ({ subject: `Changes to ${title || 'an event you answered'}`, intro: 'What changed:', link: `${origin}/event/${encodeURIComponent(target)}` }),
  };
}

/** The members a pending mail may go to: the member, or each of the page's admins and moderators. */
async function peopleOf(item: PendingMailItem): Promise<string[]> {
  return item.recipientType === 'user' ? [item.recipientId] : staffOf(item.recipientId);
}

/** A mail's mark: these entries of this pending item, to this person (kept a day). */
interface SendMark {
  key: ItemKey;
  entries: readonly string[];
}

const markKey = (mark: SendMark, userId: string): ItemKey => ({
  pk: `mailsent#${mark.key.pk}#${mark.key.sk}`,
  sk: `${createHash('sha256').update([...mark.entries].sort().join('|')).digest('hex').slice(0, 32)}#user#${userId}`,
});

/** Marks the mail before it goes; false when an earlier run marked it (it went, or was lost with that run). */
async function markSend(mark: SendMark, userId: string, nowMs: number): Promise<boolean> {
  const out = await writeItems([putItem({ ...markKey(mark, userId), expiresAt: Math.ceil(nowMs / 1000) + 86_400 }, absent())]);
  return !out.canceled;
}

/** Mails `waiting` to one person, as far as they may get it; answers whether a mail went (now or by an earlier run). */
async function mailOne(userId: string, setting: MailSetting, waiting: Waiting[], mailOf: (shown: Waiting[]) => Mail, mark: SendMark, nowMs: number): Promise<boolean> {
  const [user, settings] = await Promise.all([getUser(userId, true), readSettings(userId)]);
  if (!user || user.deletedAt || user.suspended || !user.email || !settings[setting]) return false;
  // Nothing from a member either side blocks (judged now), nor one's own.
  const authors = [...new Set(waiting.flatMap((w) => (w.authorId && w.authorId !== userId ? [w.authorId] : [])))];
  const blocked = new Set<string>();
  await Promise.all(authors.map(async (a) => (await eitherBlocks(userId, a)) && blocked.add(a)));
  const shown = waiting.filter((w) => w.authorId !== userId && !(w.authorId && blocked.has(w.authorId)));
  if (!shown.length) return false;
  const mail = mailOf(shown);
  const lines = shown.slice(0, QUOTED).map((w) => `  ${w.line}`);
  if (shown.length > QUOTED) lines.push(`  …and ${shown.length - QUOTED} more`);
  const unsubscribe = await unsubscribePartsIfSigned(userId, setting);
  if (!(await markSend(mark, userId, nowMs))) return true;
  try {
    await mailer().send({
      to: user.email,
      subject: mail.subject,
      text: `${mail.intro}\n\n${lines.join('\n')}\n\n${mail.link}\n\nChange e-mail settings in your settings.${unsubscribe ? `\nStop these e-mails: ${unsubscribe.link}` : ''}`,
      ...(unsubscribe ? { headers: unsubscribe.headers } : {}),
    });
  } catch (err) {
    // Not sent: the next run may try again.
    await writeItems([deleteItem(markKey(mark, userId))]).catch(() => undefined);
    throw err;
  }
  return true;
}

const asPending = (raw: RawItem | null): PendingMailItem | null => (raw && raw.scopeKind ? (raw as unknown as PendingMailItem) : null);

/** Moves the item's due time to `dueAt`, on the version read. */
async function moveDue(key: ItemKey, item: PendingMailItem, dueAt: string): Promise<boolean> {
  const out = await writeItems([updateItem({ key, set: { dueAt, gsi3pk: MAIL_DUE_PK, gsi3sk: mailDueSk(key, dueAt) }, condition: and(eq('version', item.version), eq('dueAt', item.dueAt)) })]);
  return !out.canceled;
}

/**
 * Sends one due item, as far as it is still due. Answers the mails sent. A mail that fails to send
 * leaves the item claimed, to be tried again once the lease runs out.
 */
export async function sendPendingMail(key: ItemKey, nowMs = Date.now()): Promise<number> {
  const item = asPending(await getItem(key, { consistent: true }));
  const now = iso(nowMs);
  if (!item?.dueAt || item.dueAt > now) return 0;
  // Never more than one mail an hour: what came since waits for the hour to end.
  if (item.lastSentAt && Date.parse(item.lastSentAt) + HOUR_MS > nowMs) {
    await moveDue(key, item, iso(Date.parse(item.lastSentAt) + HOUR_MS));
    return 0;
  }
  // Claimed: another run sees it due only once the lease is over.
  if (!(await moveDue(key, item, iso(nowMs + LEASE_MS)))) return 0;
  const entries = [...(item.entries ?? [])];
  const { waiting, mail } = entries.length ? await waitingOf(item, entries) : { waiting: [], mail: null };
  let sent = 0;
  if (waiting.length && mail) {
    const setting = SETTING[item.scopeKind];
    for (const userId of await peopleOf(item)) {
      try {
        if (await mailOne(userId, setting, waiting, mail, { key, entries }, nowMs)) sent++;
      } catch (err) {
        logger.error('could not send a notification e-mail', { error: err as Error, pk: key.pk, sk: key.sk });
        return sent;
      }
    }
  }
  // Every entry read is done with: mailed, read meanwhile, or not to be mailed.
  const done = { ...(entries.length ? { deleteFrom: { entries: new Set(entries) } } : {}) };
  const sentAt = sent ? { lastSentAt: now } : {};
  const expiresAt = Math.ceil((Date.parse(sent ? now : (item.lastSentAt ?? now)) + 2 * HOUR_MS) / 1000);
  const finished = await writeItems([updateItem({ key, ...done, set: { ...sentAt, expiresAt }, remove: ['dueAt', 'gsi3pk', 'gsi3sk'], condition: eq('version', item.version) })]);
  if (finished.canceled) {
    // More came meanwhile: it waits for a later mail, at most one an hour.
    const next = iso(sent ? nowMs + HOUR_MS : nowMs + notifyMailDelayMs());
    await writeItems([updateItem({ key, ...done, set: { ...sentAt, dueAt: next, gsi3pk: MAIL_DUE_PK, gsi3sk: mailDueSk(key, next) }, remove: ['expiresAt'] })]);
  }
  return sent;
}

/** Sends what is due, page by page, until none is left or `deadlineMs` passes. Answers the mails sent. */
export async function sendDueMail({ deadlineMs = Number.POSITIVE_INFINITY, nowMs = Date.now() }: { deadlineMs?: number; nowMs?: number } = {}): Promise<{ due: number; mailed: number }> {
  let start: Record<string, unknown> | undefined;
  let due = 0;
  let mailed = 0;
  do {
    const page = await queryPage(MAIL_DUE_PK, { index: 'gsi3', between: ['0', `${iso(nowMs)}#~`], limit: PAGE, attributes: ['pk', 'sk'], ...(start ? { start } : {}) });
    for (const { pk, sk } of page.items) {
      if (Date.now() > deadlineMs) return { due, mailed };
      due++;
      mailed += await sendPendingMail({ pk, sk }, nowMs);
    }
    start = page.next;
  } while (start);
  return { due, mailed };
}
