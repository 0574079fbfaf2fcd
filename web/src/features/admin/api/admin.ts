/** The admin calls of the identity API: users (lists, update, delete), site settings, test e-mail. */
import type * as z from 'zod';
import type { UpdateSiteSettingInput } from '@shared/schemas/site-settings';
import type { AdminUser, adminUserUpdateInput } from '@shared/schemas/identity';
import { api } from '@/lib/api';

export type { AdminUser };

export type UserListKind = 'complete' | 'incomplete';

export interface UsersPage {
  users: AdminUser[];
  cursorId: string | null;
}

export const adminUsersQueryKey = (kind: UserListKind) => ['admin', 'users', kind] as const;

export const listUsers = (kind: UserListKind, cursorId: string | undefined, signal?: AbortSignal) =>
  api.get<UsersPage>(`/api/iam/users/all/${kind}`, { query: { cursorId }, signal });

export const updateUser = (input: z.output<typeof adminUserUpdateInput>) =>
  api.put<AdminUser>(`/api/iam/users/${encodeURIComponent(input.uuid)}`, { ...input });

export const deleteUser = (uuid: string) => api.delete<{ deleted: boolean }>(`/api/iam/users/${encodeURIComponent(uuid)}`, {});

export const usersWithoutLocation = (signal?: AbortSignal) =>
  api.get<{ users: AdminUser[]; cursorId?: string | null }>('/api/iam/admin/users-without-location', { signal });

export interface SiteSetting {
  name: string;
  value: string;
  dataType: string;
  isPublic: boolean;
}

export const updateSiteSetting = (input: UpdateSiteSettingInput) => api.put<SiteSetting>('/api/iam/admin/update/site-setting', { ...input });

export const sendAccountDeletionEmail = () => api.post<{ sent: boolean }>('/api/iam/emails/account-deletion', {});
