/**
 * Notifications (N1) under their recipient, newest first with a reverse Query, and the unread
 * tally counter item beside them (N2), kept by `ADD` in the same transaction as the notification
 * put or the mark-as-seen update. A notification's id starts with its creation time in
 * milliseconds, so the id alone gives its key (GetItem, no index).
 */
import { Entity, type EntityItem } from 'electrodb';
import { NOTIFICATION_KINDS } from '../../../shared/schemas/notifications';
import { SERVICE } from '../service-name';
import { userPk } from './user';

export const Notification = () => new Entity({
  model: { entity: 'notification', version: '1', service: SERVICE },
  attributes: {
    recipientId: { type: 'string', required: true, readOnly: true },
    id: { type: 'string', required: true, readOnly: true },
    kind: { type: NOTIFICATION_KINDS, required: true, readOnly: true },
    actorId: { type: 'string', readOnly: true },
    targetType: { type: 'string', readOnly: true },
    targetId: { type: 'string', readOnly: true },
    text: { type: 'string', readOnly: true },
    /** The name of what it is about as it was then: a plant's name, or the start of a post or comment (absent on older items). */
    targetName: { type: 'string', readOnly: true },
    seen: { type: 'boolean', required: true, default: false },
    /** Announcements: the recipient cannot delete them. */
    immutable: { type: 'boolean', required: true, default: false, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byRecipient: {
      pk: { field: 'pk', composite: ['recipientId'], template: 'user#${recipientId}', casing: 'none' },
      sk: { field: 'sk', composite: ['createdAt', 'id'], template: 'notif#${createdAt}#${id}', casing: 'none' },
    },
  },
});

/** The recipient's unread count: changed only by `ADD`, in the transaction of the change it counts. */
export const NotificationTally = () => new Entity({
  model: { entity: 'notificationTally', version: '1', service: SERVICE },
  attributes: {
    recipientId: { type: 'string', required: true, readOnly: true },
    unread: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    byRecipient: {
      pk: { field: 'pk', composite: ['recipientId'], template: 'user#${recipientId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'notif-tally', casing: 'none' },
    },
  },
});

export type NotificationItem = EntityItem<ReturnType<typeof Notification>>;

/** The partition of `byRecipient`: the recipient's own partition (userPk), for the list's cursor check. */
export function notificationsPartition(recipientId: string): { field: string; value: string } {
  return { field: 'pk', value: userPk(recipientId) };
}
