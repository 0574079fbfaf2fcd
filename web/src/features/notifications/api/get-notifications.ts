/** The signed-in user's notifications, newest first, paged by cursorId. */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { NotificationPage } from '@shared/answers/notifications';
import { api } from '@/lib/api';

export const notificationsQueryKey = ['notifications', 'list'] as const;

export async function getNotifications(cursorId?: string, signal?: AbortSignal): Promise<NotificationPage> {
  const data = await api.call('GET /api/iam/notifications/all', { cursorId }, { signal });
  return { notifications: Array.isArray(data?.notifications) ? data.notifications : [], cursorId: data?.cursorId ?? null };
}

/** The list, loaded again each time it is shown. */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationsQueryKey,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursorId || undefined,
    staleTime: 0,
  });
}
