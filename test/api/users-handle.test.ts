/** GET /api/iam/search/username-page-handle/{handle}: one namespace for usernames and page handles. */
import { describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { registeredUser } from '../support/users';

const check = (handle: string) => call<{ available: boolean; reason?: string }>('GET', `/api/iam/search/username-page-handle/${encodeURIComponent(handle)}`);

describe('GET /api/iam/search/username-page-handle/{handle}', () => {
  it('answers a free handle available, to guests', async () => {
    const res = await check(`free_${Date.now().toString(36)}`);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ available: true });
  });

  it('answers a taken username unavailable, whatever its case', async () => {
    const u = await registeredUser();
    const username = u.profile.username!;
    expect((await check(username)).data).toEqual({ available: false, reason: 'handle is taken' });
    expect((await check(username.toUpperCase())).data).toEqual({ available: false, reason: 'handle is taken' });
  });

  it.each([
    ['admin', 'handle is reserved; choose another'],
    ['Settings', 'handle is reserved; choose another'],
    ['ab', 'handle must be 3-30 characters of letters, digits and _'],
    ['has space', 'handle must be 3-30 characters of letters, digits and _'],
    ['x'.repeat(31), 'handle must be 3-30 characters of letters, digits and _'],
    ['émile', 'handle must be 3-30 characters of letters, digits and _'],
  ])('answers %j unavailable with the reason', async (handle, reason) => {
    const res = await check(handle);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ available: false, reason });
  });

  it('refuses an absurdly long parameter with 400 naming handle', async () => {
    const res = await check('x'.repeat(101));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { field: 'handle' } });
  });
});
