/** The users routes: each contract entry with its handler and grants. */
import * as users from '../../shared/contract/users';
import type { RouteDef } from '../lib/route-types';

export const usersRoutes = [
  { ...users.userSettings, handler: 'users/user-settings', grants: ['table:read'] },
  { ...users.updateUserSettings, handler: 'users/update-user-settings', grants: ['table:read', 'table:write'] },
  { ...users.createUserSettings, handler: 'users/create-user-settings', grants: ['table:read', 'table:write'] },
  { ...users.permission, handler: 'users/permission', grants: ['table:read'] },
  { ...users.inviteNew, handler: 'users/invite-new', grants: ['table:read', 'table:write'] },
  { ...users.invitesList, handler: 'users/invites-list', grants: ['table:read'] },
  { ...users.inviteValidity, handler: 'users/invite-validity', grants: ['table:read', 'table:write'] },
  { ...users.listUsers, handler: 'users/list-users', grants: ['table:read'] },
  { ...users.adminUpdateUser, handler: 'users/admin-update-user', grants: ['table:read', 'table:write'] },
  { ...users.adminDeleteUser, handler: 'users/admin-delete-user', grants: ['table:read', 'table:write', 'images:read', 'images:write', 'mail'] },
  { ...users.accountDeletionEmail, handler: 'users/account-deletion-email', grants: ['table:read', 'table:write', 'mail'] },
  { ...users.directory, handler: 'users/directory', grants: ['table:read'] },
  { ...users.getUserByUuid, handler: 'users/get-user-by-uuid', grants: ['table:read'] },
  { ...users.nearby, handler: 'users/nearby', grants: ['table:read'] },
  { ...users.locationFromIp, handler: 'users/location-from-ip', grants: ['table:read'] },
  { ...users.phoneInit, handler: 'users/phone-init', grants: ['table:read', 'table:write', 'sms'] },
  { ...users.phoneConfirm, handler: 'users/phone-confirm', grants: ['table:read', 'table:write'] },
] as const satisfies readonly RouteDef[];
