/**
 * Mail waiting to be sent (raw items, no entity): what a member has not yet read of a
 * conversation, or not yet seen of the notifications about a post or an event, gathered per
 * recipient, to be mailed once after a delay and at most once an hour (functions/mail/notify-mail.ts).
 *
 * - key `{ pk: mailwait#<scope kind>#<scope id>, sk: to#<recipient kind>#<recipient id> }`: scope
 *   kinds `conv` (a conversation), `post` (comments and replies under a post), `event` (changes of
 *   an event), `wanted` (a member's wanted-list alerts: the scope id is the member's uuid); recipient kinds `user`, or `page` (its staff are found when the mail goes out);
 * - `entries`: a string set of what waits (a message's `<sentMs>#<id>`, a notification's id), joined
 *   in the transaction of the message or notification;
 * - `version`: +1 on every write, so the sender finishes only what it read;
 * - while something is due, the sparse due index: `gsi3pk = mail#due`, `gsi3sk = <dueAt>#<pk>#<sk>`;
 * - `lastSentAt` kept after a mail (the hourly limit), with `expiresAt` (TTL) an hour later once
 *   nothing waits.
 */
import type { TxItem } from '../transact';
import { updateItem, type ItemKey } from '../write';

export const MAIL_DUE_PK = 'mail#due';

export type MailScopeKind = 'conv' | 'post' | 'event' | 'wanted';
export type MailRecipientKind = 'user' | 'page';

export interface MailScope {
  kind: MailScopeKind;
  id: string;
}
export interface MailRecipient {
  type: MailRecipientKind;
  id: string;
}

export interface PendingMailItem extends ItemKey {
  scopeKind: MailScopeKind;
  scopeId: string;
  recipientType: MailRecipientKind;
  recipientId: string;
  entries?: Set<string>;
  version: number;
  dueAt?: string;
  lastSentAt?: string;
  gsi3pk?: string;
  gsi3sk?: string;
  expiresAt?: number;
}

export const pendingMailKey = (scope: MailScope, to: MailRecipient): ItemKey => ({ pk: `mailwait#${scope.kind}#${scope.id}`, sk: `to#${to.type}#${to.id}` });

/** The due index's sort key of an item due at `dueAt`. */
export const mailDueSk = (key: ItemKey, dueAt: string): string => `${dueAt}#${key.pk}#${key.sk}`;

/**
 * Joins `entry` to what waits for `to` in `scope`, in the transaction of what it is about. The
 * first one sets when the mail is due (`dueAt`); later ones are gathered into that mail or a later one.
 */
export function pendingMailWrite(scope: MailScope, to: MailRecipient, entry: string, dueAt: string): TxItem {
  const key = pendingMailKey(scope, to);
  return updateItem({
    key,
    set: { scopeKind: scope.kind, scopeId: scope.id, recipientType: to.type, recipientId: to.id },
    setIfAbsent: { dueAt, gsi3pk: MAIL_DUE_PK, gsi3sk: mailDueSk(key, dueAt) },
    add: { entries: new Set([entry]), version: 1 },
    remove: ['expiresAt'],
  });
}
