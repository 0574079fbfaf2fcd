/** The number of unread messages, for the badge: a plain call, the tally store (lib/live/tally.ts) decides when to ask. */
import { api } from '@/lib/api';

export async function getMessagesTally(signal?: AbortSignal): Promise<number> {
  const data = await api.call('GET /api/iam/messages/unread-tally', {}, { signal });
  const n = Number(data?.unreadMsgsTally);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}
