import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { ApiError } from '@/lib/api';
import { AUTH, renderRoute } from '@/testing/render-route';
import { buildRoutes } from './router';
import { appRoutes, type AppRoute } from './routes';
import type { GuardName } from './guards';

/**
 * Every route with its guard, written out by hand: adding, removing or re-guarding a route in
 * routes.ts means changing this list too, so that no guard changes by accident.
 */
const EXPECTED_ROUTES: Array<[string, GuardName]> = [
  ['/join', 'none'],
  ['/about', 'guest-or-authd'],
  ['/', 'guest-or-authd'],
  ['/welcome', 'authd-only'],
  ...(['/auth/login', '/auth/reset', '/auth/signup', '/auth/verify'].map((p) => [p, 'none']) as Array<[string, GuardName]>),
  ['/auth/sms', 'logged-in-only'],
  ['/auth/suspended', 'none'],
  ['/auth/unsubscribe', 'none'],
  ...(['/auth/verifyemail', '/auth/verifyfailed', '/auth/verifysuccessful'].map((p) => [p, 'none']) as Array<[string, GuardName]>),
  ['/auth/account-deleted', 'none'],
  ['/auth/register', 'logged-in-only'],
  ['/auth/setup-page', 'guest-or-authd'],
  ['/tag/{name}', 'guest-or-authd'],
  ...([
    '/admin', '/admin/tags', '/admin/email', '/admin/database', '/admin/settings', '/admin/settings/video',
    '/admin/users/incomplete', '/admin/users/registered',
    '/admin/invites',
  ].map((p) => [p, 'admin-auth']) as Array<[string, GuardName]>),
  ['/settings/location', 'admin-auth'],
  ['/settings', 'completed-regn'],
  ['/pages', 'guest-or-authd'],
  ['/pages/nearby', 'none'],
  ['/pages/new', 'authd-only'],
  ['/users', 'none'],
  ['/users/nearby', 'authd-only'],
  ['/events', 'guest-or-authd'],
  ['/event/{randomId}', 'guest-or-authd'],
  ['/event/{randomId}/edit', 'authd-only'],
  ['/user/invites', 'authd-only'],
  ['/user/interests', 'completed-regn'],
  ['/user/my-interests', 'completed-regn'],
  ['/nearby/plants', 'authd-only'],
  ['/_recent-plants', 'none'],
  ['/plant/{plantId}', 'guest-or-authd'],
  ['/search', 'logged-in-only'],
  ['/profile/wanted', 'completed-regn'],
  ...(['/profile', '/profile/notifications', '/profile/plants', '/profile/swaps', '/profile/plants/create', '/profile/plants/edit/{plantId}'].map((p) => [p, 'authd-only']) as Array<[string, GuardName]>),
  ['/post/{randomId}', 'none'],
  ['/{handle}', 'guest-or-authd'],
  ['/{handle}/edit', 'authd-only'],
  ['/{handle}/events', 'guest-or-authd'],
  ['/{handle}/events/new', 'authd-only'],
  ['/{handle}/swaps', 'guest-or-authd'],
  ...(['/messages', '/messages/{username}', '/messages/{userHandle}/to/{pageHandle}'].map((p) => [p, 'authd-only']) as Array<[string, GuardName]>),
  ['/docs/terms-of-use', 'none'],
  ['/docs/privacy-policy', 'none'],
  ['/support/contact', 'guest-or-authd'],
];

const heading = () => screen.findByRole('heading', { level: 1 });

/** The not-found page: the heading says "Page not found" alone; the path follows in a paragraph of its own, as code. */
async function expectNotFound(path: string) {
  const h1 = await heading();
  expect(h1.textContent).toBe('Page not found');
  const code = h1.parentElement?.querySelector('code');
  expect(code?.textContent).toBe(path);
  expect(code?.closest('p')).toBeTruthy();
  expect(h1.contains(code ?? null)).toBe(false);
}

describe('route config', () => {
  it('holds every route with its expected guard, and nothing else', () => {
    const config = Object.fromEntries(appRoutes.map((r) => [r.path.replace(/:(\w+)/g, '{$1}'), r.guard]));
    expect(config).toEqual(Object.fromEntries(EXPECTED_ROUTES));
  });

  it('uses the 3-col layout unless noted', () => {
    expect(appRoutes.every((r) => (r.layout ?? '3-col') === '3-col')).toBe(true);
  });

  it("refuses a route whose guard is unknown with 'Unknown route middleware'", () => {
    const bad: AppRoute[] = [{ path: '/x', guard: 'members-only' as GuardName, screen: () => import('./screens/about') }];
    expect(() => buildRoutes(bad)).toThrow(new Error('Unknown route middleware'));
  });
});

describe('guards in the router', () => {
  it('sends a guest from an authd-only screen to /auth/login with the way back', async () => {
    const { router } = renderRoute('/user/invites?tab=open', { auth: AUTH.guest });
    expect(await heading()).toHaveProperty('textContent', 'Sign in');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/user/invites?tab=open');
  });

  it('sends a signed-in user whose e-mail is not verified to /auth/verify', async () => {
    const { router } = renderRoute('/messages', { auth: AUTH.unverified });
    expect((await heading()).textContent).toBe('Verify your e-mail');
    expect(router.state.location.pathname).toBe('/auth/verify');
  });

  it('sends a member who has not completed registration from /settings to /auth/register', async () => {
    const { router } = renderRoute('/settings', { auth: AUTH.unregistered });
    expect((await heading()).textContent).toBe('Complete your registration');
    expect(router.state.location.pathname).toBe('/auth/register');
  });

  it('lets a registered member into /settings', async () => {
    renderRoute('/settings', { auth: AUTH.member });
    expect((await heading()).textContent).toBe('Settings');
  });

  it('shows the not-found page to a non-admin on an admin screen', async () => {
    const { router } = renderRoute('/admin/users/registered', { auth: AUTH.member });
    await expectNotFound('/admin/users/registered');
    expect(router.state.location.pathname).toBe('/admin/users/registered');
    expect(document.title).toBe('Page Not Found');
  });

  it('lets an admin into the admin screens and /settings/location', async () => {
    renderRoute('/admin', { auth: AUTH.admin });
    expect((await heading()).textContent).toBe('Admin');
  });

  it('shows a loading state while the session is unknown, then decides', async () => {
    const { router } = renderRoute('/profile', { auth: AUTH.pending });
    expect(await screen.findByText('Checking your session…')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(router.state.location.pathname).toBe('/profile');
    act(() => authStore.set(AUTH.member));
    expect((await heading()).textContent).toBe('Your profile');
  });

  it('renders guest-or-authd and none screens to guests', async () => {
    renderRoute('/events', { auth: AUTH.guest });
    expect((await heading()).textContent).toBe('Events');
  });

  it('shows "complete your registration" instead of a creating form to an unregistered member', async () => {
    renderRoute('/pages/new', { auth: AUTH.unregistered });
    expect((await heading()).textContent).toBe('Create a page');
    expect(screen.getByRole('link', { name: 'Complete your registration' }).getAttribute('href')).toBe('/auth/register');
  });
});

describe('not found and handles', () => {
  it("shows 'Page not found' followed by the path in its own paragraph, titled 'Page Not Found'", async () => {
    renderRoute('/no/such/path');
    await expectNotFound('/no/such/path');
    await waitFor(() => expect(document.title).toBe('Page Not Found'));
  });

  it('redirects /{username}-old to /{username}, keeping query and hash', async () => {
    const { router } = renderRoute('/fern_fan-old?tab=plants#top');
    expect((await heading()).textContent).toBe('@fern_fan');
    expect(router.state.location).toMatchObject({ pathname: '/fern_fan', search: '?tab=plants', hash: '#top' });
  });

  it('serves /{handle} and its sub-screens', async () => {
    renderRoute('/green_thumbs/events');
    expect((await heading()).textContent).toBe('Events of @green_thumbs');
  });

  it('keeps static routes ahead of /{handle}', async () => {
    renderRoute('/events');
    expect((await heading()).textContent).toBe('Events');
  });

  it('answers not found for reserved or malformed handles', async () => {
    renderRoute('/auth');
    await expectNotFound('/auth');
  });

  it('answers not found for a malformed -old handle', async () => {
    renderRoute('/x-old');
    await expectNotFound('/x-old');
  });
});

describe('error page', () => {
  const throwing = (error: unknown): AppRoute[] => [
    {
      path: '/boom',
      guard: 'none',
      screen: async () => ({
        default: () => {
          throw error;
        },
      }),
    },
  ];

  it("titles an unexpected error 'Internal Server Error' and shows status, message and description", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoute('/boom', { config: throwing(new Error('secret internals')) });
    expect((await heading()).textContent).toBe('Internal Server Error');
    expect(screen.getByText('Error 500')).toBeTruthy();
    expect(screen.getByText(/Something went wrong on our side/)).toBeTruthy();
    expect(screen.queryByText(/secret internals/)).toBeNull();
    await waitFor(() => expect(document.title).toBe('Internal Server Error'));
  });

  it("titles a 404 'Page Not Found'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoute('/boom', { config: throwing(new ApiError(404, 'not_found', 'That post was deleted')) });
    expect((await heading()).textContent).toBe('Page Not Found');
    expect(screen.getByText('Error 404')).toBeTruthy();
    expect(screen.getByText('That post was deleted')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Page Not Found'));
  });

  it('is not rendered for bots: they get a minimal text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (compatible; Googlebot/2.1)');
    renderRoute('/boom', { config: throwing(new Error('x')) });
    expect(await screen.findByText('500 Internal Server Error')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});
