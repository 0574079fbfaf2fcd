/** Users as the admin screens list them, and the pages of those lists (U4, U6). */
import type { AdminUser } from '../../shared/answers/admin';
import { regStatePartition, withoutLocationPartition, type UserItem } from '../db/entities/user';
import { db } from '../db/service';
import { PAGE_SIZE } from '../../shared/constants';
import { onePage, type Page } from '../lib/paging';
import { holdsAdmin } from '../lib/admins';

export function toAdminUser(user: UserItem): AdminUser {
  return {
    uuid: user.uuid,
    email: user.email,
    username: user.username ?? null,
    first_name: user.firstName ?? null,
    last_name: user.lastName ?? null,
    created_at: user.createdAt,
    suspended: user.suspended,
    // The role as held: a suspended admin shows as an admin whose powers are suspended.
    is_admin: holdsAdmin({ ...user, suspended: false }),
    email_verified: user.emailVerified,
    registration_complete: user.regState === 'complete',
  };
}

/** Users by registration state, newest first: one Query per page. */
export async function usersByRegState(regState: 'complete' | 'incomplete', cursorId: string | undefined): Promise<Page<AdminUser>> {
  const page = await onePage(cursorId, regStatePartition(regState), (cursor) =>
    db().entities.user.query.byRegState({ regState }).go({ cursor, limit: PAGE_SIZE, order: 'desc' }),
  );
  return { items: page.items.map(toAdminUser), cursorId: page.cursorId };
}

/** Registered users without a location (the sparse index), newest first: one Query per page. */
export async function usersWithoutLocation(cursorId: string | undefined): Promise<Page<AdminUser>> {
  const page = await onePage(cursorId, withoutLocationPartition(), (cursor) =>
    db().entities.user.query.withoutLocation({}).go({ cursor, limit: PAGE_SIZE, order: 'desc' }),
  );
  return { items: page.items.map(toAdminUser), cursorId: page.cursorId };
}
