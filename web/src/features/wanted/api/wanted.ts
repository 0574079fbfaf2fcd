/** The wanted-list calls (shared/contract/wanted.ts): my entries, adding one, removing one. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WantedView } from '@shared/answers/wanted';
import { api } from '@/lib/api';

export type { WantedView };

export const wantedKey = ['wanted', 'mine'] as const;

export function useMyWanted() {
  return useQuery({ queryKey: wantedKey, queryFn: ({ signal }) => api.call('GET /api/iam/wanted/mine', {}, { signal }) });
}

export interface WantedAsk {
  tag?: string;
  plantName?: string;
  radiusKm: number;
}

export function useAddWanted() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (ask: WantedAsk) => api.call('POST /api/iam/wanted/new', ask), onSuccess: () => void queryClient.invalidateQueries({ queryKey: wantedKey }) });
}

export function useRemoveWanted() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: string) => api.call('DELETE /api/iam/wanted/{id}', { id }), onSuccess: () => void queryClient.invalidateQueries({ queryKey: wantedKey }) });
}
