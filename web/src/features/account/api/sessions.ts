/** The signed-in devices (refresh-token families): list, revoke one, revoke all others. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '@shared/answers/auth';
import { api } from '@/lib/api';

export const sessionsQueryKey = ['account', 'sessions'] as const;

export const listSessions = (signal?: AbortSignal) => api.call('GET /api/iam/refresh-tokens', {}, { signal });
export const revokeSession = (id: string) => api.call('DELETE /api/iam/refresh-tokens/{id}', { id });
export const revokeOtherSessions = () => api.call('DELETE /api/iam/refresh-tokens');

export function useSessions() {
  return useQuery({ queryKey: sessionsQueryKey, queryFn: ({ signal }) => listSessions(signal), staleTime: 0 });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: SessionInfo) => revokeSession(session.id),
    onSuccess: (_data, session) => {
      queryClient.setQueryData<SessionInfo[]>(sessionsQueryKey, (list) => list?.filter((s) => s.id !== session.id));
      void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => {
      queryClient.setQueryData<SessionInfo[]>(sessionsQueryKey, (list) => list?.filter((s) => s.current));
      void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
  });
}
