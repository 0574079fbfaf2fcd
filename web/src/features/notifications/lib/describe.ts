/** What a notification says, and where it leads. */
import type { NotificationView } from '@shared/answers/notifications';
import { handleHref, pageEditHref, plantHref, postHref } from '@/config/paths';

const what = (targetType: NotificationView['targetType']) => (targetType === 'plant' ? 'your plant' : targetType === 'comment' ? 'your comment' : 'your post');

/** The sentence for a notification; `actor` is the name of who did it (or "Someone"). */
export function notificationText(n: NotificationView, actor: string): string {
  switch (n.kind) {
    case 'reaction':
      return `${actor} reacted to ${what(n.targetType)}`;
    case 'comment':
      return `${actor} commented on ${n.targetType === 'plant' ? 'your plant' : 'your post'}`;
    case 'reply':
      return `${actor} replied to your comment`;
    case 'attendance':
      return `${actor} answered your event invitation`;
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
