import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { press } from '@/testing/forms';
import { AUTH, renderRoute } from '@/testing/render-route';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const OLD = { uuid: '0b6f2f8e-8a4c-4c1e-9f57-2d8c1c7f3a10', is_valid: false, created_at: '2025-01-01T00:00:00Z', link: '/join?invite=0b6f2f8e-8a4c-4c1e-9f57-2d8c1c7f3a10' };
const OLDER = { ...OLD, uuid: '7a7a7a7a-8a4c-4c1e-9f57-2d8c1c7f3a10', accepted_count: 2, link: '/join?invite=7a7a7a7a-8a4c-4c1e-9f57-2d8c1c7f3a10' };
const NEW = { uuid: '5e0c7a4d-2b1f-4e3a-9c8d-7f6e5d4c3b2a', is_valid: true, created_at: '2025-06-01T00:00:00Z', link: 'https://leafline.example/join?invite=5e0c7a4d-2b1f-4e3a-9c8d-7f6e5d4c3b2a' };

describe('/user/invites', () => {
  it('lists invites, creates one and copies its link', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = serve({
      'GET /api/iam/users/invites': () => success({ invites: [OLD], cursorId: 'c1' }),
      'GET /api/iam/users/invites?cursorId=c1': () => success({ invites: [OLDER], cursorId: null }),
      'POST /api/iam/users/invites/new': () => success(NEW),
    });
    renderRoute('/user/invites', { auth: AUTH.member });
    const list = await screen.findByRole('list', { name: 'Your invites' });
    expect(within(list).getByText('No longer valid')).toBeTruthy();
    expect((within(list).getByLabelText('Invite link') as HTMLInputElement).value).toBe(`${location.origin}${OLD.link}`);

    press('Load more');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getByText('· 2 people joined with it')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    press('Create an invite');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(api.to('POST /api/iam/users/invites/new')[0]?.body).toEqual({ csrf_token: 'csrf-123' });
    const first = within(list).getAllByRole('listitem')[0]!;
    expect((within(first).getByLabelText('Invite link') as HTMLInputElement).value).toBe(NEW.link);
    within(first).getByRole('button', { name: 'Copy link' }).click();
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(NEW.link));
    expect(await within(first).findByText('Copied')).toBeTruthy();
    // No share sheet on this device: no Share button.
    expect(within(first).queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it("hands a valid invite's link to the phone's share sheet, where there is one", async () => {
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      serve({ 'GET /api/iam/users/invites': () => success({ invites: [NEW, OLD], cursorId: null }) });
      renderRoute('/user/invites', { auth: AUTH.member });
      const list = await screen.findByRole('list', { name: 'Your invites' });
      const [valid, old] = within(list).getAllByRole('listitem');
      expect(within(old!).queryByRole('button', { name: 'Share' })).toBeNull();
      within(valid!).getByRole('button', { name: 'Share' }).click();
      expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: NEW.link }));
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });
});

describe('/join', () => {
  it('links to sign-up with the invite', async () => {
    serve({});
    renderRoute(`/join?invite=${NEW.uuid}`, { auth: AUTH.guest });
    const link = await screen.findByRole('link', { name: 'Accept the invite and sign up' });
    expect(link.getAttribute('href')).toBe(`/auth/signup?invite=${NEW.uuid}`);
  });

  it('ignores an invite that is not a UUID', async () => {
    serve({});
    renderRoute('/join?invite=<script>', { auth: AUTH.guest });
    await screen.findByRole('heading', { level: 1, name: 'Join the community' });
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/auth/signup');
  });
});
