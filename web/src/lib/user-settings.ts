/** The user's settings (notifications, privacy, nearby radius, units) and calendar feed: read and change some. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserSettings } from '@shared/answers/users';
import { api } from '@/lib/api';
import { useAuth } from '@/lib/auth/auth-store';
import type { Units } from '@/lib/places';

export const userSettingsQueryKey = ['account', 'user-settings'] as const;

export const getUserSettings = (signal?: AbortSignal) => api.call('GET /api/iam/users/user-settings', {}, { signal });
export const updateUserSettings = (patch: Partial<UserSettings>) => api.call('PUT /api/iam/users/update-user-settings', patch);

export function useUserSettings() {
  return useQuery({ queryKey: userSettingsQueryKey, queryFn: ({ signal }) => getUserSettings(signal) });
}

/** The signed-in member's settings, shared and kept a minute (guests: none, and no request). */
export function useMemberSettings() {
  const signedIn = useAuth().loggedIn === true;
  return useQuery({ queryKey: userSettingsQueryKey, queryFn: ({ signal }) => getUserSettings(signal), enabled: signedIn, staleTime: 60_000 });
}

/** The units distances are said in: the member's setting, metric for guests and until it is read. */
export function useUnits(): Units {
  return useMemberSettings().data?.units ?? 'metric';
}

/** A new private calendar feed address (the old one stops working). */
export function useRotateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('POST /api/iam/events/ics-token', {}),
    onSuccess: ({ url }) => queryClient.setQueryData(userSettingsQueryKey, (old: Awaited<ReturnType<typeof getUserSettings>> | undefined) => (old ? { ...old, calendarFeedUrl: url } : old)),
  });
}

export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserSettings,
    // The answer holds the settings alone: the calendar feed's address stays as it was read.
    onSuccess: (settings) => queryClient.setQueryData(userSettingsQueryKey, (old: Awaited<ReturnType<typeof getUserSettings>> | undefined) => ({ calendarFeedUrl: null, ...old, ...settings })),
  });
}
