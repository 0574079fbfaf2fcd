/** The swaps calls (shared/contract/swaps.ts): my swaps, asking for a listing, the sides' moves, reviews and records. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SwapCard, SwapRecord } from '@shared/answers/swaps';
import type { SwapMove } from '@shared/schemas/swaps';
import { api } from '@/lib/api';

export type { SwapCard, SwapRecord, SwapMove };
export type SwapRole = 'asked' | 'offered';

export const swapsKey = ['swaps'] as const;
const listKey = (role: SwapRole, pageId?: string) => [...swapsKey, role, pageId ?? 'me'] as const;

/** My swaps as one side (or a page's requests, for its staff), newest first, a page at a time. */
export function useMySwaps(role: SwapRole, pageId?: string) {
  return useInfiniteQuery({
    queryKey: listKey(role, pageId),
    queryFn: async ({ pageParam, signal }) => {
      const data = await api.call('GET /api/iam/swaps/mine/{role}', { role, ...(pageParam ? { cursorId: pageParam } : {}), ...(pageId ? { pageId } : {}) }, { signal });
      return { swaps: data?.swaps ?? [], cursorId: data?.cursorId ?? null };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursorId || undefined,
    staleTime: 0,
  });
}

/** Any change to a swap, or a refusal (it may have moved meanwhile), reloads every swaps list. */
function useSwapMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => void queryClient.invalidateQueries({ queryKey: swapsKey }) });
}

export interface SwapAsk {
  plantId: string;
  message: string;
  offer?: string;
}

/** Asks for a listing; the form keeps one client id, so sending again is not a second request. */
export const useAskForSwap = () => useSwapMutation((ask: SwapAsk & { id: string }) => api.call('POST /api/iam/swaps/new', ask));

export const useMoveSwap = () =>
  useSwapMutation(({ id, status, markUnavailable }: { id: string; status: SwapMove; markUnavailable?: boolean }) =>
    api.call('PUT /api/iam/swaps/{id}/status', { id, status, ...(markUnavailable ? { markUnavailable } : {}) }),
  );

export const useReviewSwap = () =>
  useSwapMutation(({ id, rating, wasSafe, text }: { id: string; rating: number; wasSafe: boolean; text: string }) => api.call('POST /api/iam/swaps/{id}/review', { id, rating, wasSafe, text }));

/** A member's swap record. */
export function useSwapRecord(uuid: string | undefined) {
  return useQuery({
    queryKey: ['swap-record', uuid ?? ''],
    queryFn: ({ signal }) => api.call('GET /api/user/{uuid}/swap-record', { uuid: uuid! }, { signal }),
    enabled: Boolean(uuid),
  });
}

/** My available listings, to offer in return (the first 50). */
export function useMyAvailablePlants(userId: string | undefined) {
  return useQuery({
    queryKey: ['swap-offers', userId ?? ''],
    queryFn: ({ signal }) => api.call('GET /api/iam/plantsbyuser/{userId}/{filter}/{take}', { userId: userId!, filter: 'plantsAvail', take: 50 }, { signal }),
    enabled: Boolean(userId),
  });
}

/** A reviewer's public card by uuid (cached a while: the same reviewer shows on many reviews). */
export function useReviewer(uuid: string | null) {
  return useQuery({
    queryKey: ['member-by-uuid', uuid ?? ''],
    queryFn: ({ signal }) => api.call('GET /api/user/get-user-by-uuid/{uuid}', { uuid: uuid! }, { signal }),
    enabled: Boolean(uuid),
    staleTime: 5 * 60_000,
  });
}
