/** What the notification routes answer (the `data` of the success envelope). */
import * as z from 'zod';
import { NOTIFICATION_KINDS } from '../schemas/notifications';
import { POST_KINDS } from './posts';
import { responder } from './comments';

/** What a notification is about: a post or a plant, or a comment (the link leads to the post it is on). */
export const NOTIFICATION_TARGET_TYPES = [...POST_KINDS, 'comment', 'page', 'event'] as const;
export type NotificationTargetType = (typeof NOTIFICATION_TARGET_TYPES)[number];

/** Who caused it: a user's card, with the name posts show them by. */
export const notificationActor = responder;
export type NotificationActor = z.output<typeof notificationActor>;

export const notificationView = z.strictObject({
  id: z.string().describe('<creation time in ms, 13 digits>-<uuid>'),
  kind: z.enum(NOTIFICATION_KINDS),
  actorId: z.string().nullable().describe('Who caused it; null for announcements'),
  actor: notificationActor.nullable().describe('The actor as a card; null for announcements'),
  targetType: z.enum(NOTIFICATION_TARGET_TYPES).nullable().describe('What it is about; null for announcements'),
  targetId: z.string().nullable().describe('The post or plant it leads to (for a comment, the post it is on); null for announcements'),
  text: z.string().nullable().describe('An announcement\'s text, or the start of a comment or reply; null otherwise'),
  targetName: z.string().optional().describe('What it is about, named as it was when written: a plant\'s name, or the start of the post (or, for a reply or a reaction to a comment, of the comment); absent on notifications written before it was kept, and on the other kinds'),
  seen: z.boolean(),
  immutable: z.boolean().describe('An announcement the recipient cannot delete'),
  createdAt: z.string(),
});
export type NotificationView = z.output<typeof notificationView>;

/** One page of the caller's notifications, newest first. */
export const notificationPage = z.strictObject({
  notifications: z.array(notificationView),
  cursorId: z.string().nullable().describe('Pass it back as cursorId for the next page; null on the last page'),
});
export type NotificationPage = z.output<typeof notificationPage>;

/** The caller's unseen notifications. */
export const notificationTally = z.strictObject({
  tally: z.number().int().nonnegative().describe('How many of the caller\'s notifications are unseen'),
});
export type NotificationTally = z.output<typeof notificationTally>;

/** An announcement: how many users it was written to. */
export const announcementSent = z.strictObject({ sent: z.number().int().nonnegative() });
export type AnnouncementSent = z.output<typeof announcementSent>;

/** The compatibility notification routes: the notification was already written with the action. */
export const notified = z.strictObject({ notified: z.literal(true) });
export type Notified = z.output<typeof notified>;
