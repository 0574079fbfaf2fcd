import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@/features/admin/api/admin';
import { AUTH, makeUser, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const user = (n: number, extra: Partial<AdminUser> = {}): AdminUser => ({
  uuid: `00000000-0000-4000-8000-00000000000${n}`,
  email: `user${n}@example.com`,
  username: `user_${n}`,
  first_name: `First${n}`,
  last_name: 'Grower',
  created_at: '2025-01-0' + n + 'T00:00:00Z',
  suspended: false,
  is_admin: false,
  email_verified: true,
  registration_complete: true,
  ...extra,
});

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('/admin/users/registered', () => {
  it('pages with "Load more" by cursorId', async () => {
    const api = serve({
      'GET /api/iam/users/all/complete': () => success({ users: [user(1), user(2)], cursorId: 'c-2' }),
      'GET /api/iam/users/all/complete?cursorId=c-2': () => success({ users: [user(3)], cursorId: null }),
    });
    renderRoute('/admin/users/registered', { auth: AUTH.admin });
    await screen.findByText('First1 Grower');
    expect(rows()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('First3 Grower');
    expect(rows()).toHaveLength(3);
    expect(api.calls.filter((c) => c.path === '/api/iam/users/all/complete').map((c) => c.url)).toEqual([
      '/api/iam/users/all/complete',
      '/api/iam/users/all/complete?cursorId=c-2',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('does not reload a list of more than one entry on return, unless Refresh forces it', async () => {
    let answers = 0;
    const api = serve({
      'GET /api/iam/users/all/complete': () => {
        answers++;
        return success({ users: answers === 1 ? [user(1), user(2)] : [user(1), user(2), user(4)], cursorId: null });
      },
      'GET /api/iam/users/all/incomplete': () => success({ users: [user(5, { username: null })], cursorId: null }),
    });
    const { router } = renderRoute('/admin/users/registered', { auth: AUTH.admin });
    await screen.findByText('First2 Grower');
    await router.navigate('/admin/users/incomplete');
    await screen.findByText('First5 Grower');
    await router.navigate('/admin/users/registered');
    await screen.findByRole('heading', { level: 1, name: 'Registered users' });
    await screen.findByText('First2 Grower');
    expect(api.to('GET /api/iam/users/all/complete')).toHaveLength(1);

    // The incomplete list held one entry: it loads again on return.
    await router.navigate('/admin/users/incomplete');
    await waitFor(() => expect(api.to('GET /api/iam/users/all/incomplete')).toHaveLength(2));

    await router.navigate('/admin/users/registered');
    await screen.findByRole('heading', { level: 1, name: 'Registered users' });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByText('First4 Grower');
    expect(api.to('GET /api/iam/users/all/complete')).toHaveLength(2);
  });

  it('suspends, makes admin and deletes after confirmation', async () => {
    const api = serve({
      'GET /api/iam/users/all/complete': () => success({ users: [user(1), user(2), user(9, { uuid: makeUser().uuid, first_name: 'Me' })], cursorId: null }),
      [`PUT /api/iam/users/${user(1).uuid}`]: (c) => success({ ...user(1), ...(c.body as object) }),
      [`DELETE /api/iam/users/${user(2).uuid}`]: () => success({ deleted: true }),
    });
    renderRoute('/admin/users/registered', { auth: AUTH.admin });
    await screen.findByText('First1 Grower');

    // Suspending asks first; Cancel changes nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Suspend First1 Grower' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Suspend First1 Grower?' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.to(`PUT /api/iam/users/${user(1).uuid}`)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Suspend First1 Grower' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Suspend First1 Grower?' })).getByRole('button', { name: 'Suspend' }));
    expect((await screen.findByRole('status')).textContent).toContain('First1 Grower is suspended.');
    expect(api.to(`PUT /api/iam/users/${user(1).uuid}`)[0]?.body).toEqual({ suspended: true, csrf_token: 'csrf-123' });
    expect(screen.getByRole('button', { name: 'Unsuspend First1 Grower' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Make admin First1 Grower' }));
    await screen.findByRole('button', { name: 'Remove admin from First1 Grower' });
    expect(api.to(`PUT /api/iam/users/${user(1).uuid}`)[1]?.body).toEqual({ is_admin: true, csrf_token: 'csrf-123' });

    // One's own row cannot be acted on.
    expect((screen.getByRole('button', { name: 'Delete Me Grower' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Delete First2 Grower' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete First2 Grower?' });
    expect(api.to(`DELETE /api/iam/users/${user(2).uuid}`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    await waitFor(() => expect(screen.queryByText('First2 Grower')).toBeNull());
    expect(api.to(`DELETE /api/iam/users/${user(2).uuid}`)[0]?.body).toEqual({ csrf_token: 'csrf-123' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a failed action in the alert', async () => {
    serve({
      'GET /api/iam/users/all/complete': () => success({ users: [user(1)], cursorId: null }),
      [`PUT /api/iam/users/${user(1).uuid}`]: () => failure(403, 'forbidden', 'Only admins may do this'),
    });
    renderRoute('/admin/users/registered', { auth: AUTH.admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend First1 Grower' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Suspend First1 Grower?' })).getByRole('button', { name: 'Suspend' }));
    expect((await screen.findByRole('alert')).textContent).toContain('First1 Grower: Only admins may do this');
  });
});
