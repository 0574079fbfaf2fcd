import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { AUTH, renderRoute } from '@/testing/render-route';
import type { AppRoute } from './routes';

describe('a guard on a screen being left', () => {
  it('does not redirect to /auth/login while a navigation away is under way (logout racing its own navigation)', async () => {
    let showHome: (m: { default: () => React.JSX.Element }) => void = () => undefined;
    const config: AppRoute[] = [
      { path: '/', guard: 'none', screen: () => new Promise((resolve) => (showHome = resolve)) },
      { path: '/private', guard: 'completed-regn', screen: async () => ({ default: () => <h1>Private</h1> }) },
    ];
    const { router } = renderRoute('/private', { auth: AUTH.member, config });
    await screen.findByRole('heading', { level: 1, name: 'Private' });

    const visited: string[] = [];
    router.subscribe((s) => visited.push(s.location.pathname));
    const going = router.navigate('/', { flushSync: true });
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    // The session ends while the home screen is still loading.
    act(() => authStore.set({ loggedIn: false, user: null, signingOut: false }));
    expect(screen.getByText('Just a moment…')).toBeTruthy();

    await act(async () => {
      showHome({ default: () => <h1>Home</h1> });
      await going;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(visited).not.toContain('/auth/login');
  });

  it('still redirects a guest who lands on it', async () => {
    const { router } = renderRoute('/settings', { auth: AUTH.guest });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });
});
