/** How many posts, plants and available plants a user has, by feed filter. */
import { useQuery } from '@tanstack/react-query';
import type { FeedCounts } from '@shared/answers/feeds';
import { api } from '@/lib/api';
import { contentKeys } from '@/lib/feed/keys';

export const userCounts = async (userId: string, signal?: AbortSignal): Promise<FeedCounts> =>
  (await api.call('GET /api/iam/usercounts/byuser/{id}', { id: userId }, { signal })).counts;

export function useUserCounts(viewer: string, userId: string) {
  return useQuery({ queryKey: contentKeys.counts(viewer, userId), queryFn: ({ signal }) => userCounts(userId, signal) });
}
