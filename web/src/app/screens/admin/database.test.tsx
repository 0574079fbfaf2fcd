import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorOf, press, type } from '@/testing/forms';
import { AUTH, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const PAGE_ID = '5c0ffee0-1234-4abc-8def-0123456789ab';
const NO_USERS = () => success({ users: [], cursorId: null });
const batch = (over: Record<string, unknown>) => ({ checked: 0, merged: 0, removed: 0, repointed: 0, cursorId: null, ...over });

const ROWS = (['public', 'members'] as const).flatMap((audience) =>
  (['postsAll', 'plantsAll', 'plantsAvail', 'news'] as const).map((field) => ({
    counter: `${audience}.${field}`, audience, field, key: `counter#global ${audience}`, stored: 4, recounted: audience === 'members' && field === 'postsAll' ? 3 : 4,
  })),
);

beforeEach(() => localStorage.clear());

describe('/admin/database', () => {
  it('removes orphaned locations batch after batch once confirmed, and resumes from the last good batch after one fails', async () => {
    let n = 0;
    const api = serve({
      'GET /api/iam/admin/users-without-location': NO_USERS,
      'DELETE /api/iam/admin/orphaned-locations': () => {
        n += 1;
        if (n === 1) return success(batch({ checked: 25, removed: 3, cursorId: 'c1' }));
        if (n === 2) return failure(409, 'conflict', 'Busy elsewhere');
        return success(batch({ checked: 10, removed: 1 }));
      },
    });
    renderRoute('/admin/database', { auth: AUTH.admin });
    expect(await screen.findByText('Everyone has a location.')).toBeTruthy();
    press('Remove orphans');
    const dialog = await screen.findByRole('dialog');
    expect(api.to('DELETE /api/iam/admin/orphaned-locations')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove orphans' }));
    expect(await screen.findByText('A batch failed')).toBeTruthy();
    expect(screen.getByText(/Stopped by an error: 25 checked, 0 merged, 3 removed/)).toBeTruthy();
    press('Resume');
    expect(await screen.findByText(/Done: 35 checked, 0 merged, 4 removed/)).toBeTruthy();
    const bodies = api.to('DELETE /api/iam/admin/orphaned-locations').map((c) => c.body?.cursorId);
    expect(bodies).toEqual([undefined, 'c1', 'c1']);
    expect(localStorage.getItem('leafline.admin-jobs')).toBe('{}');
  });

  it('offers to resume a clean-up left midway in an earlier visit', async () => {
    localStorage.setItem('leafline.admin-jobs', JSON.stringify({ 'locations-duplicates': { cursorId: 'c9', totals: { checked: 50, merged: 2, removed: 2, repointed: 6 } } }));
    const api = serve({
      'GET /api/iam/admin/users-without-location': NO_USERS,
      'DELETE /api/iam/admin/location-duplicates': () => success(batch({ checked: 5, merged: 1, removed: 1, repointed: 2 })),
    });
    renderRoute('/admin/database', { auth: AUTH.admin });
    expect(await screen.findByText(/Stopped midway: 50 checked, 2 merged/)).toBeTruthy();
    press('Resume');
    expect(await screen.findByText(/Done: 55 checked, 3 merged, 3 removed, 8 events/)).toBeTruthy();
    expect(api.to('DELETE /api/iam/admin/location-duplicates')[0]?.body?.cursorId).toBe('c9');
  });

  it('lists users without a location a page at a time', async () => {
    const user = (i: number) => ({ uuid: `u${i}`, email: `u${i}@example.com`, username: `u${i}`, first_name: null, last_name: null, created_at: '2026-01-01T00:00:00.000Z', suspended: false, is_admin: false, email_verified: true, registration_complete: true });
    serve({
      'GET /api/iam/admin/users-without-location': () => success({ users: [user(1)], cursorId: 'next' }),
      'GET /api/iam/admin/users-without-location?cursorId=next': () => success({ users: [user(2)], cursorId: null }),
    });
    renderRoute('/admin/database', { auth: AUTH.admin });
    expect(await screen.findByText('u1@example.com')).toBeTruthy();
    press('Show more');
    expect(await screen.findByText('u2@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('checks the counters in batches, shows the drifted one and repairs it once confirmed', async () => {
    const api = serve({
      'GET /api/iam/admin/users-without-location': NO_USERS,
      'POST /api/iam/admin/counters/recount': (c) =>
        c.body?.cursorId ? success({ scope: 'global', read: 1400, cursorId: null, rows: ROWS }) : success({ scope: 'global', read: 1000, cursorId: 'k1', rows: null }),
      'POST /api/iam/admin/counters/repair': () => success({ outcome: 'repaired' }),
      'GET /api/iam/users/user-or-page-messagee-by-handle/nobody': () => failure(404, 'not_found', 'No user or page has this handle'),
      'GET /api/iam/users/user-or-page-messagee-by-handle/fern_club': () => success({ messagee: { type: 'page', id: PAGE_ID, handle: 'fern_club', name: 'Fern club', avatar: null } }),
    });
    renderRoute('/admin/database', { auth: AUTH.admin });
    fireEvent.change(await screen.findByLabelText('What to check'), { target: { value: 'user' } });
    press('Check');
    expect(errorOf('Username or id')).toMatch(/Enter a username or an id/);
    // A handle, as in a profile's address, is looked up: unknown, or a page's rather than a member's.
    type('Username or id', '@nobody');
    press('Check');
    await waitFor(() => expect(errorOf('Username or id')).toBe('No member has the handle @nobody'));
    type('Username or id', 'fern_club');
    press('Check');
    await waitFor(() => expect(errorOf('Username or id')).toBe('@fern_club is a page, not a member'));
    expect(api.to('POST /api/iam/admin/counters/recount')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('What to check'), { target: { value: 'page' } });
    type('Handle or id', 'fern_club');
    press('Check');
    await waitFor(() => expect(api.to('POST /api/iam/admin/counters/recount')[0]?.body).toMatchObject({ scope: `page#${PAGE_ID}` }));
    expect(await screen.findByText(`Checked page#${PAGE_ID}: 1400 items read.`)).toBeTruthy();
    api.calls.length = 0;
    fireEvent.change(screen.getByLabelText('What to check'), { target: { value: 'global' } });
    press('Check');
    expect(await screen.findByText('Checked global: 1400 items read.')).toBeTruthy();
    expect(api.to('POST /api/iam/admin/counters/recount').map((c) => [c.body?.scope, c.body?.cursorId])).toEqual([['global', undefined], ['global', 'k1']]);
    expect(screen.getAllByText('drifted')).toHaveLength(1);
    press('Repair posts as members see them');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('becomes 3 (it holds 4)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Repair' }));
    expect(await screen.findByText('Repaired')).toBeTruthy();
    await waitFor(() => expect(api.to('POST /api/iam/admin/counters/repair')).toHaveLength(1));
    expect(api.to('POST /api/iam/admin/counters/repair')[0]?.body).toMatchObject({ scope: 'global', audience: 'members', field: 'postsAll', stored: 4, recounted: 3 });
  });

  it('checks the site\'s members, pages and events as a whole, and repairs a drifted one', async () => {
    const SITE_ROWS = (['members', 'pages', 'events'] as const).map((field) => ({
      counter: `all.${field}`, audience: 'all', field, key: 'counter#site all', stored: 7, recounted: field === 'events' ? 5 : 7,
    }));
    const api = serve({
      'GET /api/iam/admin/users-without-location': NO_USERS,
      'POST /api/iam/admin/counters/recount': () => success({ scope: 'site', read: 21, cursorId: null, rows: SITE_ROWS }),
      'POST /api/iam/admin/counters/repair': () => success({ outcome: 'repaired' }),
    });
    renderRoute('/admin/database', { auth: AUTH.admin });
    fireEvent.change(await screen.findByLabelText('What to check'), { target: { value: 'site' } });
    expect(screen.queryByLabelText(/Username|Handle|Tag name/)).toBeNull();
    press('Check');
    expect(await screen.findByText('Checked site: 21 items read.')).toBeTruthy();
    expect(api.to('POST /api/iam/admin/counters/recount')[0]?.body).toMatchObject({ scope: 'site' });
    expect(screen.getAllByText('drifted')).toHaveLength(1);
    press('Repair events on the site');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('becomes 5 (it holds 7)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Repair' }));
    expect(await screen.findByText('Repaired')).toBeTruthy();
    expect(api.to('POST /api/iam/admin/counters/repair')[0]?.body).toMatchObject({ scope: 'site', audience: 'all', field: 'events', stored: 7, recounted: 5 });
  });
});
