/** What a notification says, and where it leads. */
import type { NotificationView } from '@shared/answers/notifications';
import { readEventNotice } from '@shared/event-notice';
import { toTitleCase } from '@shared/format';
import { formatEventTime } from '@/lib/format-date';
import { eventEditHref, eventHref, handleHref, pageEditHref, paths, plantHref, postHref } from '@/config/paths';

const what = (targetType: NotificationView['targetType']) => (targetType === 'plant' ? 'your plant' : targetType === 'comment' ? 'your comment' : 'your post');

/**
 * "your plant Monstera", "your post “Just repotted…”", "your comment “Where did…”": what it is
 * about, named when the notification keeps its name (a plant by name, a post or comment by its
 * quoted start); older ones say only "your post".
 */
function target(n: NotificationView, targetType: NotificationView['targetType'] = n.targetType): string {
  const name = n.targetName?.trim();
  if (!name) return what(targetType);
  return targetType === 'plant' ? `${what(targetType)} ${name}` : `${what(targetType)} “${name}”`;
}

/** The parts of an event notification's text (shared/event-notice.ts): "<title> · <start> · <zone>", an attendance leading with its status. */
const eventParts = (n: NotificationView) => readEventNotice(n.text, { withStatus: n.kind === 'attendance' });

/**
 * "Sun 29 Nov, 10:00 (Australia/Sydney time)": the date's start at the event's place, the zone
 * named when the reader (`reader`, the browser's zone unless given) is elsewhere; an older text
 * without a zone is said in the reader's time. '' when there is no date.
 */
function eventWhen(n: NotificationView, { reader, now }: Reading): string {
  const { at, timeZone } = eventParts(n);
  return at ? formatEventTime(at, timeZone, { ...(reader ? { reader } : {}), now }) : '';
}

/** Who reads it: their time zone (the browser's unless given) and now (for "this year"). */
interface Reading {
  reader?: string;
  now?: number;
}

const joined = (lead: string, when: string) => (when ? `${lead}${when}` : '');

/** The sentence for a notification; `actor` is the name of who did it (or "Someone"); `reading` is the reader's time zone and now. */
export function notificationText(n: NotificationView, actor: string, reading: Reading = {}): string {
  switch (n.kind) {
    case 'reaction':
      return `${actor} reacted to ${target(n)}`;
    case 'comment':
      return `${actor} commented on ${target(n, n.targetType === 'plant' ? 'plant' : 'post')}`;
    case 'reply':
      // The name is the comment replied to (the target is the post it is on).
      return `${actor} replied to ${target(n, 'comment')}`;
    case 'attendance': {
      // "<status> · <title> · <start> · <zone>", written with the attendance.
      const { status, title } = eventParts(n);
      const says = status === 'GOING' ? 'is going to' : status === 'MAYBE' ? 'may go to' : status === 'WAITING' ? 'is on the waitlist for' : status === 'NOT_GOING' ? 'is not going to' : 'answered';
      return `${actor} ${says} ${title || 'your event'}${joined(', ', eventWhen(n, reading))}`;
    }
    case 'event-moved':
      return `${eventParts(n).title || 'An event'} has moved${joined(' to ', eventWhen(n, reading))}`;
    case 'event-cancelled':
      return `${eventParts(n).title || 'An event'} is cancelled${joined(' on ', eventWhen(n, reading))}`;
    case 'event-reminder':
      return `Reminder: ${eventParts(n).title || 'an event'}${joined(', ', eventWhen(n, reading))}`;
    case 'event-promoted':
      return `A place freed up: you are going to ${eventParts(n).title || 'the event'}${joined(', ', eventWhen(n, reading))}`;
    case 'event-series-ending':
      return `${eventParts(n).title || 'Your repeating event'} runs out soon: extend it to keep its dates coming`;
    case 'announcement':
      return n.text?.trim() || 'An announcement from the team';
    case 'page-request':
      return `${actor} asked to join @${n.text ?? 'your page'}`;
    case 'page-invite':
      return `${actor} invited you to join @${n.text ?? 'a page'}`;
    case 'page-approved':
      return `You are now a member of @${n.text ?? 'a page'}`;
    default:
      return n.text?.trim() || 'You have a new notification';
  }
}

/** The page a notification leads to, or null when it leads nowhere we know. */
export function notificationHref(n: NotificationView): string | null {
  if (!n.targetId) return null;
  // A swap's steps, moves and review form are on the swaps screen (which leads a page's staff to their pages' requests).
  if (n.kind === 'swap') return paths.swaps;
  switch (n.targetType) {
    case 'post':
    case 'comment':
      // A comment's notification names the post it is on.
      return postHref(n.targetId);
    case 'plant':
      return plantHref(n.targetId);
    case 'event':
      // The target is the event's random id: its page, or its editor for a series running out.
      return n.kind === 'event-series-ending' ? eventEditHref(n.targetId) : eventHref(n.targetId);
    case 'page':
      // The text is the page's handle: requests lead to the page's editor, the rest to the page.
      if (!n.text) return null;
      return n.kind === 'page-request' ? pageEditHref(n.text) : handleHref(n.text);
    default:
      return null;
  }
}

/**
 * Who caused it, as the list names them: by display name in the style posts use (post-card's
 * `ownerName`), else (older answers) by username.
 */
export const actorName = (n: NotificationView) => {
  const name = n.actor?.name?.trim();
  return name ? toTitleCase(name) : n.actor?.username?.trim() || 'Someone';
};
