/** The admin calls (shared/contract: users, site-settings, admin): users (lists, update, delete), site settings, test e-mail. */
import type * as z from 'zod/mini';
import type { UpdateSiteSettingInput } from '@shared/schemas/site-settings';
import type { adminUserUpdateInput } from '@shared/schemas/users';
import { api } from '@/lib/api';

export type { AdminUser } from '@shared/answers/admin';

export type UserListKind = 'complete' | 'incomplete';

export const adminUsersQueryKey = (kind: UserListKind) => ['admin', 'users', kind] as const;

export const listUsers = (kind: UserListKind, cursorId: string | undefined, signal?: AbortSignal) =>
  api.call('GET /api/iam/users/all/{arg}', { arg: kind, cursorId }, { signal });

export const updateUser = (input: z.output<typeof adminUserUpdateInput>) => api.call('PUT /api/iam/users/{uuid}', input);

export const deleteUser = (uuid: string) => api.call('DELETE /api/iam/users/{uuid}', { uuid });

export const usersWithoutLocation = (signal?: AbortSignal) => api.call('GET /api/iam/admin/users-without-location', {}, { signal });

export const updateSiteSetting = (input: UpdateSiteSettingInput) => api.call('PUT /api/iam/admin/update/site-setting', input);

export const sendAccountDeletionEmail = () => api.call('POST /api/iam/emails/account-deletion');
