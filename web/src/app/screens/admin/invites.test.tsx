import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const MEMBER = '0b6f2f8e-8a4c-4c1e-9f57-2d8c1c7f3a10';
const INVITER = {
  uuid: MEMBER, email: 'ivy@example.com', username: 'ivy', first_name: 'Ivy', last_name: 'Green', created_at: '2026-01-01T00:00:00.000Z',
  suspended: false, is_admin: false, email_verified: true, registration_complete: true,
};
const invite = (n: number, valid: boolean, used: number) => ({
  uuid: `1b6f2f8e-8a4c-4c1e-9f57-2d8c1c7f3a1${n}`, is_valid: valid, created_at: `2026-11-0${n}T10:00:00.000Z`, accepted_count: used, link: `http://localhost/join?invite=${n}`,
});

describe('/admin/invites', () => {
  it("lists a member's invites with their sign-ups and switches one off and on", async () => {
    let valid = true;
    const api = serve({
      [`GET /api/iam/admin/users/${MEMBER}/invites`]: () => success({ inviter: INVITER, invites: [invite(2, valid, 0), invite(1, false, 3)], cursorId: null }),
      [`PUT /api/iam/users/invites/update-validity/${invite(2, true, 0).uuid}`]: (c) => {
        valid = (c.body as { is_valid: boolean }).is_valid;
        return success(invite(2, valid, 0));
      },
    });
    renderRoute(`/admin/invites?user=${MEMBER}`, { auth: AUTH.admin });
    expect(await screen.findByRole('heading', { level: 2, name: /Ivy Green/ })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Invites of Ivy Green' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('0 sign-ups');
    expect(rows[0]!.textContent).toContain('Valid');
    expect(rows[1]!.textContent).toContain('3 sign-ups');
    expect(rows[1]!.textContent).toContain('Switched off');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: /^Switch off the invite of/ }));
    expect((await screen.findByRole('status')).textContent).toContain('no one can sign up with it now');
    expect(api.to(`PUT /api/iam/users/invites/update-validity/${invite(2, true, 0).uuid}`)[0]?.body).toEqual({ is_valid: false, csrf_token: 'csrf-123' });
    expect(within(rows[0]!).getByRole('button', { name: /^Switch on the invite of/ })).toBeTruthy();
    expect(rows[0]!.textContent).toContain('Switched off');
  });

  it('says when the member has none, shows a failure, and asks for a member without one', async () => {
    serve({ [`GET /api/iam/admin/users/${MEMBER}/invites`]: () => success({ inviter: INVITER, invites: [], cursorId: null }) });
    renderRoute(`/admin/invites?user=${MEMBER}`, { auth: AUTH.admin });
    expect(await screen.findByText('Ivy Green has not made any invites.')).toBeTruthy();

    serve({ [`GET /api/iam/admin/users/${MEMBER}/invites`]: () => failure(404, 'not_found', 'No such member') });
    renderRoute(`/admin/invites?user=${MEMBER}`, { auth: AUTH.admin });
    expect(await screen.findByText('Could not load the invites')).toBeTruthy();

    renderRoute('/admin/invites', { auth: AUTH.admin });
    expect(await screen.findByText('Choose a member')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Registered users' }).getAttribute('href')).toBe('/admin/users/registered');
  });
});
