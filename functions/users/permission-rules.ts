/**
 * What a user may do, by permission name (GET /api/iam/users/{uuid}/permission/{name}). One pure
 * function, so that the permission route and the server's own access checks answer alike.
 */
import type * as z from 'zod';
import type { permissionParams } from '../../shared/schemas/users';
import { parseSettingValue } from '../../shared/schemas/site-settings';
import type { UserItem } from '../db/entities/user';
import { db } from '../db/service';
import { isAdmin } from './users';

export type PermissionName = z.output<typeof permissionParams>['name'];

/** The site settings permissions depend on. */
export interface PermissionSettings {
  /** Site setting `phone_required_to_post_plants`: posting plants needs a verified phone. */
  phoneRequiredToPostPlants: boolean;
}

export const PHONE_REQUIRED_SETTING = 'phone_required_to_post_plants';

/**
 * admin and moderate: admins. The rest: registered members. Suspended, deleted or
 * registration-incomplete users hold no permission at all, admins included.
 */
export function hasPermission(user: UserItem, name: PermissionName, settings: PermissionSettings): boolean {
  if (user.suspended || user.deletedAt || user.regState !== 'complete') return false;
  switch (name) {
    case 'admin':
    case 'moderate':
      return isAdmin(user);
    case 'post-plants':
      return !settings.phoneRequiredToPostPlants || user.phoneVerified;
    case 'create-page':
    case 'create-event':
    case 'send-messages':
    case 'invite':
      return true;
  }
}

/** Reads the settings permissions depend on (one GetItem, public or not). */
export async function loadPermissionSettings(): Promise<PermissionSettings> {
  const { data } = await db().entities.siteSetting.get({ name: PHONE_REQUIRED_SETTING }).go();
  return { phoneRequiredToPostPlants: !!data && parseSettingValue(data.value, data.dataType) === true };
}
