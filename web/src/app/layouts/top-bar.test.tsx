import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { AUTH, renderRoute } from '@/testing/render-route';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';

describe('top bar', () => {
  it('offers guests the sections and sign-in/sign-up links, sign-in coming back here', async () => {
    renderRoute('/events?when=soon', { auth: AUTH.guest });
    await screen.findByRole('heading', { level: 1, name: 'Events' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const labels = Array.from(nav.querySelectorAll('a')).map((a) => a.textContent);
    expect(labels).toEqual(['Home', 'Plants', 'Pages', 'Events', 'People', 'Messages']);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/auth/login?redirect=${encodeURIComponent('/events?when=soon')}`,
    );
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/auth/signup');
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it('shows members a notifications bell with their unread tally, and guests none', async () => {
    serve({ 'GET /api/iam/notifications/unread-tally': () => success({ tally: 4 }) });
    renderRoute('/about', { auth: AUTH.member });
    await screen.findByRole('heading', { level: 1, name: 'About' });
    const bell = await screen.findByRole('button', { name: 'Notifications, 4 unread' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    cleanup();

    renderRoute('/about', { auth: AUTH.guest });
    await screen.findByRole('heading', { level: 1, name: 'About' });
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
  });

  it('opens and closes the phone menu with a labelled button', async () => {
    renderRoute('/about', { auth: AUTH.guest });
    await screen.findByRole('heading', { level: 1, name: 'About' });
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    // The menu renders on the next commit: on a busy machine that can trail the click.
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull());
  });

  it('logs a member out: server logout, then the home page as a guest', async () => {
    // The server takes a moment to answer the logout, as it does over a network.
    const slowly = (r: Response) => new Promise<Response>((resolve) => setTimeout(() => resolve(r), 30));
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/iam/authn/logout' ? slowly(success(null)) : success({ loggedIn: false }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderRoute('/messages', { auth: AUTH.member });
    await screen.findByRole('heading', { level: 1, name: 'Messages' });
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The guard of /messages waited for the logout instead of bouncing to the login page.
    expect(visited).not.toContain('/auth/login');
    expect(authStore.get()).toMatchObject({ loggedIn: false, user: null });
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/iam/authn/logout');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
  });
});
