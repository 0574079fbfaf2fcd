/** The user's settings (notifications, privacy, nearby radius, units): read and change some. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserSettings } from '@shared/answers/users';
import { api } from '@/lib/api';

export const userSettingsQueryKey = ['account', 'user-settings'] as const;

export const getUserSettings = (signal?: AbortSignal) => api.call('GET /api/iam/users/user-settings', {}, { signal });
export const updateUserSettings = (patch: Partial<UserSettings>) => api.call('PUT /api/iam/users/update-user-settings', patch);

export function useUserSettings() {
  return useQuery({ queryKey: userSettingsQueryKey, queryFn: ({ signal }) => getUserSettings(signal) });
}

export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserSettings,
    onSuccess: (settings) => queryClient.setQueryData(userSettingsQueryKey, settings),
  });
}
