/** The users routes: each contract entry with its handler and grants. */
import * as users from '../../shared/contract/users';
import type { RouteDef } from '../lib/route-types';

export const usersRoutes = [
  { ...users.userSettings, handler: 'users/handlers/user-settings', grants: ['table:read'] },
  { ...users.updateUserSettings, handler: 'users/handlers/update-user-settings', grants: ['table:read', 'table:write'] },
  { ...users.createUserSettings, handler: 'users/handlers/create-user-settings', grants: ['table:read', 'table:write'] },
  { ...users.permission, handler: 'users/handlers/permission', grants: ['table:read'] },
  { ...users.inviteNew, handler: 'users/handlers/invite-new', grants: ['table:read', 'table:write'] },
  { ...users.invitesList, handler: 'users/handlers/invites-list', grants: ['table:read'] },
  { ...users.inviteValidity, handler: 'users/handlers/invite-validity', grants: ['table:read', 'table:write'] },
  { ...users.memberInvites, handler: 'users/handlers/member-invites', grants: ['table:read'] },
  { ...users.listUsers, handler: 'users/handlers/list-users', grants: ['table:read'] },
  { ...users.adminUpdateUser, handler: 'users/handlers/admin-update-user', grants: ['table:read', 'table:write'] },
  { ...users.adminDeleteUser, handler: 'users/handlers/admin-delete-user', grants: ['table:read', 'table:write', 'images:read', 'images:write', 'private:write', 'mail'] },
  { ...users.accountDeletionEmail, handler: 'users/handlers/account-deletion-email', grants: ['table:read', 'table:write', 'mail'] },
  { ...users.directory, handler: 'users/handlers/directory', grants: ['table:read'] },
  { ...users.getUserByUuid, handler: 'users/handlers/get-user-by-uuid', grants: ['table:read'] },
  { ...users.nearby, handler: 'users/handlers/nearby', grants: ['table:read'] },
  { ...users.locationFromIp, handler: 'users/handlers/location-from-ip', grants: ['table:read'] },
  { ...users.phoneInit, handler: 'users/handlers/phone-init', grants: ['table:read', 'table:write', 'sms'] },
  { ...users.phoneConfirm, handler: 'users/handlers/phone-confirm', grants: ['table:read', 'table:write'] },
] as const satisfies readonly RouteDef[];
