/** The signed-in user's notifications: the list, and marking them seen, all or one (the unseen tally is in ./tally.ts). */
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { NotificationPage } from '@shared/answers/notifications';
import { api } from '@/lib/api';
import type { TallyTracker } from '@/lib/live/tally';
import { notificationsQueryKey } from './keys';

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

/** An empty list marks every unseen notification seen; answers the new tally. */
export const markAllSeen = () => api.call('PUT /api/iam/notifications/mark-as-seen', { notifIds: [] });

/** Marks them all seen in the cached list too, and gives the tally store the new tally (then checks it). */
export function useMarkAllSeen(tracker: TallyTracker | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllSeen,
    onSuccess: (answer) => {
      queryClient.setQueryData<InfiniteData<NotificationPage>>(notificationsQueryKey, (old) =>
        old ? { ...old, pages: old.pages.map((page) => ({ ...page, notifications: page.notifications.map((n) => ({ ...n, seen: true })) })) } : old,
      );
      if (!tracker) return;
      if (typeof answer?.tally === 'number') tracker.set(answer.tally);
      void tracker.refresh(true);
    },
  });
}

/** Marks the listed notifications seen; answers the new tally. */
export const markSeen = (notifIds: string[]) => api.call('PUT /api/iam/notifications/mark-as-seen', { notifIds });

/**
 * Marks one notification seen (the notifications screen, on following it): in the cached list
 * too, and the tally store (when the tab has one) takes the new tally.
 */
export function useMarkOneSeen(tracker: TallyTracker | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => markSeen([id]),
    onSuccess: (answer, id) => {
      queryClient.setQueryData<InfiniteData<NotificationPage>>(notificationsQueryKey, (old) =>
        old ? { ...old, pages: old.pages.map((page) => ({ ...page, notifications: page.notifications.map((n) => (n.id === id ? { ...n, seen: true } : n)) })) } : old,
      );
      if (tracker && typeof answer?.tally === 'number') tracker.set(answer.tally);
    },
  });
}
