import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@/features/admin/api/admin';
import { AUTH, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const user = (n: number, extra: Partial<AdminUser> = {}): AdminUser => ({
  uuid: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
  email: `user${n}@example.com`, username: `user_${n}`, first_name: `First${n}`, last_name: 'Grower',
  created_at: new Date(Date.now() - n * 3_600_000).toISOString(),
  suspended: false, is_admin: false, email_verified: true, registration_complete: true, ...extra,
});

const quiet = {
  'GET /api/iam/admin/reports/open': () => success({ reports: [], cursorId: null }),
  'GET /api/iam/admin/users-without-location': () => success({ users: [], cursorId: null }),
};

describe('/admin overview', () => {
  it('shows the counts kept on write and the five newest sign-ups with links to their profiles', async () => {
    serve({
      ...quiet,
      'GET /api/iam/admin/overview': () => success({ posts: 1234, plants: 56, openReports: 3, members: 987, pages: 12, events: 4 }),
      'GET /api/iam/users/all/complete': () => success({ users: [1, 2, 3, 4, 5, 6].map((n) => user(n, n === 2 ? { first_name: null, last_name: null } : {})), cursorId: 'c' }),
    });
    renderRoute('/admin', { auth: AUTH.admin });
    const counts = await screen.findByRole('region', { name: 'The site' });
    await within(counts).findByText('1,234');
    const pairs = [...counts.querySelectorAll('dl > div')].map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent]);
    expect(pairs).toEqual([['Members', '987'], ['Posts', '1,234'], ['Plants', '56'], ['Pages', '12'], ['Events', '4'], ['Open reports', '3']]);
    const recent = screen.getByRole('region', { name: 'Recent sign-ups' });
    const links = await within(recent).findAllByRole('link', { name: /First|@user/ });
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['First1 Grower', '/user_1'], ['@user_2', '/user_2'], ['First3 Grower', '/user_3'], ['First4 Grower', '/user_4'], ['First5 Grower', '/user_5'],
    ]);
    expect(within(recent).getByRole('link', { name: 'All members' }).getAttribute('href')).toBe('/admin/users/registered');
  });

  it('says when nobody has signed up, and offers to try the counts again after a failure', async () => {
    let fail = true;
    serve({
      ...quiet,
      'GET /api/iam/admin/overview': () => (fail ? failure(500, 'internal', 'Something broke') : success({ posts: 0, plants: 0, openReports: 0, members: 0, pages: 0, events: 0 })),
      'GET /api/iam/users/all/complete': () => success({ users: [], cursorId: null }),
    });
    renderRoute('/admin', { auth: AUTH.admin });
    expect(await screen.findByText('Nobody has finished signing up yet.')).toBeTruthy();
    const counts = screen.getByRole('region', { name: 'The site' });
    const again = await within(counts).findByRole('button', { name: 'Try again' });
    fail = false;
    fireEvent.click(again);
    expect(await within(counts).findByText('Open reports')).toBeTruthy();
  });
});
