/** The notifications routes' contract. */
import { announcementSent, notificationPage, notificationTally, notified } from '../answers/notifications';
import { cursorQuery, noInput } from '../schemas/common';
import { commentNotifInput, markAsSeenInput, newImmutableInput, reactionNotifInput } from '../schemas/notifications';
import { defineRoute } from './route';

export const unreadTally = defineRoute({
  method: 'GET', path: '/api/iam/notifications/unread-tally', access: 'user',
  input: noInput, output: notificationTally,
  summary: '{ tally }: how many of the caller\'s notifications are unseen (a counter kept with every write).',
});

export const all = defineRoute({
  method: 'GET', path: '/api/iam/notifications/all', access: 'user',
  input: cursorQuery, output: notificationPage,
  summary: 'The caller\'s notifications, newest first, cursor paged: { notifications, cursorId }.',
});

export const markAsSeen = defineRoute({
  method: 'PUT', path: '/api/iam/notifications/mark-as-seen', access: 'user',
  input: markAsSeenInput, output: notificationTally,
  summary: 'Mark the caller\'s notifications notifIds (at most 100; an empty list = every unseen one) seen; the tally drops by exactly the number that changed: { tally }. Ids that are not the caller\'s change nothing.',
});

export const newImmutable = defineRoute({
  method: 'POST', path: '/api/iam/notifications/new-immutable', access: 'admin',
  input: newImmutableInput, output: announcementSent,
  errors: { 404: 'no such user' },
  summary: 'An announcement (text, 1-500 characters) the recipient cannot delete, to recipientId or, without it, to every registered user: { sent }.',
});

export const newReactionNotif = defineRoute({
  method: 'POST', path: '/api/iam/notifications/new-reaction-notif', access: 'user',
  input: reactionNotifInput, output: notified,
  errors: { 404: 'no such reaction of the caller\'s' },
  summary: 'Compatibility: kept for clients written against the route catalogue, which call it after reacting; the server writes a reaction\'s notification with the reaction itself, so none is lost or forged. Accepts only the caller\'s own reaction (reactionId) and answers { notified } without writing again (idempotent); 404 for any other.',
});

export const newCommentNotif = defineRoute({
  method: 'POST', path: '/api/iam/notifications/new-comment-notif', access: 'user',
  input: commentNotifInput, output: notified,
  errors: { 404: 'no such comment of the caller\'s' },
  summary: 'Compatibility: kept for clients written against the route catalogue, which call it after commenting; the server writes a comment\'s or reply\'s notification with it, so none is lost or forged. Accepts only the caller\'s own comment (commentId) and answers { notified } without writing again (idempotent); 404 for any other.',
});
