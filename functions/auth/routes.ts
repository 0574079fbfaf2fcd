/** The auth routes: each contract entry with its handler and grants. */
import * as auth from '../../shared/contract/auth';
import type { RouteDef } from '../lib/route-types';

export const authRoutes = [
  { ...auth.signup, handler: 'auth/handlers/signup', grants: ['table:read', 'table:write', 'mail'], memoryMb: 1024, timeoutSeconds: 10 },
  { ...auth.login, handler: 'auth/handlers/login', grants: ['table:read', 'table:write', 'mail'], memoryMb: 1024, timeoutSeconds: 10 },
  { ...auth.logout, handler: 'auth/handlers/logout', grants: ['table:read', 'table:write'] },
  { ...auth.isAuthenticated, handler: 'auth/handlers/is-authenticated', grants: [] },
  { ...auth.refresh, handler: 'auth/handlers/refresh', grants: ['table:read', 'table:write'] },
  { ...auth.profile, handler: 'auth/handlers/profile', grants: ['table:read'] },
  { ...auth.updateProfile, handler: 'auth/handlers/update-profile', grants: ['table:read', 'table:write', 'images:read', 'images:write'] },
  { ...auth.deleteAccount, handler: 'auth/handlers/delete-account', grants: ['table:read', 'table:write', 'images:read', 'images:write', 'private:write', 'mail'] },
  { ...auth.register, handler: 'auth/handlers/register', grants: ['table:read', 'table:write'] },
  { ...auth.resetRequest, handler: 'auth/handlers/reset-request', grants: ['table:read', 'table:write', 'mail'] },
  { ...auth.resetUpdate, handler: 'auth/handlers/reset-update', grants: ['table:read', 'table:write'], memoryMb: 1024, timeoutSeconds: 10 },
  { ...auth.resetVerify, handler: 'auth/handlers/reset-verify', grants: ['table:read'] },
  { ...auth.verifyReset, handler: 'auth/handlers/reset-verify', grants: ['table:read'] },
  { ...auth.verifyEmailRequest, handler: 'auth/handlers/verify-email-request', grants: ['table:read', 'table:write', 'mail'] },
  { ...auth.verifyEmailToken, handler: 'auth/handlers/verify-email-token', grants: ['table:read', 'table:write', 'mail'], memoryMb: 1024, timeoutSeconds: 10 },
  { ...auth.sessionsList, handler: 'auth/handlers/sessions-list', grants: ['table:read'] },
  { ...auth.sessionsRevokeOthers, handler: 'auth/handlers/sessions-revoke-others', grants: ['table:read', 'table:write'] },
  { ...auth.sessionRevoke, handler: 'auth/handlers/session-revoke', grants: ['table:read', 'table:write'] },
] as const satisfies readonly RouteDef[];
