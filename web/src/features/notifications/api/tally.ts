/**
 * The number of unseen notifications, for the bell's badge. The tally store (lib/live/tally.ts)
 * decides when to ask, so this is a plain call, without a query hook.
 */
import { api } from '@/lib/api';

/** The tally, or 0 when the answer holds none. */
export async function getUnreadTally(signal?: AbortSignal): Promise<number> {
  const data = await api.call('GET /api/iam/notifications/unread-tally', {}, { signal });
  const tally = Number(data?.tally);
  return Number.isFinite(tally) && tally > 0 ? Math.floor(tally) : 0;
}
