import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserItem } from '../db/entities/user';
import { hasPermission, type PermissionName } from './permission-rules';

const MEMBER_PERMISSIONS: PermissionName[] = ['create-page', 'create-event', 'post-plants', 'send-messages', 'invite'];
const ADMIN_PERMISSIONS: PermissionName[] = ['admin', 'moderate'];
const ALL: PermissionName[] = [...ADMIN_PERMISSIONS, ...MEMBER_PERMISSIONS];
const open = { phoneRequiredToPostPlants: false };
const phoneRequired = { phoneRequiredToPostPlants: true };

function user(over: Partial<UserItem> = {}): UserItem {
  return {
    uuid: '7d0c3f56-1f7a-4a3e-9f51-5b0f7c2f1a10',
    email: 'fern@example.com',
    passwordHash: 'x',
    role: 'user',
    emailVerified: true,
    regState: 'complete',
    suspended: false,
    phoneVerified: false,
    username: 'fern',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

const granted = (u: UserItem, settings = open) => ALL.filter((name) => hasPermission(u, name, settings));

describe('hasPermission', () => {
  beforeEach(() => vi.stubEnv('ADMIN_EMAILS', 'boss@example.com'));
  afterEach(() => vi.unstubAllEnvs());

  it('gives a registered member the member permissions and not the admin ones', () => {
    expect(granted(user())).toEqual(MEMBER_PERMISSIONS);
  });

  it('gives an admin (by role or by ADMIN_EMAILS) every permission', () => {
    expect(granted(user({ role: 'admin' }))).toEqual(ALL);
    expect(granted(user({ email: 'boss@example.com' }))).toEqual(ALL);
  });

  it('gives nothing to a suspended, unregistered or deleted user, admins included', () => {
    for (const u of [
      user({ suspended: true }),
      user({ regState: 'incomplete' }),
      user({ deletedAt: '2026-02-01T00:00:00.000Z' }),
      user({ role: 'admin', suspended: true }),
      user({ role: 'admin', regState: 'incomplete' }),
    ]) {
      expect(granted(u)).toEqual([]);
    }
  });

  it('makes post-plants need a verified phone when the site setting asks for it, and nothing else', () => {
    expect(granted(user({ phoneVerified: false }), phoneRequired)).toEqual(MEMBER_PERMISSIONS.filter((n) => n !== 'post-plants'));
    expect(hasPermission(user({ phoneVerified: true }), 'post-plants', phoneRequired)).toBe(true);
    expect(hasPermission(user({ phoneVerified: false }), 'post-plants', open)).toBe(true);
    expect(hasPermission(user({ role: 'admin', phoneVerified: false }), 'post-plants', phoneRequired)).toBe(false);
  });
});
