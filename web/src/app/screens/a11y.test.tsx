/**
 * axe-core over the identity screens in their main states: no critical or serious violations.
 * (happy-dom has no layout, so colour contrast is left to the browser journeys and Lighthouse.)
 */
import { fireEvent, screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '@shared/schemas/identity';
import { press } from '@/testing/forms';
import { AUTH, renderRoute } from '@/testing/render-route';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';

async function violations() {
  const result = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

const USERS = { users: [{ uuid: '00000000-0000-4000-8000-000000000001', email: 'a@example.com', username: 'a_user', first_name: 'A', last_name: 'User', created_at: '2025-01-01T00:00:00Z', suspended: false, is_admin: false, email_verified: true }], cursorId: 'next' };

describe('accessibility of the identity screens', () => {
  it.each([
    ['/auth/login', AUTH.guest],
    ['/auth/signup?invite=0b6f2f8e-8a4c-4c1e-9f57-2d8c1c7f3a10', AUTH.guest],
    ['/auth/verify', AUTH.unverified],
    ['/auth/reset', AUTH.guest],
    ['/auth/sms', AUTH.member],
    ['/auth/register', AUTH.unregistered],
    ['/auth/suspended', AUTH.member],
    ['/welcome', AUTH.member],
    ['/join', AUTH.guest],
    ['/settings', AUTH.member],
    ['/user/invites', AUTH.member],
    ['/admin', AUTH.admin],
    ['/admin/users/registered', AUTH.admin],
    ['/admin/settings', AUTH.admin],
    ['/admin/email', AUTH.admin],
  ] as const)('%s', async (path, auth) => {
    serve({
      'GET /api/iam/refresh-tokens': () =>
        success([{ id: '11111111-1111-4111-8111-111111111111', device: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/127.0', created_at: '2025-01-01T00:00:00Z', last_used_at: '2025-01-02T00:00:00Z', current: true }]),
      'GET /api/iam/users/user-settings': () => success(DEFAULT_USER_SETTINGS),
      'GET /api/iam/users/invites': () => success([{ uuid: '0b6f2f8e-8a4c-4c1e-9f57-2d8c1c7f3a10', is_valid: true, created_at: '2025-01-01T00:00:00Z', link: '/join?invite=x' }]),
      'GET /api/iam/users/all/complete': () => success(USERS),
      'GET /api/iam/admin/users-without-location': () => success(USERS),
      'GET /api/location/from-ip': () => success({ latitude: 1, longitude: 2, suburb_city: 'A', state: 'B', country: 'C' }),
    });
    renderRoute(path, { auth });
    await screen.findByRole('heading', { level: 1 });
    await new Promise((r) => setTimeout(r, 50));
    expect(await violations()).toEqual([]);
  });

  it('a form showing its errors', async () => {
    serve({});
    renderRoute('/auth/signup', { auth: AUTH.guest });
    await screen.findByRole('heading', { level: 1 });
    press('Create account');
    expect(await violations()).toEqual([]);
  });

  it('the delete-account dialog', async () => {
    serve({ 'GET /api/iam/users/user-settings': () => success(DEFAULT_USER_SETTINGS) });
    renderRoute('/settings', { auth: AUTH.member });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account…' }));
    expect(await violations()).toEqual([]);
  });
});
