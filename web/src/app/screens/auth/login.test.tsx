import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { errorOf, press, type } from '@/testing/forms';
import { AUTH, makeUser, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const heading = () => screen.findByRole('heading', { level: 1, name: 'Sign in' });

async function signInAs(path: string, profile = makeUser()) {
  const api = serve({ 'POST /api/iam/authn/login': () => success(profile) });
  const view = renderRoute(path, { auth: AUTH.guest });
  await heading();
  type('E-mail', ' Fern@Example.com ');
  type('Password', 'correct horse');
  press('Sign in');
  return { ...view, api };
}

describe('/auth/login', () => {
  it('checks the fields before calling the server', async () => {
    const api = serve({});
    renderRoute('/auth/login', { auth: AUTH.guest });
    await heading();
    press('Sign in');
    expect(errorOf('E-mail')).toBe('E-mail is required');
    expect(errorOf('Password')).toBe('Password is required');
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    type('E-mail', 'fern@');
    press('Sign in');
    expect(errorOf('E-mail')).toBe('E-mail must be an e-mail address such as name@example.com');
    expect(api.to('POST /api/iam/authn/login')).toHaveLength(0);
  });

  it('signs in, stores the profile and goes to the redirect target', async () => {
    const { api, router } = await signInAs(`/auth/login?redirect=${encodeURIComponent('/messages?x=1')}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    expect(router.state.location.search).toBe('?x=1');
    expect(api.to('POST /api/iam/authn/login')[0]?.body).toEqual({ email: 'fern@example.com', password: 'correct horse' });
    expect(api.calls[0]?.headers['client-platform']).toBe('browser');
    expect(authStore.get()).toMatchObject({ loggedIn: true, user: { uuid: makeUser().uuid } });
  });

  it.each(['//evil.example/x', 'https://evil.example', '/\\evil.example'])('refuses the open redirect %s and goes home', async (target) => {
    const { router } = await signInAs(`/auth/login?redirect=${encodeURIComponent(target)}`);
    await waitFor(() => expect(authStore.get().loggedIn).toBe(true));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends an unverified user to /auth/verify', async () => {
    const { router } = await signInAs('/auth/login', makeUser({ email_verified: false, registration_complete: false, username: null }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/verify'));
  });

  it('sends a user with an incomplete registration to /auth/register', async () => {
    const { router } = await signInAs('/auth/login', makeUser({ registration_complete: false, username: null }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/register'));
  });

  it('sends a suspended user to /auth/suspended', async () => {
    const { router } = await signInAs('/auth/login?redirect=/messages', makeUser({ suspended: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/suspended'));
  });

  it('shows wrong credentials in the alert at the top, and stays', async () => {
    const api = serve({ 'POST /api/iam/authn/login': () => failure(401, 'invalid_credentials', 'Wrong e-mail or password') });
    const { router } = renderRoute('/auth/login', { auth: AUTH.guest });
    await heading();
    type('E-mail', 'fern@example.com');
    type('Password', 'wrong');
    press('Sign in');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Wrong e-mail or password');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(authStore.get().loggedIn).toBe(false);
    // A 401 on login is an answer: no session refresh is attempted.
    expect(api.to('POST /api/iam/authn/refresh')).toHaveLength(0);
  });

  it('disables the button with a spinner while the call runs', async () => {
    let answer: (r: Response) => void = () => undefined;
    serve({ 'POST /api/iam/authn/login': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderRoute('/auth/login', { auth: AUTH.guest });
    await heading();
    type('E-mail', 'fern@example.com');
    type('Password', 'pw');
    press('Sign in');
    const pending = await screen.findByRole('button', { name: 'Signing in…' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    answer(failure(401, 'invalid_credentials', 'Wrong e-mail or password'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('tells how long to wait after too many attempts', async () => {
    serve({ 'POST /api/iam/authn/login': () => failure(429, 'too_many_requests', 'Too many attempts', undefined, { 'retry-after': '120' }) });
    renderRoute('/auth/login', { auth: AUTH.guest });
    await heading();
    type('E-mail', 'fern@example.com');
    type('Password', 'pw');
    press('Sign in');
    expect((await screen.findByRole('alert')).textContent).toContain('Too many attempts. You can try again in 2 minutes.');
  });
});
