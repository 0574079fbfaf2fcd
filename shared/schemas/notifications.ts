/** Inputs and answers of the notification routes, used by the server's validation and the web alike. */
import * as z from 'zod/mini';
import { commentId } from './comments';
import { text, uuid } from './common';
import './locale';
import { reactionId } from './reactions';

/** page-request: someone asks to join a page you run; page-invite: you are invited; page-approved: your request was approved. */
export const NOTIFICATION_KINDS = ['reaction', 'comment', 'reply', 'attendance', 'announcement', 'page-request', 'page-invite', 'page-approved', 'event-moved', 'event-cancelled', 'event-reminder', 'event-promoted', 'event-series-ending', 'content-hidden', 'swap', 'wanted'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Ids start with the creation time in ms (13 digits), then a UUID: the id alone gives the item's key. */
export const NOTIF_ID_PATTERN = /^\d{13}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const MARK_SEEN_MAX = 100;

const notifId = z.string({ message: 'must be text' }).check(z.regex(NOTIF_ID_PATTERN, { message: 'must be a notification id' }));

export const markAsSeenInput = z.strictObject({
  /** The caller's notifications to mark seen; an empty list marks every unseen one. */
  notifIds: z.array(notifId, { message: 'must be a list of notification ids' }).check(z.maxLength(MARK_SEEN_MAX, { message: `must hold at most ${MARK_SEEN_MAX} ids` })),
});

export const newImmutableInput = z.strictObject({
  recipientId: z.optional(uuid),
  text: text(1, 500),
});

export type { NotificationView } from '../answers/notifications';

export const reactionNotifInput = z.strictObject({ reactionId });
export const commentNotifInput = z.strictObject({ commentId });
