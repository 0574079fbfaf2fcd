/**
 * Mail about what a member has not read or seen, made to wait (functions/db/items/pending-mail.ts):
 * each message, comment or event change that a member is notified of joins a pending mail in its
 * own transaction, due `NOTIFY_MAIL_DELAY_SECONDS` (default 900) after the first; the mail domain
 * sends what is still unread then (functions/mail/notify-mail.ts).
 */
import { pendingMailWrite, type MailRecipient, type MailScope } from '../db/items/pending-mail';
import type { TxItem } from '../db/transact';

const DEFAULT_DELAY_SECONDS = 900;

/** How long a notification waits to be read before it is mailed, in ms. */
export function notifyMailDelayMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.NOTIFY_MAIL_DELAY_SECONDS);
  return (Number.isFinite(seconds) && seconds >= 0 && env.NOTIFY_MAIL_DELAY_SECONDS !== '' ? seconds : DEFAULT_DELAY_SECONDS) * 1000;
}

/** The transaction item that makes `entry` wait to be mailed to `to`, from `nowMs`. */
export function mailWait(scope: MailScope, to: MailRecipient, entry: string, nowMs = Date.now()): TxItem {
  return pendingMailWrite(scope, to, entry, new Date(nowMs + notifyMailDelayMs()).toISOString());
}
