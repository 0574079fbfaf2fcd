/** The unread-messages badge beside "Messages" in the navigation: live while the tab's socket is open. */
import { useSyncExternalStore } from 'react';
import { formatNumber } from '@shared/format';
import { badgeText } from '@/lib/live/tally';
import { useLive } from '@/lib/live/live';

const none = () => () => undefined;
const zero = () => 0;

/** Unread messages of the signed-in member (0 for guests), kept live. */
export function useUnreadMessages(): number {
  const live = useLive();
  return useSyncExternalStore(live?.messages.subscribe ?? none, live?.messages.get ?? zero, live?.messages.get ?? zero) ?? 0;
}

export function MessagesBadge() {
  const tally = useUnreadMessages();
  if (tally <= 0) return null;
  return (
    <span className="ml-auto min-w-5 rounded-full bg-primary-700 px-1.5 text-center text-xs leading-5 font-semibold text-white" data-testid="messages-badge">
      <span aria-hidden="true">{badgeText(tally)}</span>
      <span className="sr-only">, {formatNumber(tally)} unread</span>
    </span>
  );
}
