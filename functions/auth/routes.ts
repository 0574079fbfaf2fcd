/** The auth routes: each contract entry with its handler and grants. */
import * as auth from '../../shared/contract/auth';
import type { RouteDef } from '../lib/route-types';

export const authRoutes = [
  { ...auth.signup, handler: 'auth/signup', grants: ['table:read', 'table:write', 'mail'], memoryMb: 1024, timeoutSeconds: 10 },
  { ...auth.login, handler: 'auth/login', grants: ['table:read', 'table:write', 'mail'], memoryMb: 1024, timeoutSeconds: 10 },
  { ...auth.logout, handler: 'auth/logout', grants: ['table:read', 'table:write'] },
  { ...auth.isAuthenticated, handler: 'auth/is-authenticated', grants: [] },
  { ...auth.refresh, handler: 'auth/refresh', grants: ['table:read', 'table:write'] },
  { ...auth.profile, handler: 'auth/profile', grants: ['table:read'] },
  { ...auth.updateProfile, handler: 'auth/update-profile', grants: ['table:read', 'table:write', 'images:read', 'images:write'] },
  { ...auth.deleteAccount, handler: 'auth/delete-account', grants: ['table:read', 'table:write', 'images:read', 'images:write', 'mail'] },
  { ...auth.register, handler: 'auth/register', grants: ['table:read', 'table:write'] },
  { ...auth.resetRequest, handler: 'auth/reset-request', grants: ['table:read', 'table:write', 'mail'] },
  { ...auth.resetUpdate, handler: 'auth/reset-update', grants: ['table:read', 'table:write'], memoryMb: 1024, timeoutSeconds: 10 },
  { ...auth.resetVerify, handler: 'auth/reset-verify', grants: ['table:read'] },
  { ...auth.verifyReset, handler: 'auth/reset-verify', grants: ['table:read'] },
  { ...auth.verifyEmailRequest, handler: 'auth/verify-email-request', grants: ['table:read', 'table:write', 'mail'] },
  { ...auth.verifyEmailToken, handler: 'auth/verify-email-token', grants: ['table:read', 'table:write', 'mail'], memoryMb: 1024, timeoutSeconds: 10 },
  { ...auth.sessionsList, handler: 'auth/sessions-list', grants: ['table:read'] },
  { ...auth.sessionsRevokeOthers, handler: 'auth/sessions-revoke-others', grants: ['table:read', 'table:write'] },
  { ...auth.sessionRevoke, handler: 'auth/session-revoke', grants: ['table:read', 'table:write'] },
] as const satisfies readonly RouteDef[];
