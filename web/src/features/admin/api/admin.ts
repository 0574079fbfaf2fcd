/** The admin calls (shared/contract: users, site-settings, admin): users (lists, update, delete), site settings, test e-mail. */
import type * as z from 'zod/mini';
import type { UpdateSiteSettingInput } from '@shared/schemas/site-settings';
import type { adminUserUpdateInput } from '@shared/schemas/users';
import type { repairCounterInput } from '@shared/schemas/admin';
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

/** One page of the users without a location (newest first), for the data care screen. */
export const usersWithoutLocationPage = (cursorId: string | undefined, signal?: AbortSignal) =>
  api.call('GET /api/iam/admin/users-without-location', { cursorId }, { signal });

export type LocationCleanupKind = 'duplicates' | 'orphans';

/** One bounded batch of an event-location clean-up; `cursorId` from the previous batch goes on. */
export const cleanLocations = (kind: LocationCleanupKind, cursorId: string | undefined) =>
  kind === 'duplicates'
    ? api.call('DELETE /api/iam/admin/location-duplicates', { cursorId })
    : api.call('DELETE /api/iam/admin/orphaned-locations', { cursorId });

/** One batch of a counters check of `scope` (global, user#<id>, page#<id>, tag#<name>). */
/** The member or page a handle names (a username or a page's handle), to check its counters by id. */
export const ownerOfHandle = (handle: string) => api.call('GET /api/iam/users/user-or-page-messagee-by-handle/{handle}', { handle });

export const recountCounters = (scope: string, cursorId: string | undefined) => api.call('POST /api/iam/admin/counters/recount', { scope, cursorId });

export const repairCounter = (input: z.output<typeof repairCounterInput>) => api.call('POST /api/iam/admin/counters/repair', input);

/** The dashboard's counts kept on write (posts, plants, open reports). */
export { adminOverviewQueryKey } from '@/lib/reports';
export const adminOverview = (signal?: AbortSignal) => api.call('GET /api/iam/admin/overview', {}, { signal });

/** Who an announcement goes to: all members, or those near a point (who show in nearby). */
export interface AnnouncementAudience {
  audience: 'all' | 'near';
  latitude?: number;
  longitude?: number;
  radiusKm?: number;
}

export const countAnnouncementRecipients = (audience: AnnouncementAudience) => api.call('POST /api/iam/admin/announcements/count', audience);

export const startAnnouncement = (input: AnnouncementAudience & { subject: string; text: string }) => api.call('POST /api/iam/admin/announcements', input);

export const announcementQueryKey = (id: string) => ['admin', 'announcement', id] as const;

export const announcementProgress = (id: string, signal?: AbortSignal) => api.call('GET /api/iam/admin/announcements/{id}', { id }, { signal });
