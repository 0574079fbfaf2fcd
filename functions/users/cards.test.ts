import { describe, expect, it } from 'vitest';
import type { UserItem } from '../db/entities/user';
import { responderOf } from './cards';

const user = (over: Partial<UserItem>): UserItem => ({ uuid: 'u1', username: 'moss_lover', avatar: 'avatars/u1.jpg', ...over }) as UserItem;

describe('a member as a small card', () => {
  it('is named as posts name their owner: first and last name, else the username', () => {
    expect(responderOf(user({ firstName: 'Mary-Jane', lastName: 'Moss' }), 'u1')).toEqual({ uuid: 'u1', username: 'moss_lover', name: 'Mary-Jane Moss', avatar: 'avatars/u1.jpg' });
    expect(responderOf(user({ firstName: 'Mary-Jane' }), 'u1').name).toBe('Mary-Jane');
    expect(responderOf(user({}), 'u1').name).toBe('moss_lover');
  });

  it('is "Former member", with no avatar, for a deleted or missing account', () => {
    const gone = { uuid: 'u1', username: 'former-member', name: 'Former member', avatar: null };
    expect(responderOf(user({ deletedAt: '2026-01-01T00:00:00.000Z', firstName: 'Mary' }), 'u1')).toEqual(gone);
    expect(responderOf(undefined, 'u1')).toEqual(gone);
  });
});
