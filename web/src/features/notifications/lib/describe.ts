/** What a notification says, and where it leads. */
import type { NotificationView } from '@shared/answers/notifications';
import { eventEditHref, eventHref, handleHref, pageEditHref, plantHref, postHref } from '@/config/paths';

const what = (targetType: NotificationView['targetType']) => (targetType === 'plant' ? 'your plant' : targetType === 'comment' ? 'your comment' : 'your post');

/** The parts of an event notification's text: "<title> · <start>" (an attendance leads with its status). */
const eventParts = (n: NotificationView): string[] => (n.text ?? '').split(' · ');

/** "Sat 5 Dec, 10:00" from the instant at `index` of the text, in the reader's time ('' when there is none). */
function eventWhen(n: NotificationView, index: number): string {
  const at = eventParts(n)[index];
  const d = at ? new Date(at) : null;
  if (!d || Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(d);
}

const joined = (lead: string, when: string) => (when ? `${lead}${when}` : '');

/** The sentence for a notification; `actor` is the name of who did it (or "Someone"). */
export function notificationText(n: NotificationView, actor: string): string {
  switch (n.kind) {
    case 'reaction':
      return `${actor} reacted to ${what(n.targetType)}`;
    case 'comment':
      return `${actor} commented on ${n.targetType === 'plant' ? 'your plant' : 'your post'}`;
    case 'reply':
      return `${actor} replied to your comment`;
    case 'attendance': {
      // "<status> · <title> · <start>", written with the attendance.
      const [status, title] = eventParts(n);
      const says = status === 'GOING' ? 'is going to' : status === 'MAYBE' ? 'may go to' : status === 'WAITING' ? 'is on the waitlist for' : status === 'NOT_GOING' ? 'is not going to' : 'answered';
      return `${actor} ${says} ${title ?? 'your event'}${joined(', ', eventWhen(n, 2))}`;
    }
    case 'event-moved':
      return `${eventParts(n)[0] || 'An event'} has moved${joined(' to ', eventWhen(n, 1))}`;
    case 'event-cancelled':
      return `${eventParts(n)[0] || 'An event'} is cancelled${joined(' on ', eventWhen(n, 1))}`;
    case 'event-reminder':
      return `Reminder: ${eventParts(n)[0] || 'an event'}${joined(', ', eventWhen(n, 1))}`;
    case 'event-promoted':
      return `A place freed up: you are going to ${eventParts(n)[0] || 'the event'}${joined(', ', eventWhen(n, 1))}`;
    case 'event-series-ending':
      return `${eventParts(n)[0] || 'Your repeating event'} runs out soon: extend it to keep its dates coming`;
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

/** Who caused it, as the list names them. */
export const actorName = (n: NotificationView) => n.actor?.username?.trim() || 'Someone';
