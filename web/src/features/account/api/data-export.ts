/** The member's data export: start one (one a day) and follow the latest until its link is ready. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExportView } from '@shared/answers/data-export';
import { api } from '@/lib/api';

export const exportQueryKey = ['account', 'export'] as const;

export const latestExport = (signal?: AbortSignal) => api.call('GET /api/iam/export/latest', {}, { signal });
export const startExport = () => api.call('POST /api/iam/export/new');

/** How often a running export is asked about. */
export const EXPORT_POLL_MS = 1500;

const working = (view: ExportView | undefined) => view?.state === 'pending' || view?.state === 'running';

export function useLatestExport() {
  return useQuery({
    queryKey: exportQueryKey,
    queryFn: ({ signal }) => latestExport(signal),
    staleTime: 0,
    refetchInterval: (query) => (working(query.state.data) ? EXPORT_POLL_MS : false),
  });
}

export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startExport,
    onSuccess: (view) => {
      queryClient.setQueryData<ExportView>(exportQueryKey, view);
      void queryClient.invalidateQueries({ queryKey: exportQueryKey });
    },
    // Refused (another tab or device started one): the export as it stands says when the next may start.
    onError: () => void queryClient.invalidateQueries({ queryKey: exportQueryKey }),
  });
}
