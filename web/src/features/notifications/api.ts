/** The signed-in user's notifications: the unread tally, the list (cursor paged), marking them seen. */
import type { NotificationPage } from '@shared/answers/notifications';
import { api } from '@/lib/api';

export const notificationsQueryKey = ['notifications', 'list'] as const;

/** The tally, or 0 when the answer holds none. */
export async function getUnreadTally(signal?: AbortSignal): Promise<number> {
  const data = await api.call('GET /api/iam/notifications/unread-tally', {}, { signal });
  const tally = Number(data?.tally);
  return Number.isFinite(tally) && tally > 0 ? Math.floor(tally) : 0;
}

export async function getNotifications(cursorId?: string, signal?: AbortSignal): Promise<NotificationPage> {
  const data = await api.call('GET /api/iam/notifications/all', { cursorId }, { signal });
  return { notifications: Array.isArray(data?.notifications) ? data.notifications : [], cursorId: data?.cursorId ?? null };
}

/** An empty list marks every unseen notification seen; answers the new tally. */
export const markAllSeen = () => api.call('PUT /api/iam/notifications/mark-as-seen', { notifIds: [] });
